// Editing by the text (shared/transcript): the timeline read as words, what deleting words,
// fillers and pauses cuts (split and ripple on the clip and on the clips in step with it),
// restoring a cut passage, and captions following the words they show. Every command list
// is also run through the applier as the service runs it (its catalog, its assets), so what the app shows at
// once is what the service makes of it, and its undo brings everything back.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyOnService as serviceApply } from '../../sandbox/editor/serviceEdits.ts';
import { catalog as serviceCatalog } from '../../sandbox/editor/editorCatalog.ts';
import type { Command } from '../../sandbox/editor/timelineSchemas.ts';
import { captionPlan, cuesOf, placeCuesOnTrack } from '../../shared/production/captionCommands.ts';
import { cutPlan } from '../../shared/production/speechCuts.ts';
import { applyCommands, type ApplyContext } from '../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import {
  CatalogSchema,
  type CaptionClip,
  type MediaClip,
  type Timeline,
  type Track,
} from '../../shared/timeline/timelineTypes.ts';
import { clipsNamed, followCaptions } from '../../shared/transcript/captionFollow.ts';
import { isFiller, speechMarks } from '../../shared/transcript/speechMarks.ts';
import {
  fillerRanges,
  pauseRanges,
  planCuts,
  planRestore,
  rangesOf,
  type TimelineRange,
} from '../../shared/transcript/textCuts.ts';
import {
  deleteItems,
  quoted,
  removeFillers,
  restorePassage,
  shortenPauses,
  speechCounts,
  type TextEdit,
  type TextEditPlan,
} from '../../shared/transcript/textEdits.ts';
import {
  timelineTranscript,
  type CutItem,
  type SpokenWord,
  type WordItem,
} from '../../shared/transcript/timelineTranscript.ts';
import { findPhrase } from '../../shared/transcript/wordSearch.ts';
import {
  isSelected,
  moved,
  paragraphAround,
  selectedSpan,
  sentenceAround,
  stepFrom,
} from '../../shared/transcript/wordSelection.ts';

const ASSETS = new Map([
  [1, { kind: 'video', durationMs: 12_000 }],
  [2, { kind: 'video', durationMs: 6_000 }],
]);
const catalog = CatalogSchema.parse(serviceCatalog());
const ctx: ApplyContext = { catalog, asset: (id) => ASSETS.get(id), newId: randomUUID };

const w = (text: string, startMs: number, endMs: number): SpokenWord => ({ text, startMs, endMs });
/** The interview's words, in its own time: a hesitation, a pause of 1.5 s, a repeat. */
const SPEECH: SpokenWord[] = [
  w('so', 0, 300),
  w('um', 500, 800),
  w('I', 1000, 1200),
  w('think', 1200, 1600),
  w('that', 1700, 2000),
  w('we', 3500, 3700),
  w('we', 3800, 4000),
  w('should', 4100, 4500),
  w('go', 4600, 5000),
  w('now', 5100, 5500),
];
const transcripts = new Map([[1, SPEECH]]);

function track(kind: 'video' | 'audio' | 'caption', name: string): Track {
  return { id: randomUUID(), kind, name, muted: false, locked: false, clips: [] };
}

/** The interview (asset 1, 1 s into its media) at 2 s, then asset 2; with its sound on an audio track when `inStep`. */
function interview(inStep = false): Timeline {
  const empty: Timeline = {
    projectId: 1,
    revision: 'r0',
    durationMs: 0,
    tracks: [track('video', 'Video 1'), track('audio', 'Audio 1'), track('caption', 'Captions 1')],
  };
  const [video, audio] = empty.tracks;
  const commands: EditorCommand[] = [
    { type: 'addClip', trackId: video!.id, clipId: randomUUID(), assetId: 1, startMs: 2000, inMs: 0, outMs: 6000 },
    { type: 'addClip', trackId: video!.id, clipId: randomUUID(), assetId: 2, startMs: 8000, inMs: 0, outMs: 3000 },
  ];
  if (inStep)
    commands.push({
      type: 'addClip',
      trackId: audio!.id,
      assetId: 1,
      clipId: randomUUID(),
      startMs: 2000,
      inMs: 0,
      outMs: 6000,
    });
  return applyCommands(empty, commands, ctx);
}

/** The interview captioned from its transcript, as "Add captions" does it. */
function captioned(timeline: Timeline): Timeline {
  const video = timeline.tracks[0]!;
  const plan = captionPlan(timeline, placeCuesOnTrack(video, 1, cuesOf(SPEECH)), randomUUID)!;
  return applyCommands(timeline, plan.edits.flat(), ctx);
}

const mediaOf = (timeline: Timeline, index: number) => timeline.tracks[index]!.clips as MediaClip[];
const captionsOf = (timeline: Timeline) => timeline.tracks[2]!.clips as CaptionClip[];

/** The parts of asset 1 a track plays, in its own time. */
const played = (timeline: Timeline, index: number) =>
  mediaOf(timeline, index)
    .filter((c) => c.assetId === 1)
    .map((c) => [c.inMs, c.outMs]);

/** What the service makes of the same list (it must accept it). */
function onService(timeline: Timeline, commands: EditorCommand[]): Timeline['tracks'] {
  return serviceApply(timeline.tracks as never, commands as Command[], {
    asset: (id) => {
      const a = ASSETS.get(id);
      return a && { ...(a as { kind: 'video'; durationMs: number }), usable: true };
    },
    newId: randomUUID,
  }).tracks;
}

/** An edit as the timeline store makes it: its commands, then the captions following them — one list. */
function editWithCaptions(timeline: Timeline, commands: EditorCommand[]) {
  const after = applyCommands(timeline, commands, ctx);
  const follow = followCaptions({ before: timeline, after, touched: clipsNamed(commands), transcripts, ctx });
  const all = [...commands, ...follow.commands];
  const done = applyWithInverse(timeline, all, ctx);
  expect(onService(timeline, all)).toEqual(done.timeline.tracks);
  return { ...done, follow, all };
}

/**
 * The interview played `count` times (0.4 s each, one a second), each with its sound under it;
 * `reads` counts how often each clip's fields are read, to show how much work a step does.
 */
function longInterview(count: number): { timeline: Timeline; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const clipAt = (k: number): MediaClip => {
    const clip: MediaClip = {
      id: randomUUID(),
      kind: 'media',
      assetId: 1,
      startMs: k * 1000,
      endMs: k * 1000 + 400,
      inMs: 0,
      outMs: 400,
      properties: {},
      effects: [],
      transitionIn: null,
    };
    return new Proxy(clip, {
      get(target, field, receiver) {
        reads.set(target.id, (reads.get(target.id) ?? 0) + 1);
        return Reflect.get(target, field, receiver) as unknown;
      },
    });
  };
  const base = interview();
  const [video, audio, captions] = base.tracks;
  const timeline: Timeline = {
    ...base,
    tracks: [
      { ...video!, clips: Array.from({ length: count }, (_, k) => clipAt(k)) },
      { ...audio!, clips: Array.from({ length: count }, (_, k) => clipAt(k)) },
      captions!,
    ],
  };
  return { timeline, reads };
}

const wordsOf = (timeline: Timeline) =>
  timelineTranscript(timeline, transcripts).items.filter((i): i is WordItem => i.kind === 'word');

describe('the timeline as text', () => {
  it('lists the words each clip plays, where it plays them, in timeline order, once per recording in step', () => {
    const timeline = interview(true);
    const transcript = timelineTranscript(timeline, transcripts);
    const words = transcript.items.filter((i): i is WordItem => i.kind === 'word');
    // The clip starts at 2 s and plays its media from 0: "think" (1.2–1.6 s) at 3.2–3.6 s.
    expect(words.map((x) => x.text)).toEqual(['so', 'um', 'I', 'think', 'that', 'we', 'we', 'should', 'go', 'now']);
    expect(words[3]).toMatchObject({ startMs: 3200, endMs: 3600, clipId: mediaOf(timeline, 0)[0]!.id });
    // Its sound on the audio track plays the same words at the same time: not listed twice.
    expect(transcript.untranscribed.map((u) => u.clip.assetId)).toEqual([2]);
  });

  it('lists a long timeline of picture and sound in step once per recording, comparing each clip with a few others only', () => {
    // Comparing each clip with every one listed before (what made an edit on a 5,000-clip
    // timeline take 100 ms in the transcript tab) reads each clip's fields thousands of times.
    const { timeline, reads } = longInterview(2000);
    const transcript = timelineTranscript(timeline, transcripts);
    // Each clip plays "so" (its middle, 150 ms, is inside 0–400 ms): once per picture, its sound not listed again.
    const words = transcript.items.filter((i): i is WordItem => i.kind === 'word');
    expect(words.map((x) => x.clipId)).toEqual(timeline.tracks[0]!.clips.map((c) => c.id));
    expect(Math.max(...reads.values())).toBeLessThan(100);
  });

  it('maps the words through the in point and the speed of the clip', () => {
    const timeline = interview();
    const clip = mediaOf(timeline, 0)[0]!;
    const fast = applyCommands(
      timeline,
      [
        { type: 'trimClip', clipId: clip.id, inMs: 1000 },
        { type: 'applyEffect', clipId: clip.id, effectId: 'speed', params: { rate: 2 } },
      ],
      ctx,
    );
    const words = wordsOf(fast);
    // "so" and "um" were trimmed away; "think" (1.2 s into the media) plays 0.1 s after the clip's start at twice the speed.
    expect(words[0]!.text).toBe('I');
    expect(words[1]).toMatchObject({ text: 'think', startMs: 2100, endMs: 2300 });
  });

  it('marks fillers and repeats, long pauses, sentence and paragraph ends', () => {
    expect(isFiller('Um,')).toBe(true);
    expect(speechMarks([w('I', 0, 100), w('I', 200, 300), w('think', 400, 500)])).toEqual(['repeat', null, null]);
    const transcript = timelineTranscript(interview(), transcripts);
    const marked = transcript.items.filter((i) => i.kind === 'word' && i.mark).map((i) => (i as WordItem).text);
    expect(marked).toEqual(['um', 'we']);
    const pauses = transcript.items.filter((i) => i.kind === 'pause');
    // 1.5 s between "that" and the first "we".
    expect(pauses).toEqual([expect.objectContaining({ startMs: 4000, endMs: 5500 })]);
    const ends = transcript.items.filter((i) => i.kind === 'word' && i.sentenceEnd).map((i) => (i as WordItem).text);
    expect(ends).toEqual(['that', 'now']);
    expect(transcript.paragraphs).toHaveLength(1);
  });
});

describe('deleting by the text', () => {
  it('cuts a run of words with the pause after it, from the clip and its sound in step, latest first', () => {
    const timeline = interview(true);
    const transcript = timelineTranscript(timeline, transcripts);
    const chosen = new Set(['think', 'that']);
    const ranges = rangesOf(transcript, (item) => item.kind === 'word' && chosen.has(item.text));
    // From "think" (3.2 s) to 250 ms after "that" (ends 4.0 s); the next word is 1.5 s away.
    expect(ranges).toEqual([{ clipId: mediaOf(timeline, 0)[0]!.id, startMs: 3200, endMs: 4250 }]);
    const plan = planCuts(timeline, ranges, ctx);
    expect(plan.skipped).toEqual([]);
    // Picture and sound lack exactly the range, in the media's time 1.2–2.25 s; what followed moved up 1.05 s.
    expect(played(plan.timeline, 0)).toEqual([
      [0, 1200],
      [2250, 6000],
    ]);
    expect(played(plan.timeline, 1)).toEqual(played(plan.timeline, 0));
    expect(mediaOf(plan.timeline, 0).at(-1)).toMatchObject({ assetId: 2, startMs: 8000 - 1050 });
    expect(onService(timeline, plan.commands)).toEqual(plan.timeline.tracks);
  });

  it('removes fillers and repeats in one plan, and shortens long pauses to what is asked', () => {
    const timeline = interview();
    const transcript = timelineTranscript(timeline, transcripts);
    const clipId = mediaOf(timeline, 0)[0]!.id;
    expect(fillerRanges(transcript)).toEqual([
      // "um" (2.5–2.8 s) up to "I" at 3.0 s; the first "we" (5.5–5.7 s) up to the second at 5.8 s.
      { clipId, startMs: 2500, endMs: 3000 },
      { clipId, startMs: 5500, endMs: 5800 },
    ]);
    // The 1.5 s pause (4.0–5.5 s) down to 400 ms: 200 ms kept on each side.
    expect(pauseRanges(transcript, 400)).toEqual([{ clipId, startMs: 4200, endMs: 5300 }]);
    const plan = planCuts(timeline, [...fillerRanges(transcript), ...pauseRanges(transcript, 400)], ctx);
    expect(wordsOf(plan.timeline).map((x) => x.text)).toEqual([
      'so',
      'I',
      'think',
      'that',
      'we',
      'should',
      'go',
      'now',
    ]);
    expect(played(plan.timeline, 0)).toEqual([
      [0, 500],
      [1000, 2200],
      [3300, 3500],
      [3800, 6000],
    ]);
  });

  it('says why a range cannot be cut: a locked track in step, a clip gone', () => {
    const timeline = interview(true);
    const audio = timeline.tracks[1]!;
    const locked = applyCommands(timeline, [{ type: 'updateTrack', trackId: audio.id, locked: true }], ctx);
    const range: TimelineRange = { clipId: mediaOf(timeline, 0)[0]!.id, startMs: 3000, endMs: 3500 };
    expect(planCuts(locked, [range], ctx).skipped[0]!.why).toMatch(/track "Audio 1" is locked/);
    expect(planCuts(timeline, [{ ...range, clipId: randomUUID() }], ctx).skipped[0]!.why).toMatch(/no longer/);
  });
});

function edit(plan: TextEditPlan): TextEdit {
  if ('nothing' in plan) throw new Error(plan.nothing);
  return plan;
}

describe("the transcript editor's actions, one edit each", () => {
  it('deletes words chosen apart (Ctrl+click) in one edit named by them, picture and sound together', () => {
    const timeline = interview(true);
    const transcript = timelineTranscript(timeline, transcripts);
    const at = (text: string) => transcript.items.findIndex((i) => i.kind === 'word' && i.text === text);
    const chosen = new Set([at('so'), at('should')]);
    const done = edit(deleteItems(timeline, transcript, (i) => chosen.has(i), ctx));
    expect(done.label).toBe('Delete “so should”');
    const after = applyCommands(timeline, done.commands, ctx);
    expect(wordsOf(after).map((x) => x.text)).toEqual(['um', 'I', 'think', 'that', 'we', 'we', 'go', 'now']);
    // "so" (0–0.3 s) up to "um" at 0.5 s, and "should" (4.1–4.5 s) up to "go" at 4.6 s: the pause after
    // each goes with it, up to the next word and at most 250 ms.
    expect(played(after, 0)).toEqual([
      [500, 4100],
      [4600, 6000],
    ]);
    expect(played(after, 1)).toEqual(played(after, 0));
    expect(onService(timeline, done.commands)).toEqual(after.tracks);
  });

  it('says why there is nothing to delete: only struck-through words chosen', () => {
    const timeline = interview();
    const cutDone = applyCommands(
      timeline,
      edit(removeFillers(timeline, timelineTranscript(timeline, transcripts), ctx)).commands,
      ctx,
    );
    const transcript = timelineTranscript(cutDone, transcripts);
    const cut = transcript.items.findIndex((i) => i.kind === 'cut');
    expect(deleteItems(cutDone, transcript, (i) => i === cut, ctx)).toEqual({
      nothing: expect.stringMatching(/already cut: choose Restore/),
    });
  });

  it('removes every filler and repeat, shortens every long pause, and counts what each would cut', () => {
    const timeline = interview();
    const transcript = timelineTranscript(timeline, transcripts);
    expect(speechCounts(transcript, 500)).toEqual({ fillers: 2, pauses: 1 });
    expect(speechCounts(transcript, 1500)).toEqual({ fillers: 2, pauses: 0 });
    const fillers = edit(removeFillers(timeline, transcript, ctx));
    expect(fillers.label).toBe('Remove 2 fillers');
    const pauses = edit(shortenPauses(timeline, transcript, 500, ctx));
    expect(pauses.label).toBe('Shorten 1 pause to 0.5 s');
    // 1.5 s down to 0.5 s: 1 s less, and what follows on the track moves up with it.
    const after = applyCommands(timeline, pauses.commands, ctx);
    expect(after.durationMs).toBe(timeline.durationMs - 1000);
    expect(shortenPauses(timeline, transcript, 1500, ctx)).toEqual({
      nothing: 'No pause in the transcript is longer than 1.5 s.',
    });
    const clean = applyCommands(timeline, fillers.commands, ctx);
    expect(removeFillers(clean, timelineTranscript(clean, transcripts), ctx)).toEqual({
      nothing: 'The transcript has no fillers or repeated words.',
    });
  });

  it('removes 400 fillers in one edit of one command, and refuses more cuts than one command takes, saying what to do', () => {
    // "so um" pairs: one filler each, one recording played whole.
    const fillersOf = (n: number) => {
      const long = { kind: 'video', durationMs: n * 1000 } as const;
      const wide: ApplyContext = { ...ctx, asset: (id) => (id === 3 ? long : ASSETS.get(id)) };
      const speech = Array.from({ length: n }, (_, k) => [
        w('so', k * 1000, k * 1000 + 300),
        w('um', k * 1000 + 400, k * 1000 + 700),
      ]).flat();
      const empty: Timeline = { projectId: 1, revision: 'r0', durationMs: 0, tracks: [track('video', 'Video 1')] };
      const add: EditorCommand = {
        type: 'addClip',
        trackId: empty.tracks[0]!.id,
        clipId: randomUUID(),
        assetId: 3,
        startMs: 0,
        inMs: 0,
        outMs: n * 1000,
      };
      const timeline = applyCommands(empty, [add], wide);
      return { timeline, wide, transcript: timelineTranscript(timeline, new Map([[3, speech]])) };
    };
    const four = fillersOf(400);
    expect(speechCounts(four.transcript, Infinity).fillers).toBe(400);
    const done = edit(removeFillers(four.timeline, four.transcript, four.wide));
    // Once limited by the 500 commands of one request (a split and a ripple remove each): now one command.
    expect(done.commands).toEqual([expect.objectContaining({ type: 'removeRanges' })]);
    // Each "um" (0.3 s) with the 250 ms after it.
    expect(applyCommands(four.timeline, done.commands, four.wide).durationMs).toBe(400 * (1000 - 550));
    const many = fillersOf(10_001);
    expect(removeFillers(many.timeline, many.transcript, many.wide)).toEqual({
      nothing: expect.stringMatching(/^That is 10001 cuts, more than the 10000 one edit can hold: select a part/),
    });
  });

  it('restores a cut passage as a new edit named by its words', () => {
    const timeline = interview();
    const cutDone = applyCommands(
      timeline,
      edit(removeFillers(timeline, timelineTranscript(timeline, transcripts), ctx)).commands,
      ctx,
    );
    const cut = timelineTranscript(cutDone, transcripts).items.find((i): i is CutItem => i.kind === 'cut')!;
    const restored = edit(restorePassage(cutDone, cut.passage, cut.text, ctx));
    expect(restored.label).toBe(`Restore “${cut.text}”`);
    expect(wordsOf(applyCommands(cutDone, restored.commands, ctx)).map((x) => x.text)).toContain(cut.text);
    expect(quoted(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('“a b c d e f …”');
  });
});

describe('finding in the transcript', () => {
  it('finds whole words and phrases whatever the case and punctuation, across pauses, in order', () => {
    const transcript = timelineTranscript(interview(), transcripts);
    const at = (text: string, nth = 0) =>
      transcript.items.map((item, i) => (item.kind === 'word' && item.text === text ? i : -1)).filter((i) => i >= 0)[
        nth
      ]!;
    expect(findPhrase(transcript, 'We  SHOULD,')).toEqual([[at('we', 1), at('should')]]);
    // "that" and the first "we" have a long pause between them: still one phrase.
    expect(findPhrase(transcript, 'that we')).toEqual([[at('that'), at('we', 0)]]);
    expect(findPhrase(transcript, 'we')).toEqual([
      [at('we', 0), at('we', 0)],
      [at('we', 1), at('we', 1)],
    ]);
    expect(findPhrase(transcript, 'th')).toEqual([]);
    expect(findPhrase(transcript, '  ')).toEqual([]);
  });
});

describe('restoring a cut passage', () => {
  it('shows the words cut between the pieces, and joins the pieces again (on the track in step too)', () => {
    const timeline = interview(true);
    const transcript = timelineTranscript(timeline, transcripts);
    const um = transcript.items.find((i) => i.kind === 'word' && i.text === 'um')!;
    const cutDone = planCuts(
      timeline,
      rangesOf(transcript, (i) => i === um),
      ctx,
    ).timeline;
    const cutItem = timelineTranscript(cutDone, transcripts).items.find((i): i is CutItem => i.kind === 'cut')!;
    expect(cutItem).toMatchObject({ text: 'um', passage: { sourceStartMs: 500, sourceEndMs: 1000 } });
    const restored = planRestore(cutDone, cutItem.passage, ctx);
    if (typeof restored === 'string') throw new Error(restored);
    // One clip again on each track, playing all of it; what follows back where it was.
    expect(played(restored.timeline, 0)).toEqual([[0, 6000]]);
    expect(played(restored.timeline, 1)).toEqual([[0, 6000]]);
    expect(mediaOf(restored.timeline, 0).at(-1)).toMatchObject({ assetId: 2, startMs: 8000 });
    expect(onService(cutDone, restored.commands)).toEqual(restored.timeline.tracks);
  });

  it('cannot restore once a piece is removed', () => {
    const timeline = interview();
    const transcript = timelineTranscript(timeline, transcripts);
    const cutDone = planCuts(timeline, fillerRanges(transcript).slice(0, 1), ctx).timeline;
    const cutItem = timelineTranscript(cutDone, transcripts).items.find((i): i is CutItem => i.kind === 'cut')!;
    const gone = applyCommands(cutDone, [{ type: 'removeClip', clipId: cutItem.passage.rightClipId }], ctx);
    expect(timelineTranscript(gone, transcripts).items.some((i) => i.kind === 'cut')).toBe(false);
    expect(planRestore(gone, cutItem.passage, ctx)).toMatch(/no longer together/);
  });
});

describe('captions follow the words they show', () => {
  it('on a long timeline with no caption made from a transcript, an edit looks at none of its clips for captions', () => {
    const { timeline, reads } = longInterview(2000);
    const clip = timeline.tracks[0]!.clips[1]!;
    const commands: EditorCommand[] = [{ type: 'moveClip', clipId: clip.id, startMs: clip.startMs + 100 }];
    const after = applyCommands(timeline, commands, ctx);
    reads.clear();
    const follow = followCaptions({ before: timeline, after, touched: clipsNamed(commands), transcripts, ctx });
    expect(follow).toEqual({ commands: [], problem: null });
    // Indexing the clips to trace captions to them read every one, on every edit.
    expect(reads.size).toBe(0);
  });

  it('carry the timing of each word when made from a transcript', () => {
    const caps = captionsOf(captioned(interview()));
    expect(caps.map((c) => c.text)).toEqual(['so um I think that', 'we we should go now']);
    expect(caps[0]!.words![3]).toEqual({ text: 'think', startMs: 3200, endMs: 3600 });
  });

  it('after words are deleted: the words leave the caption, the rest move up with the picture, inside their clip', () => {
    const timeline = captioned(interview());
    const transcript = timelineTranscript(timeline, transcripts);
    const chosen = new Set(['think', 'that']);
    const plan = planCuts(
      timeline,
      rangesOf(transcript, (i) => i.kind === 'word' && chosen.has(i.text)),
      ctx,
    );
    const done = editWithCaptions(timeline, plan.commands);
    const caps = captionsOf(done.timeline);
    expect(caps.map((c) => c.text)).toEqual(['so um I', 'we we should go now']);
    expect(caps[0]).toMatchObject({ startMs: 2000, endMs: 3200 });
    // The second caption moved up 1.05 s with its words, and each word with it.
    expect(caps[1]).toMatchObject({ startMs: 5500 - 1050, endMs: 7500 - 1050 });
    expect(caps[1]!.words!.map((x) => x.startMs)).toEqual([4450, 4750, 5050, 5550, 6050]);
    const interviewClips = mediaOf(done.timeline, 0).filter((c) => c.assetId === 1);
    for (const cap of caps) {
      expect(cap.startMs).toBeGreaterThanOrEqual(interviewClips[0]!.startMs);
      expect(cap.endMs).toBeLessThanOrEqual(interviewClips.at(-1)!.endMs);
    }
    // One undo (the inverse of the one list) brings media and captions back as they were.
    expect(applyCommands(done.timeline, done.inverse, ctx).tracks).toEqual(timeline.tracks);
  });

  it('a caption whose words are all deleted goes; one undo brings it back', () => {
    const timeline = captioned(interview());
    const transcript = timelineTranscript(timeline, transcripts);
    const second = new Set([5, 6, 7, 8, 9]);
    const plan = planCuts(
      timeline,
      rangesOf(transcript, (i) => i.kind === 'word' && second.has(i.index)),
      ctx,
    );
    const done = editWithCaptions(timeline, plan.commands);
    expect(captionsOf(done.timeline).map((c) => c.text)).toEqual(['so um I think that']);
    expect(applyCommands(done.timeline, done.inverse, ctx).tracks).toEqual(timeline.tracks);
  });

  it('after accepted speech-edit proposals: no "um" left, no caption over the next clip', () => {
    const timeline = captioned(interview());
    const clip = mediaOf(timeline, 0)[0]!;
    // The service's proposals: the hesitation, and the pause tightened to 250 ms a side.
    const cuts = [
      { id: 'p1', startMs: 500, endMs: 800 },
      { id: 'p2', startMs: 2250, endMs: 3250 },
    ];
    const plan = cutPlan(timeline, 1, cuts, clip.id, ctx);
    const done = editWithCaptions(timeline, plan.commands);
    const caps = captionsOf(done.timeline);
    expect(caps.map((c) => c.text)).toEqual(['so I think that', 'we we should go now']);
    const next = mediaOf(done.timeline, 0).find((c) => c.assetId === 2)!;
    expect(next.startMs).toBe(8000 - 300 - 1000);
    expect(Math.max(...caps.map((c) => c.endMs))).toBeLessThanOrEqual(next.startMs);
  });

  it('after an ordinary trim or ripple delete of the clip: the words trimmed away leave, the captions stay inside', () => {
    const timeline = captioned(interview());
    const clip = mediaOf(timeline, 0)[0]!;
    // The clip's end trimmed back to 4.6 s of its media: "go" and "now" are no longer played.
    const trimmed = editWithCaptions(timeline, [{ type: 'trimClip', clipId: clip.id, outMs: 4600 }]);
    expect(captionsOf(trimmed.timeline).map((c) => c.text)).toEqual(['so um I think that', 'we we should']);
    expect(captionsOf(trimmed.timeline)[1]!.endMs).toBeLessThanOrEqual(2000 + 4600);
    // Removed with ripple: its captions go with it.
    const removed = editWithCaptions(timeline, [{ type: 'removeClip', clipId: clip.id, ripple: true }]);
    expect(captionsOf(removed.timeline)).toEqual([]);
  });

  it('follow the clip when it moves, and split where another clip now plays between their words', () => {
    const timeline = captioned(interview());
    const clip = mediaOf(timeline, 0)[0]!;
    const moved = editWithCaptions(timeline, [{ type: 'moveClip', clipId: clip.id, startMs: 12_000 }]);
    expect(captionsOf(moved.timeline).map((c) => c.startMs)).toEqual([12_000, 15_500]);
    // Split between "I" and "think", and the right piece moved after the other clip.
    const rightId = randomUUID();
    const apart = editWithCaptions(timeline, [
      { type: 'splitClip', clipId: clip.id, atMs: 3200, newClipId: rightId },
      { type: 'moveClip', clipId: rightId, startMs: 11_000 },
    ]);
    const caps = captionsOf(apart.timeline);
    expect(caps.map((c) => c.text)).toEqual(['so um I', 'think that', 'we we should go now']);
    expect(caps[1]!.startMs).toBe(11_000);
  });

  it('restoring a cut passage puts its words back in the caption', () => {
    const timeline = captioned(interview());
    const transcript = timelineTranscript(timeline, transcripts);
    const cut = editWithCaptions(timeline, planCuts(timeline, fillerRanges(transcript), ctx).commands);
    expect(captionsOf(cut.timeline).map((c) => c.text)).toEqual(['so I think that', 'we should go now']);
    const passages = timelineTranscript(cut.timeline, transcripts).items.filter((i): i is CutItem => i.kind === 'cut');
    expect(passages.map((p) => p.text)).toEqual(['um', 'we']);
    let current = cut.timeline;
    for (const passage of passages.reverse()) {
      const restore = planRestore(current, passage.passage, ctx);
      if (typeof restore === 'string') throw new Error(restore);
      current = editWithCaptions(current, restore.commands).timeline;
    }
    expect(captionsOf(current).map((c) => c.text)).toEqual(['so um I think that', 'we we should go now']);
    expect(captionsOf(current).map((c) => [c.startMs, c.endMs])).toEqual(
      captionsOf(timeline).map((c) => [c.startMs, c.endMs]),
    );
  });

  it('words brought back at the edge of a caption join it; a caption that does not follow is left alone', () => {
    const timeline = captioned(interview());
    const clip = mediaOf(timeline, 0)[0]!;
    const shorter = editWithCaptions(timeline, [{ type: 'trimClip', clipId: clip.id, outMs: 4200 }]).timeline;
    const longer = editWithCaptions(shorter, [{ type: 'trimClip', clipId: clip.id, outMs: 6000 }]).timeline;
    expect(captionsOf(longer).map((c) => c.text)).toEqual(['so um I think that', 'we we should go now']);
    // A caption without word timings (typed by hand) is not moved.
    const hand = applyCommands(
      timeline,
      [{ type: 'addCaption', trackId: timeline.tracks[2]!.id, startMs: 9000, endMs: 9500, text: 'Title' }],
      ctx,
    );
    const done = editWithCaptions(hand, [{ type: 'moveClip', clipId: clip.id, startMs: 12_000 }]);
    expect(captionsOf(done.timeline).find((c) => c.text === 'Title')).toMatchObject({ startMs: 9000 });
  });
});

describe('selecting words', () => {
  const transcript = timelineTranscript(interview(), transcripts);
  const textOf = ([from, to]: [number, number]) =>
    transcript.items
      .slice(from, to + 1)
      .map((i) => (i.kind === 'word' ? i.text : `<${i.kind}>`))
      .join(' ');
  const at = (text: string, nth = 0) =>
    transcript.items.map((i, k) => (i.kind === 'word' && i.text === text ? k : -1)).filter((k) => k >= 0)[nth]!;

  it('takes a sentence (ended by a pause when the words have no punctuation) or a paragraph', () => {
    expect(textOf(sentenceAround(transcript, at('think')))).toBe('so um I think that');
    expect(textOf(sentenceAround(transcript, at('should')))).toBe('we we should go now');
    expect(textOf(paragraphAround(transcript, at('should')))).toBe('so um I think that <pause> we we should go now');
  });

  it('moves the focus by a word or to the edge of a sentence, growing the selection with Shift', () => {
    const caret = { anchor: at('I'), focus: at('I') };
    expect(moved(transcript, caret, 'next', false)).toEqual({ anchor: at('think'), focus: at('think') });
    const grown = moved(transcript, moved(transcript, caret, 'next', true), 'next', true);
    expect(textOf(selectedSpan(grown))).toBe('I think that');
    const toEnd = moved(transcript, caret, 'sentence-end', true);
    expect(textOf(selectedSpan(toEnd))).toBe('I think that');
    // Already at a sentence's end: on to the next one's.
    expect(stepFrom(transcript, at('that'), 'sentence-end')).toBe(at('now'));
    expect(stepFrom(transcript, at('so'), 'previous')).toBe(0);
    expect(stepFrom(transcript, 0, 'last')).toBe(transcript.items.length - 1);
    expect(isSelected(grown, at('think'))).toBe(true);
    expect(isSelected(grown, at('so'))).toBe(false);
  });
});
