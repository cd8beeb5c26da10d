// Settings end to end: workspaces (add a remote account, switch, see a key's last four and
// expiry), a workspace's own settings (tunnel, messaging defaults, a refused value), and a
// key that expires: one clear prompt naming the workspace — not a wall of errors — whose
// "Replace key" takes a fresh key; work submitted meanwhile waits and then runs once. And the
// local workspace whose key stopped fitting its address: the status bar says so, not "Online",
// and one "Repair key" makes it work again.
import keytar from 'keytar';
import { workspaceAccount } from '../support/profileKeychain.ts';
import type { RunningSandbox } from '../support/sandboxProcess.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { jobsPage } from './pages/jobsPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { settingsPage } from './pages/settingsPage.ts';
import { shellPage } from './pages/shellPage.ts';
import {
  DAY_MS,
  advanceClock,
  generationCount,
  generationInput,
  issueKey,
  startRemoteAccount,
  submitGeneration,
} from './support/remoteAccount.ts';

let sandbox: RunningSandbox | null = null;

test.afterEach(async () => {
  await sandbox?.stop({ removeData: true });
  sandbox = null;
});

test('workspaces: add a remote account, see its key, switch back and forth, edit its settings', async ({
  page,
}, testInfo) => {
  sandbox = await startRemoteAccount();
  const shell = shellPage(page);
  await firstLaunchPage(page).useLocalWorkspace();
  await shell.railEntry('Settings').click();
  const settings = settingsPage(page);
  await expect(settings.card('Local sandbox').getByText('Active')).toBeVisible();

  // A refused key saves nothing, and says why beside the form.
  await settings.addRemote({
    name: 'Wrong key',
    createBaseUrl: sandbox.createBaseUrl,
    apiKey: 'cd_wrong_000000000000',
  });
  await expect(page.getByRole('alert').filter({ hasText: 'auth.invalid_key' })).toBeVisible();
  await expect(settings.card('Wrong key')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close without adding' }).click();

  await settings.addRemote({ name: 'Studio account', createBaseUrl: sandbox.createBaseUrl, apiKey: sandbox.apiKey });
  const studio = settings.card('Studio account');
  await expect(studio.getByText('Active')).toBeVisible({ timeout: 20_000 });
  await expect(shell.status).toContainText('Studio account');
  // The key: its last four and its expiry, never the key.
  await expect(studio).toContainText(`ending …${sandbox.apiKey.slice(-4)}, expires on`);
  await expect(page.locator('body')).not.toContainText(sandbox.apiKey);
  await expect(studio.getByRole('button', { name: 'Replace key: the Create API key of Studio account' })).toBeVisible();

  // Switch to the local workspace and back: the status bar follows at once.
  await settings.card('Local sandbox').getByRole('button', { name: 'Switch to Local sandbox' }).click();
  await expect(settings.card('Local sandbox').getByText('Active')).toBeVisible();
  await expect(shell.status).toContainText('Local sandbox');
  await studio.getByRole('button', { name: 'Switch to Studio account' }).click();
  await expect(studio.getByText('Active')).toBeVisible();
  await expect(shell.status).toContainText('Studio account');
  await expect(shell.connection).toHaveText('Online', { timeout: 20_000 });

  // Its own settings: messaging defaults (a bad country is refused by name); a tunnel command
  // the page sends is refused in browser mode: a program runs only on the user's word outside
  // the page (the command line or the settings file here, a native dialog in the desktop app).
  await studio.getByRole('button', { name: 'Edit settings of Studio account' }).click();
  const form = page.getByRole('form', { name: 'Settings of Studio account' });
  await form.getByRole('radio', { name: /^Run a tunnel command/ }).check();
  await form.getByRole('textbox', { name: 'Tunnel command' }).fill('cloudflared tunnel --url http://127.0.0.1:{port}');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByRole('alert')).toContainText('only once you allow it outside the page');
  await form.getByRole('radio', { name: /^No webhooks/ }).check();
  await form.getByLabel('Default country for phone numbers (optional)').fill('ZZ');
  await form.getByLabel('Sender ID for messages (optional)').fill('+15550100200');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByRole('alert')).toContainText('defaultCountry');
  await form.getByLabel('Default country for phone numbers (optional)').fill('gb');
  await form.getByLabel('Workspace name').fill('Studio (main)');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form).toHaveCount(0);
  const renamed = settings.card('Studio (main)');
  await expect(renamed).toBeVisible();
  await expect(shell.status).toContainText('Studio (main)');

  await renamed.getByRole('button', { name: 'Edit settings of Studio (main)' }).click();
  const again = page.getByRole('form', { name: 'Settings of Studio (main)' });
  await expect(again.getByRole('radio', { name: /^No webhooks/ })).toBeChecked();
  await expect(again.getByLabel('Default country for phone numbers (optional)')).toHaveValue('GB');
  await expect(again.getByLabel('Sender ID for messages (optional)')).toHaveValue('+15550100200');
  await expect(again).toContainText('job results are polled');
  await page.screenshot({ path: testInfo.outputPath('settings.png'), fullPage: true });
  await testInfo.attach('settings', { path: testInfo.outputPath('settings.png'), contentType: 'image/png' });
  await again.getByRole('button', { name: 'Cancel' }).click();

  // Settings survive a restart of the page (they are main's, in the settings file).
  await page.reload();
  await shell.railEntry('Settings').click();
  await expect(settings.card('Studio (main)').getByText('Active')).toBeVisible();
});

test('an expired key shows one prompt naming the workspace; replacing it brings everything back, queued work included', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  sandbox = await startRemoteAccount();
  const shortKey = await issueKey(sandbox, 'expires tomorrow', 1);
  const shell = shellPage(page);
  const form = page.getByRole('form', { name: 'Connect a remote account' });
  await form.getByLabel('Workspace name').fill('Client account');
  await form.getByLabel('Create API base URL').fill(sandbox.createBaseUrl);
  await form.getByLabel('Create API key', { exact: true }).fill(shortKey);
  await form.getByRole('button', { name: 'Check key and connect' }).click();
  await projectsPage(page).create('Expiring campaign');
  const input = await generationInput(sandbox, 'Expiring campaign', 'a clock at midnight');
  const before = await generationCount(sandbox);

  // Two days later the key has expired: every screen's requests are refused.
  await advanceClock(sandbox, 2 * DAY_MS);
  await page.reload();
  const settings = settingsPage(page);
  await expect(settings.keyPrompt).toBeVisible({ timeout: 20_000 });
  await expect(settings.keyPrompt).toContainText('The API key of “Client account” has expired');
  await submitGeneration(page, input);
  await shell.railEntry('Jobs').click();
  await shell.railEntry('Exports').click();
  await shell.railEntry('Settings').click();
  await expect(settings.card('Client account')).toContainText('the service says this key has expired');
  // One prompt, not a wall of errors: no toast repeats the refusal.
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('alert')).toHaveCount(0);
  await expect(settings.keyPrompt).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('key-expired.png'), fullPage: true });
  await testInfo.attach('key-expired', { path: testInfo.outputPath('key-expired.png'), contentType: 'image/png' });

  // A refused replacement is said beside the field; a fresh key works.
  await settings.keyPrompt.getByRole('button', { name: 'Replace key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace the API key of Client account' });
  await dialog.getByLabel('New API key for Client account').fill('cd_not_a_key_0000000000');
  await dialog.getByRole('button', { name: 'Check and save key' }).click();
  await expect(dialog.getByRole('alert')).toContainText('auth.invalid_key');
  await page.screenshot({ path: testInfo.outputPath('replace-key.png') });
  await testInfo.attach('replace-key', { path: testInfo.outputPath('replace-key.png'), contentType: 'image/png' });
  const freshKey = await issueKey(sandbox, 'fresh', 30);
  await dialog.getByLabel('New API key for Client account').fill(freshKey);
  await dialog.getByRole('button', { name: 'Check and save key' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(settings.keyPrompt).toHaveCount(0);
  await expect(settings.card('Client account')).toContainText(`ending …${freshKey.slice(-4)}, expires on`);

  // The generation that waited for the new key runs, once.
  await shell.railEntry('Jobs').click();
  const jobs = jobsPage(page);
  await expect(jobs.rows(jobs.finished).filter({ hasText: 'Completed' })).toHaveCount(1, { timeout: 30_000 });
  expect((await generationCount(sandbox)) - before).toBe(1);
  await shell.railEntry('Projects').click();
  await expect(projectsPage(page).item('Expiring campaign')).toBeVisible();
});

test('a local key made for another address: the status bar says so, and Repair key in Settings makes it work again', async ({
  page,
  app,
}, testInfo) => {
  const shell = shellPage(page);
  await firstLaunchPage(page).useLocalWorkspace();
  await projectsPage(page).create('Local work');
  await expect(shell.connection).toHaveText('Online', { timeout: 20_000 });

  // What a second profile's start used to do: the local key now names another address.
  const account = workspaceAccount(app.userDataDir);
  const entry = JSON.parse((await keytar.getPassword(app.keychainService, account))!);
  entry.createApiKey.origin = 'http://127.0.0.1:1';
  await keytar.setPassword(app.keychainService, account, JSON.stringify(entry));
  await page.reload();

  await expect(shell.connection).toHaveText('Key does not fit this address', { timeout: 20_000 });
  await expect(shell.status.getByRole('button', { name: 'Repair key' })).toBeVisible();
  const settings = settingsPage(page);
  await expect(settings.keyPrompt).toContainText('The API key of “Local sandbox” was made for another address');
  await shell.railEntry('Settings').click();
  const local = settings.card('Local sandbox');
  await expect(local).toContainText('this key was made for another address');
  await page.screenshot({ path: testInfo.outputPath('local-key-repair.png'), fullPage: true });
  await testInfo.attach('local-key-repair', {
    path: testInfo.outputPath('local-key-repair.png'),
    contentType: 'image/png',
  });

  await local.getByRole('button', { name: 'Repair key: make a new key for Local sandbox' }).click();
  await expect(shell.connection).toHaveText('Online', { timeout: 30_000 });
  await expect(settings.keyPrompt).toHaveCount(0);
  await expect(local).toContainText('Made by the local sandbox itself');
  await shell.railEntry('Projects').click();
  await expect(projectsPage(page).item('Local work')).toBeVisible();
});
