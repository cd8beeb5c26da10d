// The track list as editors read it: a second video track is listed above Video 1 (and
// captions above both), and a clip on it draws on top of Video 1's in the monitor.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { keepScreenshot } from './pages/keepScreenshot.ts';
import { serviceApi, timelinePage } from './pages/timelinePage.ts';

const run = promisify(execFile);
let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

/** A still of one colour, 16:9. */
async function solidPng(name: string, colour: string): Promise<string> {
  const path = join(fixtureDir(), name);
  await run(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'].concat([
      '-f',
      'lavfi',
      '-i',
      `color=c=${colour}:s=320x180`,
      '-frames:v',
      '1',
      path,
    ]),
  );
  return path;
}

/** The colour (r, g, b) at the middle of a PNG, read by ffmpeg. */
async function middleColour(png: Buffer, width: number, height: number): Promise<[number, number, number]> {
  const path = join(fixtureDir(), `shot-${Date.now()}.png`);
  writeFileSync(path, png);
  const x = Math.floor(width / 2);
  const y = Math.floor(height / 2);
  const { stdout } = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-i',
      path,
      '-vf',
      `crop=1:1:${x}:${y}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer' },
  );
  return [stdout[0]!, stdout[1]!, stdout[2]!];
}

test('a second video track is listed above Video 1 and its clip draws on top in the monitor', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Layers');
  await api.upload(await solidPng('red.png', 'red'), projectId);
  await api.upload(await solidPng('blue.png', 'blue'), projectId);
  const tl = timelinePage(page);
  await tl.open('Layers');
  await tl.addMedia('red.png');
  await tl.saved();

  await page.getByRole('button', { name: 'Add track' }).click();
  await page.getByRole('menuitem', { name: 'Video track' }).click();
  await tl.saved();
  // Listed top to bottom: captions, the upper video track, Video 1, audio.
  const top = async (name: string) => (await tl.lane(name).boundingBox())!.y;
  const order = ['Captions 1', 'Video 2', 'Video 1', 'Audio 1'];
  const ys = await Promise.all(order.map(top));
  expect([...ys].sort((a, b) => a - b)).toEqual(ys);
  // The service keeps the drawing order: Video 2 after Video 1.
  expect((await api.timeline(projectId)).tracks.map((t) => t.name)).toEqual([
    'Video 1',
    'Video 2',
    'Audio 1',
    'Captions 1',
  ]);

  // Blue dropped on Video 2's lane (the second listed) at the start, over red.
  const lanes = page.getByRole('group', { name: 'Timeline tracks' });
  const video2 = (await tl.lane('Video 2').boundingBox())!;
  const lanesBox = (await lanes.boundingBox())!;
  await tl.binItem('blue.png').dragTo(lanes, { targetPosition: { x: 4, y: video2.y - lanesBox.y + 20 } });
  await tl.saved();
  await expect(tl.clips('Video 2')).toHaveCount(1);
  const service = await api.timeline(projectId);
  expect(service.tracks.find((t) => t.name === 'Video 2')!.clips).toHaveLength(1);

  await tl.setPlayhead(0.5);
  const frame = page.getByTestId('monitor-frame');
  await expect(frame).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  const size = (await frame.boundingBox())!;
  const [r, g, b] = await middleColour(await frame.screenshot(), Math.round(size.width), Math.round(size.height));
  expect(b, `the monitor's middle is rgb(${r}, ${g}, ${b}), not Video 2's blue`).toBeGreaterThan(200);
  expect(r).toBeLessThan(60);
  await keepScreenshot(page, testInfo, 'track-order-1280x800.png');
});
