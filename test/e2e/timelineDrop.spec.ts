// Media dropped on the tracks: from the bin at the drop point, overwriting what lies under
// the new clip, or inserting with Ctrl (what follows moves right); and files dropped from
// the desktop straight onto a track, uploaded to the project and then placed there.
import { readFileSync } from 'node:fs';
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, trackOf, type ServiceTimeline } from './pages/timelinePage.ts';

let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

const spans = (t: ServiceTimeline) => trackOf(t, 'video').clips.map((c) => [c.startMs, c.endMs]);

test('drag from the bin overwrites at the drop point, Ctrl inserts, and files from the desktop land where dropped', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Drops');
  const [long, short] = await Promise.all([
    makeMp4(fixtureDir(), { seconds: 4, name: 'long.mp4' }),
    makeMp4(fixtureDir(), { seconds: 1, name: 'short.mp4' }),
  ]);
  for (const file of [long, short]) await api.upload(file, projectId);
  const read = () => api.timeline(projectId);
  const tl = timelinePage(page);
  await tl.open('Drops');
  await tl.addMedia('long.mp4');
  await tl.saved();

  // The 4 s clip's box gives the scale: the drop lands at 2 s of it.
  const lanes = page.getByRole('group', { name: 'Timeline tracks' });
  const clip = (await tl.clip('Video 1', 'long.mp4').boundingBox())!;
  const lanesBox = (await lanes.boundingBox())!;
  // On the clip's own lane (Video 1, listed below the captions).
  const at = (ms: number) => ({ x: clip.x - lanesBox.x + (clip.width * ms) / 4000, y: clip.y - lanesBox.y + 20 });

  await tl.binItem('short.mp4').dragTo(lanes, { targetPosition: at(2000) });
  await tl.saved();
  await expect
    .poll(async () => spans(await read()), { timeout: 20_000 })
    .toEqual([
      [0, 2000],
      [2000, 3000],
      [3000, 4000],
    ]);

  // Ctrl while dropping: inserted at 1 s, everything after it moves 1 s right.
  await page.keyboard.down('Control');
  await tl.binItem('short.mp4').dragTo(lanes, { targetPosition: at(1000) });
  await page.keyboard.up('Control');
  await tl.saved();
  await expect
    .poll(async () => spans(await read()), { timeout: 20_000 })
    .toEqual([
      [0, 1000],
      [1000, 2000],
      [2000, 3000],
      [3000, 4000],
      [4000, 5000],
    ]);

  // A file from the desktop, dropped at 5 s: uploaded to the project, then placed there.
  const bytes = [...readFileSync(short)];
  const point = at(5000);
  await lanes.evaluate(
    (element, { bytes, x, y }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'from-desktop.mp4', { type: 'video/mp4' }));
      const box = element.getBoundingClientRect();
      const at = { bubbles: true, cancelable: true, dataTransfer: transfer, clientX: box.x + x, clientY: box.y + y };
      element.dispatchEvent(new DragEvent('dragover', at));
      element.dispatchEvent(new DragEvent('drop', at));
    },
    { bytes, x: point.x, y: point.y },
  );
  await expect(tl.clip('Video 1', 'from-desktop.mp4')).toBeVisible({ timeout: 30_000 });
  await tl.saved();
  const last = trackOf(await read(), 'video').clips.at(-1)!;
  expect([last.startMs, last.endMs]).toEqual([5000, 6000]);
});
