// Boots the renderer: in browser mode (no preload) the WebSocket implementation of the
// contract is installed as window.clipdesk first, then React mounts at once, without waiting
// for the socket to open: the first screen draws from what the page carried
// (client/firstScreen.ts), and its requests go out when the socket opens.
import { createRoot, type Root } from 'react-dom/client';
import { App } from './App.tsx';
import { connectSocketClipdesk, takeLaunchToken } from './client/socketClipdesk.ts';
import { useConnection } from './stores/connectionStore.ts';
// The bundled UI font (Inter), the tokens, element defaults, then the shell: in this order.
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import './theme/tokens.css';
import './theme/base.css';
import './shell.css';

function fatal(message: string, mounted?: Root): void {
  mounted?.unmount();
  const root = document.getElementById('root')!;
  root.textContent = '';
  const heading = document.createElement('h1');
  heading.textContent = 'Clipdesk cannot start';
  const text = document.createElement('p');
  text.setAttribute('role', 'alert');
  text.textContent = message;
  root.append(heading, text);
}

function boot(): void {
  let opened: Promise<void> | null = null;
  if (!window.clipdesk) {
    const token = takeLaunchToken();
    if (!token)
      return fatal('This page needs the address printed by `npm run start:browser` (it carries the launch token).');
    const socket = connectSocketClipdesk(token, (open) => useConnection.getState().setBridgeOpen(open));
    window.clipdesk = socket.api;
    opened = socket.opened;
  }
  const root = createRoot(document.getElementById('root')!);
  root.render(<App />);
  opened?.catch((err: unknown) => fatal((err as { message?: string }).message ?? String(err), root));
}

boot();
