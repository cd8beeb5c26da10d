// Offline is a state, not an error (DESIGN rule 2), end to end: a remote account on a
// separately started sandbox goes away; a generation submitted meanwhile waits in the
// journal (the Jobs screen says it will be sent when the service answers; a second one,
// never sent, is cancelled); the service comes back on the same data and ports, and the
// generation runs exactly once — counted on the sandbox itself.
import type { RunningSandbox } from '../support/sandboxProcess.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { jobsPage } from './pages/jobsPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { settingsPage } from './pages/settingsPage.ts';
import { shellPage } from './pages/shellPage.ts';
import { generationCount, generationInput, startRemoteAccount, submitGeneration } from './support/remoteAccount.ts';

let sandbox: RunningSandbox | null = null;

test.afterEach(async () => {
  await sandbox?.stop({ removeData: true });
  sandbox = null;
});

test('a generation submitted while the remote service is down waits, then runs exactly once when it is back', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  sandbox = await startRemoteAccount();
  const shell = shellPage(page);

  // A new user: the local workspace first, then the studio's account added in Settings.
  await firstLaunchPage(page).useLocalWorkspace();
  await shell.railEntry('Settings').click();
  const settings = settingsPage(page);
  await settings.addRemote({ name: 'Studio account', createBaseUrl: sandbox.createBaseUrl, apiKey: sandbox.apiKey });
  await expect(settings.card('Studio account').getByText('Active')).toBeVisible({ timeout: 20_000 });
  await expect(shell.status).toContainText('Studio account');
  await expect(shell.connection).toHaveText('Online', { timeout: 20_000 });

  await shell.railEntry('Projects').click();
  await projectsPage(page).create('Offline campaign');
  const input = await generationInput(sandbox, 'Offline campaign', 'a paper boat on a rainy street');
  const before = await generationCount(sandbox);

  // The service goes away: the next request finds it gone, and the status bar says so.
  await sandbox.stop();
  await page.reload();
  await expect(shell.connection).toHaveText('Offline', { timeout: 30_000 });

  const first = await submitGeneration(page, input);
  const second = await submitGeneration(page, { ...input, prompt: 'a second boat, cancelled before it leaves' });
  expect(first).not.toBe(second);
  await shell.railEntry('Jobs').click();
  const jobs = jobsPage(page);
  await expect(jobs.offlineNotice).toBeVisible({ timeout: 20_000 });
  await expect(jobs.offlineNotice).toContainText('2 requests wait');
  const waitingRows = jobs.rows(jobs.waiting);
  await expect(waitingRows).toHaveCount(2);
  await expect(waitingRows.first()).toContainText('Waiting for the service');
  await expect(waitingRows.nth(1)).toContainText('Waiting for the service');
  await expect(shell.railEntry('Jobs')).toHaveAccessibleDescription('2 jobs under way');
  await expect(shell.status.getByLabel('Pending')).toContainText('Pending: 2 (waiting for the service)');
  await page.screenshot({ path: testInfo.outputPath('jobs-offline.png'), fullPage: true });
  await testInfo.attach('jobs-offline', { path: testInfo.outputPath('jobs-offline.png'), contentType: 'image/png' });

  // The second was never sent: it can still be cancelled, and it is.
  await waitingRows
    .nth(1)
    .getByRole('button', { name: /^Cancel / })
    .click();
  await expect(waitingRows).toHaveCount(1);
  await expect(jobs.rows(jobs.finished).filter({ hasText: 'cancelled' })).toHaveCount(1);
  await expect(shell.railEntry('Jobs')).toHaveAccessibleDescription('1 job under way');

  // The service comes back on the same data folder and ports.
  sandbox = await sandbox.restart();
  await expect(shell.connection).toHaveText('Online', { timeout: 30_000 });
  const completed = jobs.rows(jobs.finished).filter({ hasText: 'Completed' });
  await expect(completed).toHaveCount(1, { timeout: 40_000 });
  await expect(jobs.rows(jobs.waiting)).toHaveCount(0);
  await expect(jobs.offlineNotice).toHaveCount(0);
  await expect(shell.railEntry('Jobs')).toHaveAccessibleDescription('No jobs under way');
  await expect(shell.status.getByLabel('Pending')).toHaveText('Pending: 0');
  await page.screenshot({ path: testInfo.outputPath('jobs-back-online.png'), fullPage: true });
  await testInfo.attach('jobs-back-online', {
    path: testInfo.outputPath('jobs-back-online.png'),
    contentType: 'image/png',
  });

  // Exactly once: the sandbox made one generation, for the first request only.
  expect((await generationCount(sandbox)) - before).toBe(1);
});
