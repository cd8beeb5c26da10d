// A project changes its own shape from the Projects screen ("Change shape…"): the list shows
// the new ratio, the monitor's frame takes it, and the timeline keeps its clip and revision.
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { serviceApi, timelinePage, trackOf } from './pages/timelinePage.ts';

const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

test('"Change shape…" makes a 16:9 project 9:16 in place; its timeline is kept', async ({ page, app }) => {
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
  const item = projects.item('Wide');
  await expect(item).toContainText('16:9');
  await item.getByRole('button', { name: 'Change shape… Wide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the shape of Wide' });
  await dialog.getByRole('radio', { name: /9:16 vertical/ }).check();
  await expect(dialog).toContainText('Wide becomes 9:16');
  await dialog.getByRole('button', { name: 'Change shape' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toContainText('9:16');

  await item.getByRole('button', { name: 'Open Wide' }).click();
  await expect(page.getByRole('toolbar', { name: 'Timeline tools' })).toBeVisible({ timeout: 30_000 });
  await expect(timelinePage(page).clips('Video 1')).toHaveCount(1);
  const frame = page.getByRole('img', { name: 'The composed frame under the playhead' });
  await expect
    .poll(async () => {
      const box = await frame.boundingBox();
      return box ? Math.round((box.width / box.height) * 100) / 100 : 0;
    })
    .toBeCloseTo(9 / 16, 1);
  expect((await api.timeline(projectId)).revision).toBe(edited.revision);
});
