// A copy in another shape, from the Projects screen: the copy opens in the Timeline with the
// original's clip on it (filling the new frame), and the original's timeline keeps its revision.
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { serviceApi, timelinePage, trackOf } from './pages/timelinePage.ts';

const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

test('"Copy in another shape…" makes a 1:1 project holding the timeline; the original is unchanged', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Wide');
  const asset = await api.upload(await makeMp4(fixtures.dir, { seconds: 2, name: 'walk.mp4' }), projectId);
  const start = await api.timeline(projectId);
  const edited = await api.apply(projectId, start.revision, [
    { type: 'addClip', trackId: trackOf(start, 'video').id, assetId: asset.id, startMs: 0 },
  ]);
  await page.reload();

  const projects = projectsPage(page);
  await projects.item('Wide').getByRole('button', { name: 'Copy in another shape… Wide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy Wide in another shape' });
  await dialog.getByRole('radio', { name: /1:1 square/ }).check();
  await expect(dialog.getByLabel('Name of the copy')).toHaveValue('Wide (1:1)');
  await dialog.getByRole('button', { name: 'Make the copy' }).click();
  await expect(dialog).toBeHidden();

  const tl = timelinePage(page);
  await expect(page.getByRole('toolbar', { name: 'Timeline tools' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Project', { exact: true }).locator('option:checked')).toHaveText('Wide (1:1)');
  await expect(tl.clips('Video 1')).toHaveCount(1);
  expect((await api.timeline(projectId)).revision).toBe(edited.revision);
});
