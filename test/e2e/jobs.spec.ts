// The Jobs screen end to end, on a remote account (a sandbox the test controls): a
// generation runs and shows in Finished with its price and request ID; one the service
// fails shows its error; the rail's Jobs entry counts the work under way.
import type { RunningSandbox } from '../support/sandboxProcess.ts';
import { expect, test } from './fixtures.ts';
import { jobsPage } from './pages/jobsPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { shellPage } from './pages/shellPage.ts';
import { generationCount, generationInput, startRemoteAccount, submitGeneration } from './support/remoteAccount.ts';

let sandbox: RunningSandbox | null = null;

test.afterEach(async () => {
  await sandbox?.stop({ removeData: true });
  sandbox = null;
});

test('finished and failed generations show their state, price, request ID and error', async ({ page }, testInfo) => {
  sandbox = await startRemoteAccount();
  // First launch straight into the remote account.
  const form = page.getByRole('form', { name: 'Connect a remote account' });
  await form.getByLabel('Workspace name').fill('Studio account');
  await form.getByLabel('Create API base URL').fill(sandbox.createBaseUrl);
  await form.getByLabel('Create API key', { exact: true }).fill(sandbox.apiKey);
  await form.getByRole('button', { name: 'Check key and connect' }).click();
  const shell = shellPage(page);
  await expect(shell.screenHeading('Projects')).toBeVisible({ timeout: 20_000 });
  await expect(shell.status).toContainText('Studio account');

  await projectsPage(page).create('Jobs campaign');
  const input = await generationInput(sandbox, 'Jobs campaign', 'a lighthouse at dusk');

  await shell.railEntry('Jobs').click();
  await expect(shell.screenHeading('Jobs')).toBeVisible();
  const jobs = jobsPage(page);
  await expect(page.getByText('No job has finished yet.')).toBeVisible();

  await submitGeneration(page, input);
  const finished = jobs.rows(jobs.finished);
  const completed = finished.filter({ hasText: 'Completed' });
  await expect(completed).toHaveCount(1, { timeout: 20_000 });
  await expect(completed).toContainText(/Generation #\d+/);
  await expect(completed).toContainText(/\$\d/);
  const requestId = completed.getByRole('button', { name: /^Copy request ID / });
  await expect(requestId).toBeVisible();
  // A copy the browser refuses says so beside the button (before, it failed silently);
  // one it allows says Copied and puts the ID on the clipboard.
  const origin = new URL(page.url()).origin;
  await page.context().grantPermissions(['clipboard-read'], { origin });
  await requestId.click();
  await expect(completed.getByRole('alert')).toContainText('Not copied: the clipboard refused.');
  await expect(requestId).toHaveText('Copy');
  await completed.screenshot({ path: testInfo.outputPath('copy-refused.png') });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await requestId.click();
  await expect(requestId).toHaveText('Copied');
  await expect(completed.getByRole('alert')).toHaveCount(0);
  const shownId = await completed.locator('.work-request-id-code').textContent();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shownId);
  await expect(shell.railEntry('Jobs')).toHaveAccessibleDescription('No jobs under way');

  // The service fails the next one on purpose: the row says so, with the service's code.
  await sandbox.admin('POST', '/_sandbox/faults', { jobFailShare: 1 });
  await submitGeneration(page, { ...input, prompt: 'a storm that will not render' });
  const failed = finished.filter({ hasText: 'Failed' });
  await expect(failed).toHaveCount(1, { timeout: 20_000 });
  await expect(failed).toContainText('job.failed');
  // Newest first.
  await expect(finished.first()).toContainText('Failed');
  await page.screenshot({ path: testInfo.outputPath('jobs.png'), fullPage: true });
  await testInfo.attach('jobs', { path: testInfo.outputPath('jobs.png'), contentType: 'image/png' });

  // The wallet in the status bar follows the paid work (read again when a job ends).
  await expect(shell.status.getByLabel('Wallet')).toContainText('$');
  expect(await generationCount(sandbox)).toBe(2);
});

test('work under way is counted on the rail and shown running with its progress', async ({ page }) => {
  sandbox = await startRemoteAccount();
  // Slow jobs, so they are seen running.
  await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 20 });
  const form = page.getByRole('form', { name: 'Connect a remote account' });
  await form.getByLabel('Workspace name').fill('Slow studio');
  await form.getByLabel('Create API base URL').fill(sandbox.createBaseUrl);
  await form.getByLabel('Create API key', { exact: true }).fill(sandbox.apiKey);
  await form.getByRole('button', { name: 'Check key and connect' }).click();
  const shell = shellPage(page);
  await projectsPage(page).create('Slow campaign');
  const input = await generationInput(sandbox, 'Slow campaign', 'a slow sunrise');

  await submitGeneration(page, input);
  await submitGeneration(page, { ...input, prompt: 'a slower sunset' });
  await expect(shell.railEntry('Jobs')).toHaveAccessibleDescription('2 jobs under way', { timeout: 20_000 });
  await shell.railEntry('Jobs').click();
  const jobs = jobsPage(page);
  const running = jobs.rows(jobs.running);
  await expect(running).toHaveCount(2, { timeout: 20_000 });
  await expect(running.first().getByRole('progressbar', { name: /^Progress of Generation #\d+$/ })).toBeVisible();
});
