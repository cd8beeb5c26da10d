// One current project for the whole app: chosen in the chrome on one screen, it is the
// project of every other screen; a paid generation names it and lands in it; opening a
// project from the list, or making a new one, makes it current everywhere; and the choice
// is remembered when the app is opened again.
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { generatePage } from './pages/generatePage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { shellPage } from './pages/shellPage.ts';
import { serviceApi } from './pages/timelinePage.ts';

test('the project chosen on one screen is the project of every screen, and of the paid work sent', async ({
  page,
  app,
}) => {
  test.setTimeout(90_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const harbour = await api.createProject('Harbour film');
  await api.createProject('Mountain film');
  const shell = shellPage(page);
  const current = page.getByRole('combobox', { name: 'Project', exact: true });

  // Chosen in Media…
  await shell.railEntry('Media').click();
  await expect(current).toHaveCount(1);
  await current.selectOption({ label: 'Harbour film' });
  await expect(page.getByText('upload them to Harbour film')).toBeVisible();

  // …it is Generate's project: the paid action names it, and the generation lands in it.
  await shell.railEntry('Generate').click();
  await expect(current).toHaveCount(1);
  await expect(current.locator('option:checked')).toHaveText('Harbour film');
  const generate = generatePage(page);
  await expect(generate.form).toContainText('The generation goes to the project Harbour film.');
  await generate.prompt.fill('Boats at dawn');
  await generate.submit.click();
  const item = generate.history.getByRole('listitem').first();
  await expect(item).toHaveAccessibleName(/^Generation \d+$/, { timeout: 30_000 });
  const generationId = Number((await item.getAttribute('aria-label'))!.replace('Generation ', ''));
  const secrets = await app.localSecrets();
  const read = await fetch(`${app.localCreateBaseUrl()}/generations/${generationId}`, {
    headers: { authorization: `Bearer ${secrets!.createApiKey}` },
  });
  expect(((await read.json()) as { data: { projectId: number } }).data.projectId).toBe(harbour);

  // …and the Timeline's, without choosing again.
  await shell.railEntry('Timeline').click();
  await expect(page.getByRole('toolbar', { name: 'Timeline tools' })).toBeVisible({ timeout: 30_000 });
  await expect(current.locator('option:checked')).toHaveText('Harbour film');
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(page.getByRole('dialog', { name: 'Export' })).toContainText(
    'The export goes to the project Harbour film.',
  );
  await page.getByRole('dialog', { name: 'Export' }).getByRole('button', { name: 'Close' }).click();

  // Opening another from the list makes it current everywhere.
  await shell.railEntry('Projects').click();
  const projects = projectsPage(page);
  await expect(projects.item('Harbour film')).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: 'Open Mountain film' }).click();
  await expect(shell.screenHeading('Timeline')).toBeVisible();
  await expect(current.locator('option:checked')).toHaveText('Mountain film');
  await shell.railEntry('Media').click();
  await expect(page.getByText('upload them to Mountain film')).toBeVisible();

  // A new project becomes the current one.
  await shell.railEntry('Projects').click();
  await projects.create('River film');
  await expect(current.locator('option:checked')).toHaveText('River film');
  await expect(projects.item('River film')).toHaveAttribute('aria-current', 'true');

  // Remembered for the next launch.
  await current.selectOption({ label: 'Harbour film' });
  await page.reload();
  await expect(shell.screenHeading('Projects')).toBeVisible();
  await expect(current.locator('option:checked')).toHaveText('Harbour film');
});
