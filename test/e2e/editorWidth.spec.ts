// The editor's layout holds with long content in the dock: a clip of all five recorded
// LibriVox sentences is transcribed and given keyframes, and with that clip in the Inspector,
// on every dock tab, at 1280×720, 1280×800 and 1600×1000, in both themes, the document is
// never wider than the window, the transcript's words wrap (it scrolls down, never
// sideways), the monitor and the Inspector stay on screen, the monitor's picture keeps a
// usable height (the long Inspector scrolls inside its panel), and the tracks show three
// lanes. A screenshot of each size and theme with the transcript open is kept.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { keepScreenshot } from './pages/keepScreenshot.ts';
import { productionPage } from './pages/productionPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { shellPage } from './pages/shellPage.ts';
import { timelinePage } from './pages/timelinePage.ts';
import { makeSpokenClip, probeDurationMs, serviceApi } from './support/productionMedia.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { librivoxSentences } from '../support/spokenMedia.ts';

const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

/** Each size with the least height of the monitor's picture (a 16:9 frame) it must keep. */
const SIZES = [
  { width: 1280, height: 720, picture: 165 },
  { width: 1280, height: 800, picture: 200 },
  { width: 1600, height: 1000, picture: 285 },
];
const TABS = ['Transcript', 'Speech edits', 'Review', 'Finishing', 'Templates'];

async function documentWidth(page: Page): Promise<{ document: number; window: number }> {
  return page.evaluate(() => ({
    document: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    window: window.innerWidth,
  }));
}

async function onScreen(page: Page, name: string): Promise<void> {
  const box = await page.getByRole('region', { name }).boundingBox();
  expect(box, `${name} is laid out`).not.toBeNull();
  const { window } = await documentWidth(page);
  expect(box!.x + box!.width, `${name} ends inside the window`).toBeLessThanOrEqual(window + 1);
}

/**
 * The monitor's picture keeps its height however long the Inspector is (the Inspector scrolls
 * inside its panel), and the tracks still show their three lanes whole.
 */
async function holdsTheEditor(page: Page, size: (typeof SIZES)[number]): Promise<void> {
  const where = `${size.width}×${size.height}`;
  const frame = (await page.getByTestId('monitor-frame').boundingBox())!;
  expect(frame.height, `the monitor's picture at ${where} (${frame.width}×${frame.height})`).toBeGreaterThanOrEqual(
    size.picture,
  );
  // The Inspector is as tall as the row above the tracks, and what it holds past that scrolls.
  const inspector = page.getByRole('region', { name: 'Inspector' });
  const panel = (await inspector.boundingBox())!;
  const row = (await page.getByRole('separator', { name: 'Height of the panels above the tracks' }).boundingBox())!;
  expect(panel.y + panel.height, `the Inspector ends above the tracks at ${where}`).toBeLessThanOrEqual(
    row.y + row.height,
  );
  const overflow = await inspector.evaluate((pane) => ({
    content: pane.scrollHeight,
    shown: pane.clientHeight,
    scrolls: getComputedStyle(pane).overflowY,
  }));
  if (overflow.content > overflow.shown) expect(overflow.scrolls, `the Inspector at ${where}`).toBe('auto');
  for (const track of ['Captions 1', 'Video 1', 'Audio 1'])
    await expect(page.getByRole('group', { name: `${track} track` }), `${track} at ${where}`).toBeInViewport({
      ratio: 1,
    });
}

test('with a long transcript and a keyframed clip open, no dock tab makes the page wider than the window, and the monitor keeps its picture, at every size and theme', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await firstLaunchPage(page).useLocalWorkspace();
  await projectsPage(page).create('Long words');
  const api = await serviceApi(app);
  const projectId: number = (await api.get('/projects?limit=1')).data[0].id;
  const parts = librivoxSentences().flatMap((s) => [s, { silenceMs: 500 }]);
  const file = await makeSpokenClip(fixtures.dir, `talk-${projectId}.mp4`, parts);
  const durationMs = await probeDurationMs(file);
  const asset = await api.upload(file, projectId);
  const empty = (await api.get(`/projects/${projectId}/editor/timeline`)).data;
  const video = empty.tracks.find((t: { kind: string }) => t.kind === 'video');
  const clipId = randomUUID();
  const keys = (from: number, to: number) => [
    { atMs: 0, value: from, easing: 'easeInOut' },
    { atMs: 4000, value: to },
  ];
  const added = await api.post(`/projects/${projectId}/editor/commands`, {
    revision: empty.revision,
    commands: [
      { type: 'addClip', trackId: video.id, clipId, assetId: asset.id, startMs: 0, inMs: 0, outMs: durationMs },
      // Keyframes make the Inspector long: a diamond, easing and neighbours beside each property.
      { type: 'setKeyframes', clipId, property: 'scale', keyframes: keys(1, 1.2) },
      { type: 'setKeyframes', clipId, property: 'opacity', keyframes: keys(0.6, 1) },
      { type: 'setKeyframes', clipId, property: 'positionX', keyframes: keys(-0.1, 0.1) },
    ],
  });
  expect(added.error).toBeUndefined();

  const shell = shellPage(page);
  await shell.railEntry('Timeline').click();
  const panels = productionPage(page);
  await expect(panels.dock).toBeVisible({ timeout: 30_000 });
  await panels.tab('Transcript').click();
  await panels.panel.getByRole('button', { name: 'Transcribe clip' }).click();
  await expect(panels.words.first()).toBeVisible({ timeout: 120_000 });
  expect(await panels.words.count(), 'a long transcript').toBeGreaterThan(40);
  await timelinePage(page).clips('Video 1').first().click();
  await expect(
    page.getByRole('region', { name: 'Inspector' }).getByRole('button', { name: 'Scale keyframe at playhead' }),
  ).toHaveAttribute('aria-pressed', 'true');

  for (const theme of ['dark', 'light'] as const) {
    if (theme === 'light') {
      await shell.railEntry('Settings').click();
      await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Light' }).check();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await shell.railEntry('Timeline').click();
      await expect(panels.dock).toBeVisible();
    }
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const tab of TABS) {
        await panels.tab(tab).click();
        await expect(panels.tab(tab)).toHaveAttribute('aria-selected', 'true');
        const { document, window } = await documentWidth(page);
        expect(document, `${tab} at ${size.width}×${size.height}, ${theme}`).toBeLessThanOrEqual(window);
      }
      await panels.tab('Transcript').click();
      await expect(panels.words.first()).toBeVisible();
      // The words wrap inside the dock: the transcript scrolls down, never sideways.
      const sideways = await panels.transcript.evaluate((list) => list.scrollWidth - list.clientWidth);
      expect(sideways, `the transcript's lines at ${size.width}×${size.height}`).toBeLessThanOrEqual(1);
      await onScreen(page, 'Monitor');
      await onScreen(page, 'Inspector');
      await holdsTheEditor(page, size);
      await keepScreenshot(page, testInfo, `timeline-transcript-${theme}-${size.width}x${size.height}.png`);
    }
  }
});
