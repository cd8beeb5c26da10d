// The desktop app itself, launched by Playwright's _electron: the same first launch as in
// browser mode (the local workspace, a project, the Jobs and Settings screens) in the real
// Electron window with its preload bridge. It runs only where the Electron binary is
// installed (found as scripts/launch.sh finds it, without require('electron'), which would
// try to download it); elsewhere it is skipped and says why (DESIGN.md "Tests").
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import keytar from 'keytar';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { shellPage } from './pages/shellPage.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** The installed Electron binary, or why there is none. */
function findElectron(): { binary: string } | { missing: string } {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { missing: 'the electron package is not installed' };
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile))
    return { missing: `its binary was never downloaded (no ${pathFile}; ELECTRON_SKIP_BINARY_DOWNLOAD is set)` };
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { missing: `its binary ${binary} is missing` };
  if (!existsSync(join(ROOT, 'dist/main/main.js')))
    return { missing: 'the app is not built (npm run build makes dist/main/main.js)' };
  return { binary };
}

const found = findElectron();
const reason = 'missing' in found ? `the Electron binary is not available here: ${found.missing}` : '';
if (reason) console.log(`electron.spec.ts: skipped, ${reason}`);

test.describe('the Electron shell', () => {
  test.skip(reason !== '', reason);

  test('first launch into the local workspace, a project, and the Jobs and Settings screens', async () => {
    const testInfo = test.info();
    test.setTimeout(90_000);
    const binary = (found as { binary: string }).binary;
    const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-electron-'));
    const keychainService = `Clipdesk-electron-e2e-${randomUUID()}`;
    const app = await electron.launch({
      executablePath: binary,
      args: [ROOT, '--user-data', userDataDir],
      cwd: ROOT,
      env: { ...process.env, CLIPDESK_KEYCHAIN_SERVICE: keychainService, CLIPDESK_SANDBOX_JOB_SECONDS: '0.5' },
      timeout: 30_000,
    });
    try {
      const page = await app.firstWindow();
      // The preload exposes exactly the contract, and the page runs without Node.
      const bridge = await page.evaluate(() => Object.keys((globalThis as unknown as { clipdesk: object }).clipdesk));
      expect(bridge.sort()).toEqual(['invoke', 'on']);
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');

      const first = firstLaunchPage(page);
      await expect(first.heading).toBeVisible({ timeout: 30_000 });
      await first.useLocalWorkspace();
      const shell = shellPage(page);
      await expect(shell.connection).toHaveText('Online', { timeout: 30_000 });
      await projectsPage(page).create('Desktop project');

      await shell.railEntry('Jobs').click();
      await expect(shell.screenHeading('Jobs')).toBeVisible();
      await shell.railEntry('Settings').click();
      await expect(page.getByRole('list', { name: 'Workspaces' }).getByText('Active')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('electron-settings.png') });
      await testInfo.attach('electron-settings', {
        path: testInfo.outputPath('electron-settings.png'),
        contentType: 'image/png',
      });
    } finally {
      await app.close().catch(() => {});
      for (const { account } of await keytar.findCredentials(keychainService).catch(() => []))
        await keytar.deletePassword(keychainService, account);
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});
