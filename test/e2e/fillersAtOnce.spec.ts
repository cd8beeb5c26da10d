// "Remove all fillers" on a longer transcript is one edit and one undo, end to end in browser
// mode against the bundled sandbox and its real recogniser: a recording of five passages,
// each saying "not" twice (a repeat the recogniser hears: a filler), played as picture and
// sound on 45 tracks in step (as split and ripple remove pairs that was too much for one
// edit; as one removeRanges command it is one command). Then, with the recording 60 times
// more on the timeline, the Transcript tab holds only the words near its view. One click sends one command (one new revision of the
// service's timeline, which lacks exactly the fillers' ranges on both tracks, picture and
// sound still in step); one undo is one more revision and the timeline as it was.
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { productionPage } from './pages/productionPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { shellPage } from './pages/shellPage.ts';
import { timelinePage } from './pages/timelinePage.ts';
import { makeSpokenClip, probeDurationMs, serviceApi } from './support/productionMedia.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { sentence } from '../support/spokenMedia.ts';
import { mergeRanges } from '../../shared/timeline/rangeHandlers.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { fillerRanges } from '../../shared/transcript/textCuts.ts';
import { timelineTranscript } from '../../shared/transcript/timelineTranscript.ts';

const fixtures = makeFixtureDir();
test.use({ viewport: { width: 1440, height: 1000 } });
test.afterAll(() => fixtures.cleanup());

/** The parts of the recording the clips play, joined where they touch. */
function playedParts(clips: readonly { inMs: number; outMs: number }[]): [number, number][] {
  const parts: [number, number][] = [];
  for (const { inMs, outMs } of [...clips].sort((a, b) => a.inMs - b.inMs)) {
    const last = parts.at(-1);
    if (last && last[1] === inMs) last[1] = outMs;
    else parts.push([inMs, outMs]);
  }
  return parts;
}

const revisionNumber = (timeline: Timeline) => Number(timeline.revision.slice(1));

test('"Remove all fillers" on a longer transcript: one edit, one revision, every track in step; one undo; a long transcript drawn near its view', async ({
  page,
  app,
}) => {
  test.setTimeout(300_000);
  await firstLaunchPage(page).useLocalWorkspace();
  await projectsPage(page).create('Fillers at once');
  const api = await serviceApi(app);
  const projectId: number = (await api.get('/projects?limit=1')).data[0].id;
  // "he was not not an ill disposed young man" five times, between other sentences.
  const said = sentence('0880');
  const file = await makeSpokenClip(
    fixtures.dir,
    `fillers-${projectId}.mp4`,
    Array.from({ length: 5 }, () => [
      sentence('0930'),
      { silenceMs: 600 },
      { of: said, fromMs: 0, toMs: 1000 },
      { of: said, fromMs: 540, toMs: 2990 },
      { silenceMs: 600 },
    ]).flat(),
  );
  const durationMs = await probeDurationMs(file);
  const asset = await api.upload(file, projectId);
  const empty = (await api.get(`/projects/${projectId}/editor/timeline`)).data;
  // Picture and sound in step on 45 tracks (up to the 50 a timeline holds): as split and ripple
  // remove pairs, four fillers would cost 4 × 45 × 3 = 540 commands, more than one edit holds.
  const extra = Array.from({ length: 50 - empty.tracks.length }, () => randomUUID());
  const video = empty.tracks.find((t: { kind: string }) => t.kind === 'video').id;
  const audio = empty.tracks.find((t: { kind: string }) => t.kind === 'audio').id;
  const trackIds: string[] = [video, audio, ...extra];
  const added = await api.post(`/projects/${projectId}/editor/commands`, {
    revision: empty.revision,
    commands: [
      ...extra.map((trackId) => ({ type: 'addTrack', kind: 'audio', trackId })),
      ...trackIds.map((trackId) => ({
        type: 'addClip',
        trackId,
        assetId: asset.id,
        startMs: 0,
        inMs: 0,
        outMs: durationMs,
      })),
    ],
  });
  expect(added.error).toBeUndefined();

  await shellPage(page).railEntry('Timeline').click();
  const panels = productionPage(page);
  await expect(panels.dock).toBeVisible({ timeout: 30_000 });
  const tl = timelinePage(page);
  await panels.tab('Transcript').click();
  await panels.panel.getByRole('button', { name: 'Transcribe clip' }).click();
  await expect(panels.transcript.getByRole('option').first()).toBeVisible({ timeout: 180_000 });

  const read = async (): Promise<Timeline> => (await api.get(`/projects/${projectId}/editor/timeline`)).data;
  const before = await read();
  const words = (await api.get(`/assets/${asset.id}/transcriptions?limit=1`)).data[0].transcript.words;
  // The fillers as the app marks them, where it cuts them (each with the pause after it).
  const ranges = mergeRanges(fillerRanges(timelineTranscript(before, new Map([[asset.id, words]]))));
  expect(ranges.length, words.map((w: { text: string }) => w.text).join(' ')).toBeGreaterThanOrEqual(4);
  const button = panels.panel.getByRole('button', { name: /^Remove all fillers \(\d+\)$/ });
  await expect(button).toBeEnabled();

  await button.click();
  await expect
    .poll(async () => revisionNumber(await read()), { timeout: 30_000 })
    .toBeGreaterThan(revisionNumber(before));
  await tl.saved();
  const cleaned = await read();
  // One edit: one new revision of the service's timeline.
  expect(revisionNumber(cleaned)).toBe(revisionNumber(before) + 1);
  const expected: [number, number][] = [];
  let from = 0;
  for (const r of ranges) {
    expected.push([from, r.startMs]);
    from = r.endMs;
  }
  expected.push([from, durationMs]);
  const [picture, ...sounds] = trackIds.map((id) => cleaned.tracks.find((t) => t.id === id)!.clips as any[]);
  // The picture lacks exactly the fillers' ranges, rippled; every sound track is cut alike, in step.
  expect(playedParts(picture!)).toEqual(expected);
  expect(picture!.map((c) => c.startMs)).toEqual(
    picture!.map((_c, i) => picture!.slice(0, i).reduce((sum: number, c) => sum + c.outMs - c.inMs, 0)),
  );
  const spans = (clips: any[]) => clips.map((c) => [c.startMs, c.endMs, c.inMs, c.outMs]);
  for (const sound of sounds) expect(spans(sound)).toEqual(spans(picture!));
  await expect(panels.transcript.getByRole('option', { name: /^Cut: / })).toHaveCount(ranges.length);

  // One undo: one more revision, and the timeline as it was.
  await tl.press('Control+z');
  await expect
    .poll(async () => revisionNumber(await read()), { timeout: 30_000 })
    .toBeGreaterThan(revisionNumber(cleaned));
  await tl.saved();
  const undone = await read();
  expect(revisionNumber(undone)).toBe(revisionNumber(before) + 2);
  expect(undone.tracks).toEqual(before.tracks);
  await expect(panels.transcript.getByRole('option', { name: /^Cut: / })).toHaveCount(0);

  // A long transcript: the recording 60 times more after it on the picture track (each clip's
  // words are listed): only the words near the view are in the page, and the selection, the
  // keys and the playhead following reach all of them.
  const more = await api.post(`/projects/${projectId}/editor/commands`, {
    revision: undone.revision,
    commands: Array.from({ length: 60 }, (_v, k) => ({
      type: 'addClip',
      trackId: video,
      assetId: asset.id,
      startMs: (k + 1) * durationMs,
      inMs: 0,
      outMs: durationMs,
    })),
  });
  expect(more.error).toBeUndefined();
  await page.reload();
  await shellPage(page).railEntry('Timeline').click();
  await expect(panels.dock).toBeVisible({ timeout: 30_000 });
  await panels.tab('Transcript').click();
  const list = panels.transcript;
  await expect(list.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  const total = 61 * words.length;
  // Thousands of words; drawn: those of the blocks in view and 300 px either side.
  expect(total).toBeGreaterThan(4_000);
  expect(await list.getByRole('option').count()).toBeLessThan(2_000);
  await list.focus();
  await list.press('Control+a');
  await expect(panels.panel.getByRole('button', { name: `Delete ${total} words` })).toBeEnabled();
  await list.press('End');
  const focused = list.locator('[aria-selected="true"]');
  await expect(focused).toHaveCount(1);
  await expect(focused).toBeInViewport();
  await expect(focused).toHaveAccessibleName(new RegExp(`^${words.at(-1).text}, at `));
  await list.press('Home');
  await expect(focused).toBeInViewport();
  // Find: a phrase said in every copy of the recording; Previous from the start goes to the
  // last place, at the end of the transcript, drawn, selected and in view.
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const find = panels.panel.getByRole('searchbox', { name: 'Find a word or phrase' });
  await find.fill(`${words[0].text} ${words[1].text}`);
  const status = panels.panel.getByRole('search', { name: 'Find in the transcript' }).getByRole('status');
  await expect(status).toHaveText(/^\d+ found$/);
  const matches = Number((await status.textContent())!.split(' ')[0]);
  expect(matches).toBeGreaterThanOrEqual(61);
  await find.press('Shift+Enter');
  await expect(status).toHaveText(`${matches} of ${matches}`);
  const lastPicked = list.locator('[aria-selected="true"]').last();
  await expect(lastPicked).toBeInViewport();
  await expect(lastPicked).toHaveAccessibleName(new RegExp(`^${escaped(words[1].text)}, at `));
  // Playing from deep in the timeline, the word under the playhead is drawn and kept in view.
  await tl.setPlayhead((50 * durationMs) / 1000 + 2);
  await tl.press(' ');
  await expect(list.locator('[aria-current="time"]')).toBeInViewport({ timeout: 20_000 });
  await tl.press('k');
  expect(await list.getByRole('option').count()).toBeLessThan(2_000);
});
