// The Exports screen end to end, on a remote account: an export submitted through the app
// (journaled, then sent once) shows its state live until it completes, and its finished
// video downloads through main (browser mode: a single-use link on its own server) as a
// real MP4 — the key never reaching the page.
import { readFileSync } from 'node:fs';
import type { RunningSandbox } from '../support/sandboxProcess.ts';
import { apiClient } from '../support/sandboxProcess.ts';
import { makeFixtureDir, makePng, mediaForm } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { shellPage } from './pages/shellPage.ts';
import { startRemoteAccount } from './support/remoteAccount.ts';

let sandbox: RunningSandbox | null = null;
const fixtures = makeFixtureDir();

test.afterEach(async () => {
  await sandbox?.stop({ removeData: true });
  sandbox = null;
});
test.afterAll(() => fixtures.cleanup());

test('an export made through the app shows its state live and downloads as a real video', async ({
  page,
  app,
}, testInfo) => {
  sandbox = await startRemoteAccount();
  const form = page.getByRole('form', { name: 'Connect a remote account' });
  await form.getByLabel('Workspace name').fill('Studio account');
  await form.getByLabel('Create API base URL').fill(sandbox.createBaseUrl);
  await form.getByLabel('Create API key', { exact: true }).fill(sandbox.apiKey);
  await form.getByRole('button', { name: 'Check key and connect' }).click();
  const shell = shellPage(page);
  await projectsPage(page).create('Export campaign');

  // Its media, put there by someone else on the account (straight through the API).
  const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  const project = ((await call('GET', '/projects?limit=5')).body.data as { id: number; name: string }[]).find(
    (p) => p.name === 'Export campaign',
  )!;
  const image = await makePng(fixtures.dir, { width: 160, height: 90 });
  const uploaded = await call('POST', '/assets', { form: mediaForm(image, { projectId: project.id }) });
  expect(uploaded.status).toBe(201);

  await shell.railEntry('Exports').click();
  await expect(shell.screenHeading('Exports')).toBeVisible();
  await expect(page.getByText('No exports yet')).toBeVisible();

  // Submitted through the app's contract (the export editor comes with the timeline).
  await page.evaluate(
    async (input) =>
      (globalThis as unknown as { clipdesk: { invoke(n: string, a: unknown): Promise<unknown> } }).clipdesk.invoke(
        'exports.submit',
        { input },
      ),
    { projectId: project.id, clips: [{ assetId: uploaded.body.data.id as number, trimEndMs: 1000 }] },
  );
  const table = page.getByRole('table', { name: 'Exports' });
  const row = table.getByRole('row').filter({ hasText: /Export #\d+/ });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText('Export campaign');
  await expect(row).toContainText('Completed', { timeout: 30_000 });
  await expect(row).toContainText('0:01');
  await page.screenshot({ path: testInfo.outputPath('exports.png'), fullPage: true });
  await testInfo.attach('exports', { path: testInfo.outputPath('exports.png'), contentType: 'image/png' });

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download Export #\d+$/ }).click();
  const download = await downloading;
  const saved = testInfo.outputPath('export.mp4');
  await download.saveAs(saved);
  const bytes = readFileSync(saved);
  expect(bytes.length).toBeGreaterThan(1000);
  // An MP4 begins with its ftyp box.
  expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  // The link the page fetched carried no key, and nothing main sent the page did either (the
  // page sent it once, when the user typed it into the add-account form).
  expect(download.url()).not.toContain(sandbox.apiKey);
  const received = app.frames.filter((frame) => frame.direction === 'received');
  expect(received.length).toBeGreaterThan(5);
  for (const frame of received) expect(frame.payload).not.toContain(sandbox.apiKey);
});
