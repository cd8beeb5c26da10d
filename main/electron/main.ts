// The Electron shell: app lifecycle, the single-instance lock, the one window, menus, and
// the contract bound to the core (DESIGN.md: main/ is the only place that imports
// 'electron'; everything else is main/core, which runs the same in browser mode).
// Bundled by `npm run build` into dist/main/main.js (package.json "main").
import { join, resolve } from 'node:path';
import { app, dialog, safeStorage, type BrowserWindow } from 'electron';
import { AppFailure } from '../../shared/appError.ts';
import { createCore, type Core } from '../core/app/createCore.ts';
import { bindWindow } from '../ipc/electronIpc.ts';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './appProtocol.ts';
import { BUILT_SANDBOX } from '../core/app/builtSandbox.ts';
import { installMenu } from './menu.ts';
import { safeStorageSecretStore } from './safeStorageSecretStore.ts';
import { confirmTunnelWithDialog } from './tunnelDialog.ts';
import { createMainWindow, installPermissionHandlers } from './window.ts';

const log = (line: string) => void process.stderr.write(`[clipdesk] ${line}\n`);

// Everything the app writes (settings, journal, caches, the local service's data) is the
// user's alone: files 0600, folders 0700, whatever the login's umask.
process.umask(0o077);

// Both shells take --user-data <dir>, so tests and separate profiles never share state; set
// before the single-instance lock, which is held per data folder.
const userDataFlag = process.argv.indexOf('--user-data');
const userDataArg = userDataFlag === -1 ? undefined : process.argv[userDataFlag + 1];
if (userDataArg) app.setPath('userData', resolve(userDataArg));

if (!app.requestSingleInstanceLock()) {
  // Another Clipdesk runs on this data folder: it is brought to the front instead.
  app.quit();
} else {
  registerAppScheme();
  let core: Core | null = null;
  let window: BrowserWindow | null = null;

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  app.on('web-contents-created', (_event, contents) => {
    // No page may open another page or a webview, whatever frame it comes from.
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  void app.whenReady().then(() => {
    const root = app.getAppPath();
    installPermissionHandlers();
    // The core opens just below, before the window (and so before the page asks for the theme or media).
    serveRenderer(join(root, 'dist/renderer'), {
      media: () => core?.mediaCache ?? null,
      themeBootScript: () => core?.themeBootScript() ?? '',
    });
    installMenu({ isDev: !app.isPackaged });
    try {
      core = createCore({
        userDataDir: app.getPath('userData'),
        env: process.env,
        mode: 'electron',
        version: app.getVersion(),
        sandboxScript: join(root, BUILT_SANDBOX),
        // Electron runs the sandbox as plain Node: localSandbox.ts sets ELECTRON_RUN_AS_NODE for it.
        execPath: process.execPath,
        // Where no OS keychain can be used, a remote account's keys go to safeStorage (if it really encrypts).
        encryptedSecretStore: safeStorageSecretStore(safeStorage, app.getPath('userData')),
        // A tunnel command is saved only once the user allows it in a native dialog.
        confirmTunnelCommand: confirmTunnelWithDialog(
          (parent, options) => (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options)),
          () => window,
        ),
        // Downloads go where the user says (media.download).
        chooseSavePath: async (suggestedName) => {
          const options = { defaultPath: join(app.getPath('downloads'), suggestedName) };
          const chosen = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
          return chosen.canceled || !chosen.filePath ? null : chosen.filePath;
        },
        log,
      });
    } catch (err) {
      // Another Clipdesk (browser mode, or another build) holds this profile: say so, leave it alone.
      if (!(err instanceof AppFailure) || err.code !== 'profile.in_use') throw err;
      dialog.showErrorBox('Clipdesk is already running', err.message);
      app.quit();
      return;
    }
    const opened = core;
    const saved = opened.windowState.read();
    window = createMainWindow({ preloadPath: join(root, 'dist/preload/preload.cjs'), bounds: saved });
    if (saved.maximized) window.maximize();
    const shown = window;
    shown.on('close', () => {
      const { x, y, width, height } = shown.getNormalBounds();
      opened.windowState.save({ x, y, width, height, maximized: shown.isMaximized() });
    });
    const binding = bindWindow(window, opened, APP_ORIGIN, log);
    window.on('closed', () => {
      binding.unbind();
      window = null;
    });
  });

  app.on('window-all-closed', () => app.quit());

  let closed = false;
  app.on('before-quit', (event) => {
    if (closed || !core) return;
    // The local sandbox and the journal are closed before the process ends.
    event.preventDefault();
    const closing = core;
    core = null;
    void closing.close().finally(() => {
      closed = true;
      app.quit();
    });
  });
}
