// Tracks managed from the timeline: added (by kind), renamed in place, moved down the list,
// removed (asked first when it holds clips, and back with undo) — the service's timeline
// checked after each.
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, type ServiceTimeline } from './pages/timelinePage.ts';

let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

const names = (t: ServiceTimeline) => t.tracks.map((track) => `${track.name} (${track.clips.length})`);

test('add, rename, reorder and remove tracks', async ({ page, app }) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Tracks');
  await api.upload(await makeMp4(fixtureDir(), { seconds: 1, name: 'logo.mp4' }), projectId);
  const read = () => api.timeline(projectId);
  const tl = timelinePage(page);
  await tl.open('Tracks');

  // Add a video track: it comes after the other video track (drawn on top of it).
  await page.getByRole('button', { name: 'Add track' }).click();
  await page.getByRole('menuitem', { name: 'Video track' }).click();
  await tl.saved();
  await expect
    .poll(async () => names(await read()))
    .toEqual(['Video 1 (0)', 'Video 2 (0)', 'Audio 1 (0)', 'Captions 1 (0)']);

  // Rename it in place.
  await page.getByRole('button', { name: 'Video 2 track actions' }).click();
  await page.getByRole('menuitem', { name: 'Rename…' }).click();
  const field = page.getByRole('textbox', { name: 'New name for Video 2' });
  await field.fill('Overlay');
  await field.press('Enter');
  await tl.saved();
  await expect
    .poll(async () => names(await read()))
    .toEqual(['Video 1 (0)', 'Overlay (0)', 'Audio 1 (0)', 'Captions 1 (0)']);

  // A clip on it, then moved down the list, under Video 1 (the upper video track draws on top).
  // The second lane (64 px each) is Overlay: listed under Captions 1, above Video 1.
  await tl
    .binItem('logo.mp4')
    .dragTo(page.getByRole('group', { name: 'Timeline tracks' }), { targetPosition: { x: 10, y: 64 + 20 } });
  await tl.saved();
  await page.getByRole('button', { name: 'Overlay track actions' }).click();
  await page.getByRole('menuitem', { name: 'Move down' }).click();
  await tl.saved();
  await expect
    .poll(async () => names(await read()))
    .toEqual(['Overlay (1)', 'Video 1 (0)', 'Audio 1 (0)', 'Captions 1 (0)']);

  // Removing a track that holds a clip is asked first; undo brings both back.
  await page.getByRole('button', { name: 'Overlay track actions' }).click();
  await page.getByRole('menuitem', { name: 'Remove track' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Remove Overlay?' });
  await ask.getByRole('button', { name: 'Remove track and its clip' }).click();
  await tl.saved();
  await expect.poll(async () => names(await read())).toEqual(['Video 1 (0)', 'Audio 1 (0)', 'Captions 1 (0)']);
  await tl.press('Control+z');
  await tl.saved();
  await expect
    .poll(async () => names(await read()))
    .toEqual(['Overlay (1)', 'Video 1 (0)', 'Audio 1 (0)', 'Captions 1 (0)']);
});
