// The page browser mode serves carries the first screen's state (shared/ipc/firstScreen.ts),
// read from the data folder before the core exists: three plain fields, whatever else the
// settings file holds, and the defaults when it is missing or damaged. The core is built once
// that page and its files were served.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBrowserServer, type BrowserCore, type BrowserServer } from '../../main/browserMode/browserServer.ts';
import { pageFiles, watchPageServed } from '../../main/browserMode/pageServed.ts';
import { pageWithFirstScreen } from '../../main/browserMode/staticFiles.ts';
import { readFirstScreenAt } from '../../main/core/app/firstScreen.ts';
import { FIRST_SCREEN_ELEMENT_ID, readFirstScreen } from '../../shared/ipc/firstScreen.ts';

const dirs: string[] = [];
const servers: BrowserServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-first-screen-'));
  dirs.push(dir);
  return dir;
};

const BUILT_PAGE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Clipdesk</title>\n' +
  '    <script src="./theme-boot.js"></script>\n    <script type="module" src="./assets/index.js"></script>\n' +
  '  </head>\n  <body><div id="root"></div></body>\n</html>\n';

describe("the first screen's state", () => {
  it('is read from the data folder: the marker, the screen and the theme, and nothing else', () => {
    const dir = folder();
    expect(readFirstScreenAt(dir)).toEqual({ firstLaunch: true, screen: null, theme: 'dark' });

    writeFileSync(join(dir, 'workspace-chosen.json'), '{}');
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({
        workspaces: [{ id: 'studio', name: 'Studio', kind: 'remote', createBaseUrl: 'https://api.example.com' }],
        activeWorkspaceId: 'studio',
        preferences: { theme: 'light', panels: { 'timeline.bin': 300 } },
        place: { screen: 'Timeline' },
        profile: { id: 'profile-1' },
      }),
    );
    expect(readFirstScreenAt(dir)).toEqual({ firstLaunch: false, screen: 'Timeline', theme: 'light' });

    writeFileSync(join(dir, 'settings.json'), '{ not json');
    expect(readFirstScreenAt(dir)).toEqual({ firstLaunch: false, screen: null, theme: 'dark' });
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ preferences: { theme: 'neon' }, place: { screen: 1 } }));
    expect(readFirstScreenAt(dir)).toEqual({ firstLaunch: false, screen: null, theme: 'dark' });
  });

  it('goes into the page as data (never run), with the theme on <html> and no script waiting for the core', () => {
    const page = pageWithFirstScreen(BUILT_PAGE, { firstLaunch: false, screen: 'Jobs', theme: 'light' });
    expect(page).toContain('<html lang="en" data-theme="light">');
    expect(page).not.toContain('theme-boot.js');
    expect(page).toContain('<script type="module" src="./assets/index.js"></script>');
    const block = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">(.*?)</script>`).exec(
      page,
    );
    expect(JSON.parse(block![1]!)).toEqual({ firstLaunch: false, screen: 'Jobs', theme: 'light' });
    // Only the three fields are written, whatever the object holds; "<" cannot close the block.
    const odd = { firstLaunch: true, screen: null, theme: 'dark', apiKey: '</script><b>' } as never;
    const written = pageWithFirstScreen(BUILT_PAGE, odd);
    expect(written).not.toContain('apiKey');
    expect(readFirstScreen({ firstLaunch: true, screen: '</script>', theme: 'x' })).toEqual({
      firstLaunch: true,
      screen: null,
      theme: 'dark',
    });
  });

  it('is served with the page while the core is still being built', async () => {
    const rendererDir = folder();
    writeFileSync(join(rendererDir, 'index.html'), BUILT_PAGE);
    const dataDir = folder();
    writeFileSync(join(dataDir, 'workspace-chosen.json'), '{}');
    const never = new Promise<BrowserCore>(() => {});
    const server = await startBrowserServer({
      core: never,
      rendererDir,
      port: 0,
      firstScreen: () => readFirstScreenAt(dataDir),
    });
    servers.push(server);
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`id="${FIRST_SCREEN_ELEMENT_ID}">{"firstLaunch":false,"screen":null,"theme":"dark"}<`);
    expect(Number(page.headers.get('content-length'))).toBe(Buffer.byteLength(html));
  });
});

describe('the page served (when browser mode builds its core)', () => {
  it('is the page and every file it loads at once, except the script that waits for the core', () => {
    expect([...pageFiles(BUILT_PAGE)]).toEqual(['/assets/index.js']);
    const rendererDir = folder();
    writeFileSync(
      join(rendererDir, 'index.html'),
      BUILT_PAGE.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="./assets/chunk.js">\n<link rel="stylesheet" href="./assets/index.css">\n</head>',
      ),
    );
    let served = 0;
    const saw = watchPageServed(rendererDir, () => served++);
    saw('/assets/index.js');
    saw('/');
    saw('/assets/index.js');
    saw('/assets/chunk.js');
    expect(served).toBe(0);
    saw('/assets/index.css');
    expect(served).toBe(1);
    saw('/');
    expect(served).toBe(1);
  });
});
