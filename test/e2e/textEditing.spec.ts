// Editing by the text, end to end in browser mode against the bundled sandbox and its real
// recogniser (PocketSphinx): a spoken clip (LibriVox sentences, one word said twice, so the
// recogniser hears a repeat — a filler) is transcribed and captioned; two words and the
// filler are deleted from the transcript in one edit. The service's timeline then lacks
// exactly those ranges (from the word timings the service gave), the captions lack those
// words and each of their words sits over the piece of the clip that plays it, the monitor
// plays straight across the cut, and one undo brings the service's timeline back as it was.
// Then "Remove all fillers" cuts the repeat alone, and Enter on its struck-through passage
// restores it: the timeline is as it was again.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { keepScreenshot } from './pages/keepScreenshot.ts';
import { productionPage } from './pages/productionPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { shellPage } from './pages/shellPage.ts';
import { timelinePage } from './pages/timelinePage.ts';
import { makeSpokenClip, probeDurationMs, serviceApi } from './support/productionMedia.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { sentence } from '../support/spokenMedia.ts';

const fixtures = makeFixtureDir();
test.use({ viewport: { width: 1440, height: 1000 } });
test.afterAll(() => fixtures.cleanup());

interface Word {
  text: string;
  startMs: number;
  endMs: number;
}

/** Polls until `check` holds. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: still not so after 30 s: ${JSON.stringify(value).slice(0, 600)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The parts of the recording [fromMs, toMs) the clips play, joined where they touch. */
function playedParts(clips: readonly { inMs: number; outMs: number }[]): [number, number][] {
  const parts: [number, number][] = [];
  for (const { inMs, outMs } of [...clips].sort((a, b) => a.inMs - b.inMs)) {
    const last = parts.at(-1);
    if (last && last[1] === inMs) last[1] = outMs;
    else parts.push([inMs, outMs]);
  }
  return parts;
}

async function monitorTimeMs(frame: Locator): Promise<number> {
  return Number(await frame.getAttribute('data-time-ms'));
}

async function playheadMs(page: Page): Promise<number> {
  return Number(await page.getByRole('slider', { name: 'Playhead' }).getAttribute('aria-valuenow'));
}

test('delete two words and a filler from the transcript: the timeline, its captions and the monitor follow; one undo brings it back', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(240_000);
  await firstLaunchPage(page).useLocalWorkspace();
  await projectsPage(page).create('Text cut');
  const api = await serviceApi(app);
  const projectId: number = (await api.get('/projects?limit=1')).data[0].id;
  // "he might even have been made amiable himself" — a pause — "he was not not an ill disposed young man":
  // the second sentence says "not" twice (its recording's "not" joined again), a repeat the recogniser hears.
  const said = sentence('0880');
  const file = await makeSpokenClip(fixtures.dir, `interview-${projectId}.mp4`, [
    sentence('0930'),
    { silenceMs: 600 },
    { of: said, fromMs: 0, toMs: 1000 },
    { of: said, fromMs: 540, toMs: 2990 },
  ]);
  const durationMs = await probeDurationMs(file);
  const asset = await api.upload(file, projectId);
  const empty = (await api.get(`/projects/${projectId}/editor/timeline`)).data;
  const video = empty.tracks.find((t: { kind: string }) => t.kind === 'video');
  const added = await api.post(`/projects/${projectId}/editor/commands`, {
    revision: empty.revision,
    commands: [{ type: 'addClip', trackId: video.id, assetId: asset.id, startMs: 0, inMs: 0, outMs: durationMs }],
  });
  expect(added.error).toBeUndefined();
  const placed = (await api.get(`/projects/${projectId}/editor/timeline`)).data;
  const clipEnd: number = placed.tracks.find((t: { id: string }) => t.id === video.id).clips[0].outMs;

  const shell = shellPage(page);
  await shell.railEntry('Timeline').click();
  const panels = productionPage(page);
  await expect(panels.dock).toBeVisible({ timeout: 30_000 });
  const tl = timelinePage(page);

  // Transcribe: the words appear in the transcript, the repeat marked.
  await panels.tab('Transcript').click();
  await panels.panel.getByRole('button', { name: 'Transcribe clip' }).click();
  const transcript = panels.transcript;
  await expect(transcript.getByRole('option').first()).toBeVisible({ timeout: 90_000 });
  const listed = await api.get(`/assets/${asset.id}/transcriptions?limit=1`);
  const words: Word[] = listed.data[0].transcript.words;
  expect(words.map((w) => w.text).join(' ')).toContain('not not');
  const filler = words.findIndex((w, i) => w.text === 'not' && words[i + 1]?.text === 'not');
  // Two words of the first sentence, apart from each other (its third and sixth, whatever the recogniser heard).
  const first = 2;
  const second = 5;
  expect(filler, words.map((w) => w.text).join(' ')).toBeGreaterThan(second + 1);
  const option = (i: number) =>
    transcript
      .getByRole('option', { name: new RegExp(`^${words[i]!.text}, at \\d+:\\d\\d\\.\\d`) })
      .nth(words.slice(0, i).filter((w) => w.text === words[i]!.text).length);
  await expect(option(filler)).toHaveAccessibleName(/, repeated$/);

  // Captions from the transcript, each with its words' timings.
  await panels.panel.getByRole('button', { name: 'Add captions to the timeline' }).click();
  const read = async () => (await api.get(`/projects/${projectId}/editor/timeline`)).data;
  const captionsOf = (t: any): any[] => t.tracks.find((k: { kind: string }) => k.kind === 'caption')?.clips ?? [];
  const before = await eventually(read, (t) => captionsOf(t).length > 0, 'the captions added');
  await tl.saved();
  expect(captionsOf(before).every((c) => c.words?.length > 0)).toBe(true);

  // Select "even", then Ctrl+click "amiable" and the repeated "not"; Delete cuts the three at once.
  await option(first).click();
  await expect(option(first)).toHaveAttribute('aria-selected', 'true');
  await option(second).click({ modifiers: ['Control'] });
  await option(filler).click({ modifiers: ['Control'] });
  await expect(transcript.locator('[aria-selected="true"]')).toHaveCount(3);
  await expect(panels.panel.getByRole('button', { name: 'Delete 3 words' })).toBeEnabled();
  await transcript.press('Delete');
  await tl.saved();

  // Each word goes with the pause after it, up to the next word and at most 250 ms.
  const cut = [first, second, filler].map((i) => {
    const w = words[i]!;
    return [w.startMs, Math.min(words[i + 1]?.startMs ?? Infinity, w.endMs + 250)] as const;
  });
  const expected: [number, number][] = [];
  let from = 0;
  for (const [start, end] of [...cut].sort((a, b) => a[0] - b[0])) {
    expected.push([from, start]);
    from = end;
  }
  expected.push([from, clipEnd]);
  const after = await eventually(
    read,
    (t) => t.tracks.find((k: { id: string }) => k.id === video.id).clips.length === 4,
    'the three words cut',
  );
  const clips = after.tracks.find((k: { id: string }) => k.id === video.id).clips;
  expect(playedParts(clips)).toEqual(expected);
  // Rippled: the pieces follow one another from 0, with nothing between them.
  expect(clips.map((c: any) => c.startMs)).toEqual(
    clips.map((_c: any, i: number) => clips.slice(0, i).reduce((sum: number, c: any) => sum + c.outMs - c.inMs, 0)),
  );

  // The captions lack those words, keep the others in order, and sit inside the clips that play them.
  const captions = captionsOf(after);
  const deleted = new Set([first, second, filler]);
  const kept = words.filter((_w, i) => !deleted.has(i)).map((w) => w.text);
  expect(captions.flatMap((c) => c.text.split(/\s+/))).toEqual(kept);
  // Each caption word is over a piece of the clip that plays that very word (no caption over another
  // part of the recording, none past the end of the clip's pieces).
  const lastEnd = clips.at(-1).endMs;
  for (const caption of captions) {
    expect(caption.endMs).toBeLessThanOrEqual(lastEnd);
    for (const word of caption.words) {
      const middle = (word.startMs + word.endMs) / 2;
      const piece = clips.find((c: any) => c.startMs <= middle && middle < c.endMs);
      expect(piece, `"${word.text}" at ${middle} over a piece of the clip`).toBeDefined();
      const sourceMs = piece.inMs + (middle - piece.startMs);
      const heard = words.find((w) => w.startMs - 150 <= sourceMs && sourceMs <= w.endMs + 150 && w.text === word.text);
      expect(heard, `"${word.text}" at ${middle} plays that word (${sourceMs} ms into the recording)`).toBeDefined();
    }
  }
  // The transcript shows the cut words struck through, with a way back.
  await expect(transcript.getByRole('option', { name: /^Cut: / })).toHaveCount(3);
  await keepScreenshot(page, testInfo, 'transcript-after-cut.png');

  // The monitor plays straight across the first cut: time passes it and the picture keeps changing.
  const cutAt = clips[1].startMs;
  const frame = page.getByRole('img', { name: 'The composed frame under the playhead' });
  await tl.setPlayhead((cutAt - 600) / 1000);
  await expect(frame).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  const still = await frame.screenshot();
  const playing = transcript.locator('[aria-current="time"]');
  const currentWord = async () => ((await playing.count()) === 1 ? await playing.getAttribute('aria-label') : null);
  const wordBefore = await currentWord();
  await tl.press(' ');
  // The transcript follows: another word becomes the current one as it plays.
  await expect
    .poll(async () => {
      const now = await currentWord();
      return now !== null && now !== wordBefore;
    })
    .toBe(true);
  await expect.poll(() => monitorTimeMs(frame), { timeout: 20_000 }).toBeGreaterThan(cutAt + 400);
  const across = await frame.screenshot();
  await tl.press('k');
  expect(across.equals(still)).toBe(false);
  expect(await playheadMs(page)).toBeGreaterThan(cutAt + 400);

  // One undo: the service's timeline is as it was before the cut (clips and captions).
  await tl.press('Control+z');
  await tl.saved();
  const undone = await eventually(
    read,
    (t) => t.tracks.find((k: { id: string }) => k.id === video.id).clips.length === 1,
    'the cut undone',
  );
  expect(undone.tracks).toEqual(before.tracks);
  await expect(transcript.getByRole('option', { name: /^Cut: / })).toHaveCount(0);

  // By keyboard: the list is one tab stop; Shift+arrows grow the selection a word at a time.
  await transcript.focus();
  await transcript.press('Home');
  await transcript.press('Shift+ArrowRight');
  await expect(transcript.locator('[aria-selected="true"]')).toHaveCount(2);
  await expect(panels.panel.getByRole('button', { name: 'Delete 2 words' })).toBeEnabled();
  await keepScreenshot(page, testInfo, 'transcript-undone.png');

  // "Remove all fillers": the repeat alone goes, in one edit; then Enter on the struck-through
  // passage restores it (a new edit): the clip plays all of its recording again.
  await panels.panel.getByRole('button', { name: 'Remove all fillers (1)' }).click();
  await tl.saved();
  const [fillerStart, fillerEnd] = cut[2]!;
  const cleaned = await eventually(
    read,
    (t) => t.tracks.find((k: { id: string }) => k.id === video.id).clips.length === 2,
    'the filler removed',
  );
  expect(playedParts(cleaned.tracks.find((k: { id: string }) => k.id === video.id).clips)).toEqual([
    [0, fillerStart],
    [fillerEnd, clipEnd],
  ]);
  const passage = transcript.getByRole('option', { name: /^Cut: / });
  await passage.click();
  await transcript.press('Enter');
  await tl.saved();
  const restored = await eventually(
    read,
    (t) => t.tracks.find((k: { id: string }) => k.id === video.id).clips.length === 1,
    'the filler restored',
  );
  expect(restored.tracks).toEqual(before.tracks);
  await expect(passage).toHaveCount(0);
});
