// The one app window, locked down (STYLE.md "Isolation that is real"): context isolation,
// the renderer sandbox, no Node, web security on; it never navigates away or opens another
// window (http(s) links go to the system browser), and every permission but a clipboard
// write from the app's own page is refused (permissions.ts).
import { BrowserWindow, session, shell } from 'electron';
import { APP_INDEX_URL, APP_ORIGIN } from './appProtocol.ts';
import { permissionAllowed } from './permissions.ts';

export interface WindowBounds {
  x: number | null;
  y: number | null;
  width: number;
  height: number;
}

function openExternally(url: string): void {
  const parsed = URL.parse(url);
  if (parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:'))
    void shell.openExternal(parsed.toString());
}

/**
 * Once per app: the page may write to the clipboard (its Copy buttons) from the app's own
 * origin in its main frame; no other permission (camera, notifications, …) is ever granted.
 */
export function installPermissionHandlers(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(
      permissionAllowed(
        {
          permission,
          url: 'requestingUrl' in details ? details.requestingUrl : null,
          isMainFrame: details.isMainFrame,
        },
        APP_ORIGIN,
      ),
    ),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    permissionAllowed(
      { permission, url: details.requestingUrl ?? requestingOrigin, isMainFrame: details.isMainFrame },
      APP_ORIGIN,
    ),
  );
}

export function createMainWindow(options: { preloadPath: string; bounds: WindowBounds }): BrowserWindow {
  const { bounds } = options;
  const window = new BrowserWindow({
    ...(bounds.x !== null && bounds.y !== null ? { x: bounds.x, y: bounds.y } : {}),
    width: bounds.width,
    height: bounds.height,
    minWidth: 800,
    minHeight: 500,
    show: false,
    title: 'Clipdesk',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // A middle-click on a link would otherwise ask for a new window (denied below anyway).
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  });
  const contents = window.webContents;
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (url.startsWith(`${APP_ORIGIN}/`)) return;
    event.preventDefault();
    openExternally(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_INDEX_URL);
  return window;
}
