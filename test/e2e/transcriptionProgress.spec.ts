// A transcription shows how it goes while it runs (issue 26, "Long-form at speed"), end to end
// in browser mode against the bundled sandbox and its real recogniser: a recording of about
// 20 s of speech, recognised in chunks of about 3 s (CLIPDESK_SANDBOX_TRANSCRIBE_CHUNK_MS),
// shows in the Transcript tab a percentage, "n of m parts" and the words recognised so far
// before the job completes, then the whole transcript.
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { keepScreenshot } from './pages/keepScreenshot.ts';
import { productionPage } from './pages/productionPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { shellPage } from './pages/shellPage.ts';
import { makeSpokenClip, serviceApi } from './support/productionMedia.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { librivoxSentences, type SpokenPart } from '../support/spokenMedia.ts';

const fixtures = makeFixtureDir();
test.use({ viewport: { width: 1280, height: 800 }, appEnv: { CLIPDESK_SANDBOX_TRANSCRIBE_CHUNK_MS: '3000' } });
test.afterAll(() => fixtures.cleanup());

test('a transcription in chunks shows its percentage, parts and words so far, then the whole transcript', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(180_000);
  await firstLaunchPage(page).useLocalWorkspace();
  await projectsPage(page).create('Long interview');
  const api = await serviceApi(app);
  const projectId: number = (await api.get('/projects?limit=1')).data[0].id;
  const parts: SpokenPart[] = librivoxSentences()
    .slice(0, 4)
    .flatMap((s) => [s, { silenceMs: 700 }]);
  const file = await makeSpokenClip(fixtures.dir, `long-${projectId}.mp4`, parts);
  const asset = await api.upload(file, projectId);
  const timeline = (await api.get(`/projects/${projectId}/editor/timeline`)).data;
  const video = timeline.tracks.find((t: { kind: string }) => t.kind === 'video');
  const applied = await api.post(`/projects/${projectId}/editor/commands`, {
    revision: timeline.revision,
    commands: [{ type: 'addClip', trackId: video.id, assetId: asset.id, startMs: 0, inMs: 0, outMs: 20_000 }],
  });
  expect(applied.error).toBeUndefined();

  const shell = shellPage(page);
  await shell.railEntry('Timeline').click();
  const panels = productionPage(page);
  await expect(panels.dock).toBeVisible({ timeout: 30_000 });
  await panels.clip.selectOption({ index: 0 });
  await panels.tab('Transcript').click();
  await panels.panel.getByRole('button', { name: 'Transcribe clip' }).click();

  // While it runs: a share of the recording, the parts done of all, and some of its words.
  const running = panels.panel.getByRole('region', { name: /^Transcribing long-\d+\.mp4/ });
  const bar = running.getByRole('progressbar', { name: 'Transcription progress' });
  await expect(bar).toHaveAttribute('aria-valuetext', /^\d{1,2}%, \d+ of \d+ parts$/, { timeout: 90_000 });
  await expect(running).toContainText(/\d{1,2}% · \d+ of \d+ parts · \d+ words? so far/);
  const soFar = running.getByRole('region', { name: 'Words so far' });
  await expect(soFar).toContainText(/\w+/);
  const [, done, total] = /(\d+) of (\d+) parts/.exec((await bar.getAttribute('aria-valuetext'))!)!;
  expect(Number(done)).toBeLessThan(Number(total));
  await expect(running.getByRole('button', { name: /^Cancel the transcription of long-/ })).toBeEnabled();
  // The transcript editor has no words of it yet: they come when the job completes.
  await expect(panels.transcript).toHaveCount(0);
  await running.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'transcribing-dark.png');
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await keepScreenshot(page, testInfo, 'transcribing-light.png');
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));

  // Then the whole transcript, and the progress is gone.
  await expect(panels.transcript).toBeVisible({ timeout: 90_000 });
  await expect(running).toHaveCount(0);
  await expect(panels.panel).toContainText(/Transcription #\d+ · en · \d+ words/);
  expect(await panels.words.count()).toBeGreaterThan(20);
});
