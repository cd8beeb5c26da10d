// The live monitor comes and goes with the Timeline screen: switching the project and the
// screen while it plays (as a new user clicking around does) leaves no uncaught error and
// no console error behind. A monitor that is gone must do nothing: its engine once drew a
// frame after it was disposed, woken by a picture still decoding (or a font, or a start),
// and threw `NotFoundError: Failed to execute 'insertBefore' on 'Node'`.
import { makeFixtureDir, makeMp4, makePng } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { shellPage } from './pages/shellPage.ts';
import { serviceApi, timelinePage } from './pages/timelinePage.ts';

const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

const ROUNDS = 8;
const MEDIA_DELAY_MS = 1_000;

test('switching projects and screens while the monitor plays leaves no page error', async ({ page, app }) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`Uncaught error: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`Console error: ${message.text()}`);
  });

  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const names = ['Morning walk', 'Evening walk'];
  for (const [index, name] of names.entries()) {
    const projectId = await api.createProject(name);
    const video = await api.upload(await makeMp4(fixtures.dir, { seconds: 4, name: `walk-${index}.mp4` }), projectId);
    const still = await api.upload(
      await makePng(fixtures.dir, { width: 320, height: 180, name: `title-${index}.png` }),
      projectId,
    );
    const { revision } = await api.timeline(projectId);
    const [low, high] = [crypto.randomUUID(), crypto.randomUUID()];
    const clip = (trackId: string, assetId: number) => ({
      type: 'addClip',
      trackId,
      clipId: crypto.randomUUID(),
      assetId,
      startMs: 0,
      inMs: 0,
      outMs: 4000,
    });
    await api.apply(projectId, revision, [
      { type: 'addTrack', kind: 'video', trackId: low, name: 'Video' },
      { type: 'addTrack', kind: 'video', trackId: high, name: 'Title' },
      clip(low, video.id),
      clip(high, still.id),
    ]);
  }

  // The media come slowly, as from a busy disk: the monitor still waits for them when it goes.
  await page.route(/\/media\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, MEDIA_DELAY_MS));
    await route.continue().catch(() => {});
  });

  const shell = shellPage(page);
  const tl = timelinePage(page);
  const frame = page.getByRole('img', { name: 'The composed frame under the playhead' });
  const project = page.getByLabel('Project', { exact: true });
  // When the monitor asks for media, the switch below races them; media it already holds (the
  // browser's memory cache answers without a request) leave nothing to race, which is no error.
  const mediaAsked = () => page.waitForRequest(/\/media\//, { timeout: 10_000 }).catch(() => null);
  for (let round = 0; round < ROUNDS; round++) {
    const [here, there] = round % 2 === 0 ? names : [...names].reverse();
    let asked = mediaAsked();
    await tl.open(here!);
    await expect(tl.clips('Video')).toHaveCount(1);
    await asked;
    await tl.press(' ');
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    // Another project while it plays (the monitor stops and reads the other one's media),
    // then another screen before those media have come.
    asked = mediaAsked();
    await project.selectOption({ label: there! });
    await asked;
    await shell.railEntry(round % 4 < 2 ? 'Media' : 'Projects').click();
    // Whatever the monitor was still waiting for comes now.
    await page.waitForTimeout(MEDIA_DELAY_MS + 500);
  }
  await tl.open(names[0]!);
  await expect(frame).toBeVisible();

  expect(problems).toEqual([]);
});
