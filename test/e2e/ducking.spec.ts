// Ducking in the app, end to end: two real spoken sentences (LibriVox, pocketsphinx-testdata)
// on one audio track over a steady 9 kHz tone on another (above anything the 16 kHz speech
// holds, so a narrow measure hears the tone alone). "Duck under speech…" on the tone's
// track, with no transcript, hears the speech from its level; the service renders the
// result, and the tone there is down by the chosen amount (±1 dB) while words are spoken and
// back at its level in the pause between the sentences, once the release is over.
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { samplesOf, toneLevel, toneWav } from '../support/renderFixtures.ts';
import { makeSpokenMedia, sentence } from '../support/spokenMedia.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { serviceApi, timelinePage, trackOf } from './pages/timelinePage.ts';

const TONE_HZ = 9000;
const TONE_LEVEL = 0.1;
const AMOUNT_DB = -10;
const ATTACK_MS = 300;
const RELEASE_MS = 600;
const WINDOW_MS = 200;

let fixtures: ReturnType<typeof makeFixtureDir> | null = null;
const fixtureDir = () => (fixtures ??= makeFixtureDir()).dir;
test.afterAll(() => {
  fixtures?.cleanup();
  fixtures = null;
});

/** RMS of samples [from, to) seconds. */
function rms(samples: Float32Array, from: number, to: number, rate: number): number {
  let sum = 0;
  const a = Math.round(from * rate);
  const b = Math.min(samples.length, Math.round(to * rate));
  for (let i = a; i < b; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, b - a));
}

test('Duck under speech lowers the music by the chosen amount during the words, and not between sentences', async ({
  page,
  app,
}) => {
  test.setTimeout(240_000);
  await firstLaunchPage(page).useLocalWorkspace();
  const api = await serviceApi(app);
  const projectId = await api.createProject('Ducking');
  const spoken = await makeSpokenMedia(fixtureDir(), [sentence('0880'), { silenceMs: 3000 }, sentence('0890')], {
    name: 'voice.wav',
  });
  const tone = await toneWav(fixtureDir(), {
    frequency: TONE_HZ,
    seconds: spoken.durationMs / 1000,
    amplitude: TONE_LEVEL,
  });
  const [voice, music] = [await api.upload(spoken.path, projectId), await api.upload(tone, projectId)];
  const start = await api.timeline(projectId);
  const voiceClip = crypto.randomUUID();
  await api.apply(projectId, start.revision, [
    { type: 'addTrack', kind: 'audio', name: 'Music' },
    { type: 'addClip', trackId: trackOf(start, 'audio').id, clipId: voiceClip, assetId: voice.id, startMs: 0 },
    // Speech at half level, so the mix stays under the limiter's ceiling and the tone is summed as it is.
    { type: 'setClipProperties', clipId: voiceClip, properties: { volume: 0.5 } },
  ]);
  const placed = await api.timeline(projectId);
  const musicTrack = placed.tracks.find((t) => t.name === 'Music')!;
  await api.apply(projectId, placed.revision, [
    { type: 'addClip', trackId: musicTrack.id, assetId: music.id, startMs: 0 },
  ]);

  const tl = timelinePage(page);
  await tl.open('Ducking');
  await page.getByRole('button', { name: 'Music track actions' }).click();
  await page.getByRole('menuitem', { name: 'Duck under speech…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Duck Music under speech' });
  await expect(dialog.getByLabel('Amount (dB)')).toHaveValue('-12');
  await expect(dialog.getByLabel('Attack (ms)')).toHaveValue(String(ATTACK_MS));
  await expect(dialog.getByLabel('Release (ms)')).toHaveValue(String(RELEASE_MS));
  await dialog.getByLabel('Amount (dB)').fill(String(AMOUNT_DB));
  const before = Number((await api.timeline(projectId)).revision.slice(1));
  await dialog.getByRole('button', { name: 'Duck', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await tl.saved();
  const ducked = await api.timeline(projectId);
  // One edit: the revision moved by one.
  expect(Number(ducked.revision.slice(1))).toBe(before + 1);
  const musicClip = ducked.tracks.find((t) => t.name === 'Music')!.clips[0] as unknown as {
    keyframes?: { volume?: { atMs: number; value: number }[] };
  };
  expect(musicClip.keyframes?.volume?.length).toBeGreaterThan(3);

  const file = join(fixtureDir(), 'ducked.mp4');
  await writeFile(file, await api.renderWhole(projectId, { resolution: '360p', frameRate: 25, quality: 'high' }));
  const mix = await samplesOf(file);
  const voiceSamples = await samplesOf(spoken.path);
  const rate = 48_000;
  const toneDb = (fromMs: number) =>
    20 * Math.log10(toneLevel(mix, TONE_HZ, fromMs / 1000, (fromMs + WINDOW_MS) / 1000) / TONE_LEVEL);
  // Where words are spoken: windows of the recording within 20 dB of its loudest window, and
  // so are the windows half a window before and after (one at the edge of a run is partly silence).
  const windows: { fromMs: number; level: number }[] = [];
  for (let fromMs = 0; fromMs + WINDOW_MS <= spoken.durationMs; fromMs += WINDOW_MS / 2)
    windows.push({ fromMs, level: rms(voiceSamples, fromMs / 1000, (fromMs + WINDOW_MS) / 1000, rate) });
  const loudest = Math.max(...windows.map((w) => w.level));
  const loud = windows.map((w) => w.level >= loudest / 10);
  const words = windows.filter((_, i) => loud[i]);
  const inside = windows.filter((_, i) => loud[i - 1] && loud[i] && loud[i + 1]);
  expect(inside.length).toBeGreaterThan(20);
  for (const w of inside)
    expect(
      Math.abs(toneDb(w.fromMs) - AMOUNT_DB),
      `tone at ${w.fromMs} ms, while words are spoken`,
    ).toBeLessThanOrEqual(1);

  // The pause between the sentences, once the release is over and before the next attack: the tone at its level.
  const [first, second] = spoken.sentences;
  const lastWord = Math.max(...words.filter((w) => w.fromMs < first!.endMs).map((w) => w.fromMs + WINDOW_MS));
  const nextWord = Math.min(...words.filter((w) => w.fromMs >= second!.startMs).map((w) => w.fromMs));
  const back = lastWord + RELEASE_MS + 100;
  const until = nextWord - ATTACK_MS - 100;
  expect(until - back, 'the pause is longer than the release and the attack').toBeGreaterThan(600);
  for (let fromMs = back; fromMs + WINDOW_MS <= until; fromMs += WINDOW_MS)
    expect(Math.abs(toneDb(fromMs)), `tone at ${fromMs} ms, between the sentences`).toBeLessThanOrEqual(1);

  // One undo takes the ducking back.
  await tl.press('Control+z');
  await tl.saved();
  const undone = await api.timeline(projectId);
  const after = undone.tracks.find((t) => t.name === 'Music')!.clips[0] as unknown as {
    keyframes?: { volume?: unknown[] };
  };
  expect(after.keyframes?.volume ?? []).toEqual([]);
});
