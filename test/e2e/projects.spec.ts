// The first screens end to end: first launch with the local workspace, then projects.
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { RAIL_ENTRIES, shellPage } from './pages/shellPage.ts';

test('first launch → the local workspace → create a project → rename it → it is in the list', async ({ page, app }) => {
  const first = firstLaunchPage(page);
  await expect(first.heading).toBeVisible();
  await first.useLocalWorkspace();

  const shell = shellPage(page);
  await expect(shell.screenHeading('Projects')).toBeVisible();
  await expect(shell.connection).toHaveText('Online');
  await expect(shell.status).toContainText('Local sandbox');

  const projects = projectsPage(page);
  await projects.create('Spring campaign', '9:16');
  await expect(projects.item('Spring campaign')).toContainText('9:16');
  await projects.rename('Spring campaign', 'Spring campaign — final');
  await expect(projects.item('Spring campaign — final')).toBeVisible();
  await expect(projects.list.getByText('Spring campaign', { exact: true })).toHaveCount(0);

  // The service kept it: a fresh read (a reload of the page) lists the new name.
  await page.reload();
  await expect(projects.item('Spring campaign — final')).toBeVisible();
  expect(app.url).toContain('token=');
});

test('the choice of workspace is remembered: the next launch opens on the Projects screen', async ({ page }) => {
  await firstLaunchPage(page).useLocalWorkspace();
  await page.reload();
  await expect(shellPage(page).screenHeading('Projects')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Clipdesk' })).toHaveCount(0);
});

test('a rename that lost a race shows both names and lets the user keep theirs', async ({ page, app }) => {
  await firstLaunchPage(page).useLocalWorkspace();
  const projects = projectsPage(page);
  await projects.create('Launch teaser');

  // Someone else renames it first, straight through the API, with the workspace's own key.
  const secrets = await app.localSecrets();
  const base = app.localCreateBaseUrl();
  const headers = { authorization: `Bearer ${secrets!.createApiKey}`, 'content-type': 'application/json' };
  const list = await (await fetch(`${base}/projects?limit=1`, { headers })).json();
  const project = list.data[0];
  const patched = await fetch(`${base}/projects/${project.id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ name: 'Teaser (client cut)', revision: project.updatedAt }),
  });
  expect(patched.status).toBe(200);

  await projects.rename('Launch teaser', 'Launch teaser v2');
  await expect(projects.conflict).toBeVisible();
  await expect(projects.conflict).toContainText('Launch teaser v2');
  await expect(projects.conflict).toContainText('Teaser (client cut)');
  await projects.conflict.getByRole('button', { name: /Use my name/ }).click();

  await expect(projects.conflict).toHaveCount(0);
  await expect(projects.item('Launch teaser v2')).toBeVisible();
  const after = await (await fetch(`${base}/projects/${project.id}`, { headers })).json();
  expect(after.data.name).toBe('Launch teaser v2');
});

test('the list reads further pages as it scrolls (nextCursor)', async ({ page, app }) => {
  await firstLaunchPage(page).useLocalWorkspace();
  const secrets = await app.localSecrets();
  const base = app.localCreateBaseUrl();
  const headers = { authorization: `Bearer ${secrets!.createApiKey}`, 'content-type': 'application/json' };
  for (let i = 1; i <= 30; i++) {
    const res = await fetch(`${base}/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Batch ${i}`, aspectRatio: '1:1' }),
    });
    expect(res.status).toBe(201);
  }
  await page.reload();
  const projects = projectsPage(page);
  // Newest first: the first page (25) ends at "Batch 6"; the oldest five come with the next page.
  await expect(projects.item('Batch 30')).toBeVisible();
  await expect(projects.list.getByRole('listitem')).toHaveCount(25);
  await projects.list.getByRole('listitem').last().scrollIntoViewIfNeeded();
  await page
    .getByRole('button', { name: 'Load more projects' })
    .scrollIntoViewIfNeeded()
    .catch(() => {});
  await expect(projects.list.getByRole('listitem')).toHaveCount(30);
  await expect(projects.item('Batch 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more projects' })).toHaveCount(0);
});

test('the left rail names every screen and works from the keyboard', async ({ page }) => {
  await firstLaunchPage(page).useLocalWorkspace();
  const shell = shellPage(page);
  for (const name of RAIL_ENTRIES) await expect(shell.railEntry(name)).toBeVisible();

  await shell.railEntry('Projects').focus();
  await page.keyboard.press('ArrowDown');
  await expect(shell.railEntry('Media')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(shell.screenHeading('Media')).toBeVisible();
  await expect(shell.railEntry('Media')).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(shell.screenHeading('Settings')).toBeVisible();
});

test('a name over the limit is refused with the limit named, never cut: a 121-character project, an 81-character workspace', async ({
  page,
}) => {
  // Before any workspace: the remote account's name.
  const workspaceName = page.getByRole('textbox', { name: 'Workspace name' });
  await workspaceName.fill('w'.repeat(81));
  await expect(workspaceName).toHaveValue('w'.repeat(81));
  await expect(page.getByRole('alert')).toHaveText('The workspace name is 81 characters: shorten it to at most 80.');
  await expect(page.getByRole('button', { name: 'Check key and connect' })).toBeDisabled();

  await firstLaunchPage(page).useLocalWorkspace();
  const form = page.getByRole('form', { name: 'New project' });
  const name = form.getByLabel('Project name');
  await name.fill('p'.repeat(121));
  await expect(name).toHaveValue('p'.repeat(121));
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert')).toHaveText('The name is 121 characters: shorten it to at most 120.');
  await expect(form.getByRole('button', { name: 'Create project' })).toBeDisabled();
  await name.press('Enter');
  await expect(projectsPage(page).list.getByRole('listitem')).toHaveCount(0);

  // At the limit it is taken whole.
  await name.fill('p'.repeat(120));
  await expect(form.getByRole('alert')).toHaveCount(0);
  await projectsPage(page).create('p'.repeat(120));
});
