// Electron's security checklist (docs/tutorial/security.md), item by item, against the real
// shell: main/electron/main.ts is started with stand-ins for Electron's modules (no Electron
// binary here), so these tests read the options the shell really gives the window, the
// handlers it really installs on the session, the protocol and every web contents, and the
// bridge the preload really exposes. docs/security.md maps each item to a test here.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQUEST_NAMES, eventChannel, requestChannel, type ClipdeskApi } from '../../shared/ipc.ts';
import { contentSecurityPolicy } from '../../main/browserMode/staticFiles.ts';
import { ELECTRON_CSP } from '../../main/electron/appProtocol.ts';
import { remoteWorkspaceSchema } from '../../main/core/settings/settingsSchema.ts';

type Listener = (...args: any[]) => any;

// What `electron` is in these tests. Each stand-in records what the shell did with it.
const electron = vi.hoisted(() => {
  const order: string[] = [];
  class Emitter {
    readonly listeners = new Map<string, Listener[]>();
    on(name: string, fn: Listener) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
      return this;
    }
    once(name: string, fn: Listener) {
      return this.on(name, fn);
    }
    emit(name: string, ...args: unknown[]) {
      for (const fn of this.listeners.get(name) ?? []) fn(...args);
    }
    only(name: string): Listener {
      const found = this.listeners.get(name);
      if (!found || found.length !== 1) throw new Error(`expected one "${name}" listener, found ${found?.length ?? 0}`);
      return found[0]!;
    }
  }
  class WebContents extends Emitter {
    windowOpenHandler: Listener | null = null;
    readonly mainFrame = { url: '' };
    readonly sent: [string, unknown][] = [];
    setWindowOpenHandler(handler: Listener) {
      this.windowOpenHandler = handler;
    }
    isDestroyed() {
      return false;
    }
    send(channel: string, payload: unknown) {
      this.sent.push([channel, payload]);
    }
  }
  const windows: BrowserWindow[] = [];
  class BrowserWindow extends Emitter {
    readonly webContents = new WebContents();
    readonly options: any;
    readonly loaded: string[] = [];
    constructor(options: any) {
      super();
      this.options = options;
      order.push('new BrowserWindow');
      windows.push(this);
    }
    loadURL(url: string) {
      this.loaded.push(url);
      this.webContents.mainFrame.url = url;
      return Promise.resolve();
    }
    loadFile(path: string) {
      this.loaded.push(`loadFile:${path}`);
      return Promise.resolve();
    }
    maximize() {}
    isMaximized() {
      return false;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
    show() {}
    getNormalBounds() {
      return { x: 10, y: 10, width: 1200, height: 800 };
    }
  }
  let markReady: () => void = () => {};
  const readyPromise = new Promise<void>((r) => (markReady = r));
  const quits: number[] = [];
  const paths = { appRoot: '', userData: '' };
  const app = Object.assign(new Emitter(), {
    isPackaged: true,
    requestSingleInstanceLock: () => true,
    whenReady: () => readyPromise,
    getAppPath: () => paths.appRoot,
    getPath: (name: string) => {
      if (name === 'userData' || name === 'downloads') return paths.userData;
      throw new Error(`the shell asked for path ${name}`);
    },
    getVersion: () => '0.1.0',
    quit: () => void quits.push(Date.now()),
  });
  const privileged: unknown[] = [];
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const protocol = {
    registerSchemesAsPrivileged(schemes: unknown[]) {
      order.push('registerSchemesAsPrivileged');
      privileged.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Promise<Response>) {
      order.push(`protocol.handle:${scheme}`);
      protocolHandlers.set(scheme, handler);
    },
  };
  const sessionHandlers: { request: Listener | null; check: Listener | null } = { request: null, check: null };
  const session = {
    defaultSession: {
      setPermissionRequestHandler(handler: Listener) {
        order.push('setPermissionRequestHandler');
        sessionHandlers.request = handler;
      },
      setPermissionCheckHandler(handler: Listener) {
        sessionHandlers.check = handler;
      },
    },
  };
  const opened: string[] = [];
  const shell = { openExternal: async (url: string) => void opened.push(url) };
  const ipcHandlers = new Map<string, Listener>();
  const ipcMain = {
    handle(channel: string, listener: Listener) {
      ipcHandlers.set(channel, listener);
    },
    removeHandler(channel: string) {
      ipcHandlers.delete(channel);
    },
  };
  const menus: unknown[] = [];
  const Menu = {
    buildFromTemplate: (template: unknown) => template,
    setApplicationMenu: (m: unknown) => menus.push(m),
  };
  const crashReports: unknown[] = [];
  const crashReporter = { start: (options: unknown) => void crashReports.push(options) };
  const dialog = { showSaveDialog: async () => ({ canceled: true, filePath: '' }) };
  // No real encryption here (Linux's basic_text backend): the shell must not use it for keys.
  const safeStorage = {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'basic_text',
    encryptString: (text: string) => Buffer.from(text),
    decryptString: (data: Buffer) => data.toString(),
  };
  const exposed = new Map<string, unknown>();
  const rendererInvokes: unknown[][] = [];
  const rendererListeners = new Map<string, Listener[]>();
  const ipcRenderer = {
    invoke: async (...args: unknown[]) => {
      rendererInvokes.push(args);
      return { ok: true, value: null };
    },
    on: (channel: string, listener: Listener) =>
      void rendererListeners.set(channel, [...(rendererListeners.get(channel) ?? []), listener]),
    removeListener: () => {},
  };
  const contextBridge = { exposeInMainWorld: (key: string, api: unknown) => void exposed.set(key, api) };
  return {
    order,
    WebContents,
    windows,
    BrowserWindow,
    markReady,
    quits,
    paths,
    app,
    privileged,
    protocolHandlers,
    protocol,
    sessionHandlers,
    session,
    opened,
    shell,
    ipcHandlers,
    ipcMain,
    menus,
    Menu,
    crashReports,
    crashReporter,
    dialog,
    safeStorage,
    exposed,
    rendererInvokes,
    rendererListeners,
    ipcRenderer,
    contextBridge,
  };
});
vi.mock('electron', () => ({
  app: electron.app,
  BrowserWindow: electron.BrowserWindow,
  protocol: electron.protocol,
  session: electron.session,
  shell: electron.shell,
  ipcMain: electron.ipcMain,
  Menu: electron.Menu,
  crashReporter: electron.crashReporter,
  dialog: electron.dialog,
  safeStorage: electron.safeStorage,
  ipcRenderer: electron.ipcRenderer,
  contextBridge: electron.contextBridge,
}));

const ROOT = resolve(import.meta.dirname, '../..');
const appRoot = mkdtempSync(join(tmpdir(), 'clipdesk-shell-app-'));
const userData = mkdtempSync(join(tmpdir(), 'clipdesk-shell-data-'));
const APP_INDEX = 'clipdesk://app/index.html';
let window: InstanceType<typeof electron.BrowserWindow>;
let orderBeforeReady: string[] = [];

/** Directive → sources of a Content-Security-Policy. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function navigationEvent() {
  const event = { prevented: false, preventDefault: () => void (event.prevented = true) };
  return event;
}

async function until<T>(what: string, check: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  mkdirSync(join(appRoot, 'dist/renderer/assets'), { recursive: true });
  writeFileSync(join(appRoot, 'dist/renderer/index.html'), '<!doctype html><title>Clipdesk</title>');
  writeFileSync(join(appRoot, 'dist/renderer/assets/app.js'), 'console.log(1)');
  writeFileSync(join(appRoot, 'secret.txt'), 'outside the renderer');
  electron.paths.appRoot = appRoot;
  electron.paths.userData = userData;
  await import('../../main/electron/main.ts');
  orderBeforeReady = [...electron.order];
  electron.markReady();
  window = await until('the window', () => electron.windows[0]);
  await import('../../preload/preload.ts');
});

afterAll(async () => {
  // The shell closes its core (journal, settings) before it quits.
  const quitsBefore = electron.quits.length;
  electron.app.emit('before-quit', { preventDefault: () => {} });
  await until('the shell to quit', () => (electron.quits.length > quitsBefore ? true : undefined));
  rmSync(appRoot, { recursive: true, force: true });
  rmSync(userData, { recursive: true, force: true });
});

describe("Electron's security checklist, against the shell", () => {
  it('1 secure content: the window loads only the app page from the app scheme, and its CSP names no remote source', () => {
    expect(electron.windows).toHaveLength(1);
    expect(window.loaded).toEqual([APP_INDEX]);
    const policy = directives(ELECTRON_CSP);
    const allowed = new Set(["'self'", "'none'", 'blob:', 'data:']);
    for (const [name, sources] of policy)
      for (const source of sources) expect(allowed, `${name} ${source}`).toContain(source);
    // The page's own sources: no script or style from anywhere but the app itself.
    const html = readFileSync(join(ROOT, 'renderer/index.html'), 'utf8');
    expect(html).not.toMatch(/(src|href)=["']?(https?:)?\/\//i);
  });

  it('1 secure content: main talks to a remote account over https only (plain http only to this computer)', () => {
    const workspace = (url: string) =>
      remoteWorkspaceSchema.safeParse({
        id: 'acct-1',
        name: 'A',
        kind: 'remote',
        createBaseUrl: url,
        messagingBaseUrl: url,
      });
    for (const url of [
      'http://api.example.com/api/v1',
      'http://192.0.2.2:4010/api/v1',
      'ws://api.example.com',
      'ftp://x',
    ])
      expect(workspace(url).success, url).toBe(false);
    for (const url of ['https://api.example.com/api/v1', 'http://127.0.0.1:4010/api/v1', 'http://localhost:4010'])
      expect(workspace(url).success, url).toBe(true);
  });

  it('2 no Node.js integration: not in the window, not in its workers, not in its frames', () => {
    const prefs = window.options.webPreferences;
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).not.toBe(true);
  });

  it('3 context isolation: on, and the preload reaches the page only through contextBridge', () => {
    expect(window.options.webPreferences.contextIsolation).toBe(true);
    expect(window.options.webPreferences.preload).toBe(join(appRoot, 'dist/preload/preload.cjs'));
    expect([...electron.exposed.keys()]).toEqual(['clipdesk']);
  });

  it('4 process sandboxing: the renderer is sandboxed', () => {
    expect(window.options.webPreferences.sandbox).toBe(true);
  });

  it('5 permission requests: every permission is refused, asked or checked, before any window exists', () => {
    const { request, check } = electron.sessionHandlers;
    expect(request).not.toBeNull();
    expect(check).not.toBeNull();
    const app = { requestingUrl: 'clipdesk://app/index.html', isMainFrame: true };
    for (const permission of [
      'media',
      'notifications',
      'geolocation',
      'openExternal',
      'clipboard-read',
      'fullscreen',
      'unknown',
    ]) {
      const answers: boolean[] = [];
      request!(window.webContents, permission, (granted: boolean) => answers.push(granted), app);
      expect(answers, permission).toEqual([false]);
      expect(check!(window.webContents, permission, 'clipdesk://app', app), permission).toBe(false);
    }
    expect(electron.order.indexOf('setPermissionRequestHandler')).toBeLessThan(
      electron.order.indexOf('new BrowserWindow'),
    );
  });

  it('5 permission requests: a clipboard write is allowed to the app’s own page only (its Copy buttons)', () => {
    const { request, check } = electron.sessionHandlers;
    const ask = (details: { requestingUrl: string; isMainFrame: boolean }) => {
      const answers: boolean[] = [];
      request!(window.webContents, 'clipboard-sanitized-write', (granted: boolean) => answers.push(granted), details);
      return answers;
    };
    expect(ask({ requestingUrl: 'clipdesk://app/index.html', isMainFrame: true })).toEqual([true]);
    expect(check!(window.webContents, 'clipboard-sanitized-write', 'clipdesk://app', { isMainFrame: true })).toBe(true);
    // Not from a frame inside the page, not from any other origin, not by a look-alike host.
    expect(ask({ requestingUrl: 'clipdesk://app/index.html', isMainFrame: false })).toEqual([false]);
    for (const requestingUrl of [
      'https://example.com/',
      'clipdesk://app.evil/index.html',
      'clipdesk://evil/index.html',
      'file:///tmp/x.html',
      'http://127.0.0.1:5173/',
      '',
    ]) {
      expect(ask({ requestingUrl, isMainFrame: true }), requestingUrl).toEqual([false]);
      expect(
        check!(window.webContents, 'clipboard-sanitized-write', requestingUrl, { isMainFrame: true }),
        requestingUrl,
      ).toBe(false);
    }
    expect(check!(window.webContents, 'clipboard-sanitized-write', 'clipdesk://app', { isMainFrame: false })).toBe(
      false,
    );
  });

  it('6 webSecurity: left on', () => {
    expect(window.options.webPreferences.webSecurity).toBe(true);
  });

  it("7 Content-Security-Policy: every file of the app scheme carries the strict policy; script-src is 'self' only", async () => {
    const serve = electron.protocolHandlers.get('clipdesk')!;
    for (const path of ['index.html', 'assets/app.js']) {
      const response = await serve(new Request(`clipdesk://app/${path}`));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toBe(ELECTRON_CSP);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    for (const policy of [ELECTRON_CSP, contentSecurityPolicy('http://127.0.0.1:4321'), metaCsp()]) {
      const parsed = directives(policy);
      expect(parsed.get('default-src'), policy).toEqual(["'self'"]);
      expect(parsed.get('script-src'), policy).toEqual(["'self'"]);
      expect(parsed.get('object-src'), policy).toEqual(["'none'"]);
      expect(parsed.get('base-uri'), policy).toEqual(["'none'"]);
      expect(policy).not.toMatch(/unsafe-(inline|eval)|\*\.|https?:\/\/(?!127\.0\.0\.1)/);
    }
  });

  it('8 allowRunningInsecureContent: off', () => {
    expect(window.options.webPreferences.allowRunningInsecureContent).toBe(false);
  });

  it('9 experimental features: off', () => {
    expect(window.options.webPreferences.experimentalFeatures).not.toBe(true);
  });

  it('10 enableBlinkFeatures: not used (and the middle-click new-window feature is turned off)', () => {
    expect(window.options.webPreferences.enableBlinkFeatures).toBeUndefined();
    expect(window.options.webPreferences.disableBlinkFeatures).toContain('Auxclick');
  });

  it('11–12 <webview>: the tag is off, and attaching one is prevented in the window and in every web contents', () => {
    expect(window.options.webPreferences.webviewTag).toBe(false);
    const inWindow = navigationEvent();
    window.webContents.only('will-attach-webview')(
      inWindow,
      { nodeIntegration: true },
      { src: 'https://evil.example' },
    );
    expect(inWindow.prevented).toBe(true);

    const other = new electron.WebContents();
    electron.app.emit('web-contents-created', {}, other);
    const anywhere = navigationEvent();
    other.only('will-attach-webview')(anywhere, {}, { src: APP_INDEX, allowpopups: 'true' });
    expect(anywhere.prevented).toBe(true);
  });

  it('13 navigation: only within the app origin; anything else is stopped (http(s) goes to the browser); redirects are stopped', () => {
    const navigate = window.webContents.only('will-navigate');
    const stay = navigationEvent();
    navigate(stay, 'clipdesk://app/index.html#/projects');
    expect(stay.prevented).toBe(false);
    electron.opened.length = 0;
    const cases: [string, string | null][] = [
      ['https://example.com/help', 'https://example.com/help'],
      ['http://127.0.0.1:8080/x', 'http://127.0.0.1:8080/x'],
      ['clipdesk://app.evil.example/index.html', null],
      ['clipdesk://app@evil.example/index.html', null],
      ['file:///etc/passwd', null],
      ['javascript:alert(1)', null],
      ['data:text/html,<script>alert(1)</script>', null],
    ];
    for (const [url, external] of cases) {
      const event = navigationEvent();
      navigate(event, url);
      expect(event.prevented, url).toBe(true);
      expect(electron.opened.at(-1) ?? null, url).toBe(external);
      electron.opened.length = 0;
    }
    const redirect = navigationEvent();
    window.webContents.only('will-redirect')(redirect, 'https://evil.example/');
    expect(redirect.prevented).toBe(true);
  });

  it('14 new windows: none is ever created, by the window or by any other web contents', () => {
    for (const url of [APP_INDEX, 'https://example.com/', 'file:///etc/passwd', 'about:blank']) {
      expect(window.webContents.windowOpenHandler!({ url, disposition: 'new-window' })).toEqual({ action: 'deny' });
    }
    const other = new electron.WebContents();
    electron.app.emit('web-contents-created', {}, other);
    expect(other.windowOpenHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
  });

  it('15 shell.openExternal: only http and https addresses reach it, never a file, share or app protocol', () => {
    electron.opened.length = 0;
    const open = (url: string) => window.webContents.windowOpenHandler!({ url, disposition: 'foreground-tab' });
    for (const url of [
      'file:///etc/passwd',
      'smb://attacker.example/share/run.exe',
      'ms-msdt:/id PCWDiagnostic',
      'javascript:alert(1)',
      'vbscript:msgbox',
      'clipdesk://app/index.html',
      'not a url',
      '//evil.example/relative',
    ])
      open(url);
    expect(electron.opened).toEqual([]);
    open('https://docs.example.com/a b');
    expect(electron.opened).toEqual(['https://docs.example.com/a%20b']);
  });

  it('16 a current Electron: the installed Electron is the one package.json pins, major 45 or later', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')).version;
    const pinned = String(pkg.devDependencies.electron).replace(/^[\^~]/, '');
    expect(installed.split('.')[0]).toBe(pinned.split('.')[0]);
    expect(Number(installed.split('.')[0])).toBeGreaterThanOrEqual(45);
  });

  it("17 the sender of every IPC message is checked: only the window's main frame at the app origin is answered", async () => {
    expect([...electron.ipcHandlers.keys()].sort()).toEqual(REQUEST_NAMES.map(requestChannel).sort());
    const handler = electron.ipcHandlers.get(requestChannel('projects.get'))!;
    const contents = window.webContents;
    // The trusted sender gets as far as argument validation (refused there: core never runs).
    expect(await handler({ sender: contents, senderFrame: contents.mainFrame }, { id: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'request.invalid' },
    });
    const strangers = [
      { sender: contents, senderFrame: { url: APP_INDEX } }, // a subframe
      { sender: new electron.WebContents(), senderFrame: contents.mainFrame }, // another web contents
      { sender: contents, senderFrame: null }, // a frame already gone
    ];
    for (const event of strangers)
      expect(await handler(event, { id: 1 })).toMatchObject({ ok: false, error: { code: 'ipc.untrusted_sender' } });
  });

  it('18 no file://: the app scheme is standard and secure, serves only the built renderer, and nothing loads a file', async () => {
    expect(orderBeforeReady).toContain('registerSchemesAsPrivileged');
    expect(electron.privileged).toEqual([
      { scheme: 'clipdesk', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
    const serve = electron.protocolHandlers.get('clipdesk')!;
    for (const url of [
      'clipdesk://app/%2e%2e%2fsecret.txt',
      'clipdesk://app/%2e%2e%2f%2e%2e%2fsecret.txt',
      'clipdesk://app/..%2f..%2fsecret.txt',
      'clipdesk://other/index.html',
      'clipdesk://app/missing.js',
    ])
      expect((await serve(new Request(url))).status, url).toBe(404);
    expect(window.loaded.some((u) => u.startsWith('file:') || u.startsWith('loadFile:'))).toBe(false);
    for (const file of shellSources()) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/loadFile\(|['"`]file:\/\//);
    }
  });

  it('20 no Electron API reaches the page: window.clipdesk is invoke and on, unknown names never leave, listeners get only the payload', async () => {
    const api = electron.exposed.get('clipdesk') as ClipdeskApi;
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
    for (const value of Object.values(api)) {
      expect(value).not.toBe(electron.ipcRenderer);
      expect(Object.keys(value)).toEqual([]);
    }
    const before = electron.rendererInvokes.length;
    await expect(api.invoke('shell.openExternal' as never, undefined as never)).rejects.toMatchObject({
      code: 'ipc.unknown_request',
    });
    expect(electron.rendererInvokes.length).toBe(before);
    expect(() => api.on('ipc.raw' as never, () => {})).toThrow();

    const heard: unknown[][] = [];
    api.on('wallet.changed', (...args: unknown[]) => void heard.push(args));
    const [listener] = electron.rendererListeners.get(eventChannel('wallet.changed'))!;
    listener!({ sender: electron.ipcRenderer, ports: [] }, { workspaceId: 'local', walletUsd: 3 });
    expect(heard).toEqual([[{ workspaceId: 'local', walletUsd: 3 }]]);
  });

  it("crash reports: the shell never starts Electron's crash reporter, so no minidump of its memory is written or sent", () => {
    expect(electron.crashReports).toEqual([]);
    for (const file of shellSources()) expect(readFileSync(file, 'utf8'), file).not.toMatch(/crashReporter/);
  });

  it('a packaged build has no DevTools in its menu', () => {
    const roles = JSON.stringify(electron.menus.at(-1));
    expect(roles).not.toContain('toggleDevTools');
    expect(roles).toContain('togglefullscreen');
  });
});

/** The Content-Security-Policy meta tag of the renderer's page. */
function metaCsp(): string {
  const html = readFileSync(join(ROOT, 'renderer/index.html'), 'utf8');
  const match = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  if (!match) throw new Error('renderer/index.html has no Content-Security-Policy meta tag');
  return match[1]!;
}

/** Every source file of the shell: main (outside core), the IPC binding and the preload. */
function shellSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith('.ts')) files.push(path);
    }
  };
  for (const dir of ['main/electron', 'main/ipc', 'main/browserMode', 'preload']) walk(join(ROOT, dir));
  return files;
}
