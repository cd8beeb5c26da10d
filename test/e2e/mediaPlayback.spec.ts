// Playing media where it is chosen: a video and a sound play in the Media details panel,
// and scrubbing moves them; a generated output opens large in a dialog. What plays comes
// from the app's media cache, through the app itself.
import { makeFixtureDir, makeMp4, makeWav } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { generatePage } from './pages/generatePage.ts';
import { mediaPage } from './pages/mediaPage.ts';
import { shellPage } from './pages/shellPage.ts';
import { serviceApi } from './pages/timelinePage.ts';
import type { Locator } from '@playwright/test';

let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

/** Plays the element (muted: no user gesture in a test), scrubs to 1 s, and says where it is. */
async function playAndScrub(player: Locator): Promise<{ duration: number; played: number; scrubbed: number }> {
  return player.evaluate(async (element: HTMLMediaElement) => {
    const once = (name: string) => new Promise((resolve) => element.addEventListener(name, resolve, { once: true }));
    if (element.readyState < 1) await once('loadedmetadata');
    element.muted = true;
    await element.play();
    const started = element.currentTime;
    // Until the clock has moved (a busy machine may take a moment to start decoding).
    for (let waited = 0; waited < 5000 && element.currentTime - started < 0.2; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const played = element.currentTime - started;
    element.pause();
    element.currentTime = 1;
    await once('seeked');
    return { duration: element.duration, played, scrubbed: element.currentTime };
  });
}

test('a video and a sound play in the details panel and scrub; a generated image opens large', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Playback');
  await api.upload(await makeMp4(fixtureDir(), { seconds: 3, name: 'walk.mp4' }), projectId);
  await api.upload(await makeWav(fixtureDir(), { seconds: 3, name: 'birds.wav' }), projectId);

  const shell = shellPage(page);
  await shell.railEntry('Media').click();
  const media = mediaPage(page);
  await media.project.selectOption({ label: 'Playback' });

  for (const name of ['walk.mp4', 'birds.wav']) {
    await media.tile(name).getByRole('button', { name, exact: true }).click();
    const player = media.details.getByLabel(`Play ${name}`, { exact: true });
    await expect(player).toHaveAttribute('src', /media\//, { timeout: 30_000 });
    const outcome = await playAndScrub(player);
    expect(outcome.duration).toBeGreaterThan(2.5);
    expect(outcome.played, name).toBeGreaterThan(0.1);
    expect(outcome.scrubbed).toBeCloseTo(1, 1);
  }

  // A generated image, viewed large.
  await shell.railEntry('Generate').click();
  const generate = generatePage(page);
  await generate.prompt.fill('A quiet street');
  await generate.submit.click();
  const first = generate.history.getByRole('listitem').first();
  await expect(first).toHaveAccessibleName(/^Generation \d+$/, { timeout: 30_000 });
  const id = Number((await first.getAttribute('aria-label'))!.replace('Generation ', ''));
  await expect(generate.generation(id)).toContainText('Completed', { timeout: 30_000 });
  await page.getByRole('button', { name: `View output 1 of generation ${id}` }).click();
  const viewer = page.getByRole('dialog', { name: `Output of generation ${id}` });
  const image = viewer.getByRole('img', { name: `output 1 of generation ${id}` });
  await expect(image).toHaveAttribute('src', /media\//, { timeout: 30_000 });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
});
