// The production work around the timeline as edits and requests (shared/production): cuts
// of accepted speech-edit proposals, captions from a transcript, the export the timeline
// describes and its limits, a speech edit's price, and swapping a finished asset in. Every
// command list is also run through the applier as the service runs it (its catalog, its assets), so what the
// app shows at once is what the service will make of it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyOnService as serviceApply } from '../../sandbox/editor/serviceEdits.ts';
import { catalog as serviceCatalog } from '../../sandbox/editor/editorCatalog.ts';
import type { Command } from '../../sandbox/editor/timelineSchemas.ts';
import { captionPlan, cuesOf, placeCues, placeCuesOnTrack } from '../../shared/production/captionCommands.ts';
import { locate, mediaClipsOf, timelineMsOf, timelineSpanOf } from '../../shared/production/clipTime.ts';
import { findingMarkers } from '../../shared/production/findingMarkers.ts';
import { ExportInputSchema } from '../../shared/api/createTypes.ts';
import { summarizeTimeline, timelineExportInput, timelineExportProblems } from '../../shared/production/exportPlan.ts';
import { swapAssetCommands } from '../../shared/production/finishSwap.ts';
import { estimateSpeechEdit, usdText } from '../../shared/production/speechPrice.ts';
import { cutPlan } from '../../shared/production/speechCuts.ts';
import { applyCommands, type ApplyContext } from '../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { CatalogSchema, type MediaClip, type Timeline } from '../../shared/timeline/timelineTypes.ts';

const ASSETS = new Map([
  [1, { kind: 'video', durationMs: 10_000 }],
  [2, { kind: 'video', durationMs: 6_000 }],
  [3, { kind: 'audio', durationMs: 8_000 }],
  [4, { kind: 'video', durationMs: 10_000 }],
  // Asset 2 normalised: its re-encoded sound ends 47 ms sooner.
  [5, { kind: 'video', durationMs: 5_953 }],
]);
const catalog = CatalogSchema.parse(serviceCatalog());
const ctx: ApplyContext = { catalog, asset: (id) => ASSETS.get(id), newId: randomUUID };

function timelineOf(): Timeline {
  const track = (kind: 'video' | 'audio' | 'caption', name: string) => ({
    id: randomUUID(),
    kind,
    name,
    muted: false,
    locked: false,
    clips: [],
  });
  const empty: Timeline = {
    projectId: 1,
    revision: 'r0',
    durationMs: 0,
    tracks: [track('video', 'Video 1'), track('audio', 'Audio 1'), track('caption', 'Captions 1')],
  };
  const [video, audio] = empty.tracks;
  return applyCommands(
    empty,
    [
      { type: 'addClip', trackId: video!.id, clipId: randomUUID(), assetId: 1, startMs: 2000, inMs: 1000, outMs: 9000 },
      { type: 'addClip', trackId: video!.id, clipId: randomUUID(), assetId: 2, startMs: 10_000, inMs: 0, outMs: 6000 },
      { type: 'addClip', trackId: audio!.id, clipId: randomUUID(), assetId: 3, startMs: 0, inMs: 0, outMs: 8000 },
    ],
    ctx,
  );
}

/** What the service makes of the same list (it must accept it). */
function onService(timeline: Timeline, commands: EditorCommand[]): Timeline['tracks'] {
  return serviceApply(timeline.tracks as never, commands as Command[], {
    asset: (id) => {
      const a = ASSETS.get(id);
      return a && { ...(a as { kind: 'video' | 'audio'; durationMs: number }), usable: true };
    },
    newId: randomUUID,
  }).tracks;
}

const clipsOf = (timeline: Timeline, trackIndex: number) => timeline.tracks[trackIndex]!.clips as MediaClip[];

describe('asset time on the timeline', () => {
  it('maps a moment of the media to where the clip plays it, and nothing for what was trimmed away', () => {
    const clip = clipsOf(timelineOf(), 0)[0]!;
    expect(timelineMsOf(clip, 1000)).toBe(2000);
    expect(timelineMsOf(clip, 4500)).toBe(5500);
    expect(timelineMsOf(clip, 500)).toBeNull();
    expect(timelineSpanOf(clip, 500, 1500)).toEqual({ startMs: 2000, endMs: 2500 });
    expect(timelineSpanOf(clip, 9500, 9900)).toBeNull();
  });
});

describe('accepted speech-edit proposals as cuts', () => {
  it('splits and ripple-removes each range from the clip that plays it, latest first, as the service does', () => {
    const timeline = timelineOf();
    const first = clipsOf(timeline, 0)[0]!;
    const cuts = [
      { id: 'p1', startMs: 3000, endMs: 3500 },
      { id: 'p2', startMs: 6000, endMs: 7000 },
      { id: 'p3', startMs: 200, endMs: 600 },
    ];
    const plan = cutPlan(timeline, 1, cuts, first.id, ctx);
    expect(plan.applied).toEqual(['p1', 'p2']);
    expect(plan.skipped).toEqual([
      {
        id: 'p3',
        why: 'that part of the recording is no longer on the timeline (already cut or trimmed away): nothing to do.',
      },
    ]);
    const video = clipsOf(plan.timeline, 0);
    // 8 s of media minus 1.5 s cut, then the next clip moved up by 1.5 s.
    expect(video.filter((c) => c.assetId === 1).reduce((sum, c) => sum + (c.outMs - c.inMs), 0)).toBe(6500);
    expect(video.at(-1)).toMatchObject({ assetId: 2, startMs: 8500, endMs: 14_500 });
    expect(video.map((c) => [c.inMs, c.outMs])).toEqual([
      [1000, 3000],
      [3500, 6000],
      [7000, 9000],
      [0, 6000],
    ]);
    // The audio track is another track: ripple does not move it.
    expect(clipsOf(plan.timeline, 1)[0]).toMatchObject({ startMs: 0, endMs: 8000 });
    expect(JSON.parse(JSON.stringify(onService(timeline, plan.commands)))).toEqual(
      JSON.parse(JSON.stringify(plan.timeline.tracks)),
    );
  });

  it('says in words what the user can do about a proposal it cannot cut', () => {
    let timeline = timelineOf();
    const [first, second] = clipsOf(timeline, 0);
    // The first clip (media 1000–9000 ms) fades in over 1.5 s; the second is on a track then locked.
    timeline = applyCommands(
      timeline,
      [
        { type: 'setTransition', clipId: first!.id, transitionId: 'fade', durationMs: 1500 },
        { type: 'splitClip', clipId: first!.id, atMs: 7000, newClipId: randomUUID() },
      ],
      ctx,
    );
    const plan = cutPlan(
      timeline,
      1,
      [
        { id: 'inside-fade', startMs: 1500, endMs: 1800 },
        { id: 'across-split', startMs: 5800, endMs: 6300 },
        { id: 'nothing', startMs: 4000, endMs: 4000 },
      ],
      first!.id,
      ctx,
    );
    expect(plan.applied).toEqual([]);
    const why = Object.fromEntries(plan.skipped.map((s) => [s.id, s.why]));
    expect(why['inside-fade']).toBe(
      'it starts inside the 1.5 s transition at the start of its clip: shorten or remove the transition (Inspector), then accept it again.',
    );
    expect(why['across-split']).toMatch(
      /^it runs across the edge of a clip .*cut the rest by hand at the playhead \(S\)/,
    );
    expect(why.nothing).toBe('it removes nothing.');

    const locked = applyCommands(
      timeline,
      [{ type: 'updateTrack', trackId: timeline.tracks[0]!.id, locked: true }],
      ctx,
    );
    expect(second!.assetId).toBe(2);
    expect(cutPlan(locked, 2, [{ id: 'locked', startMs: 1000, endMs: 2000 }], null, ctx).skipped).toEqual([
      { id: 'locked', why: 'its clip is on a locked track: unlock the track, then accept it again.' },
    ]);
  });

  it('finds a moment of the media on whichever part of a cut clip plays it', () => {
    const timeline = timelineOf();
    const first = mediaClipsOf(timeline)[1]!;
    expect(first.clip.assetId).toBe(1);
    const plan = cutPlan(timeline, 1, [{ id: 'p1', startMs: 3000, endMs: 3500 }], first.clip.id, ctx);
    const kept = mediaClipsOf(plan.timeline).find((p) => p.clip.id === first.clip.id)!;
    expect(locate(plan.timeline, kept, 2000)).toMatchObject({ clip: { id: first.clip.id }, atMs: 3000 });
    // After the cut, 4000 ms of the media plays on the right part, 500 ms earlier than before.
    expect(locate(plan.timeline, kept, 4000)).toMatchObject({ atMs: 4500 });
    expect(locate(plan.timeline, kept, 3200)).toBeNull();
    // Captions follow every part, and skip what was cut.
    const cues = [
      { text: 'before', startMs: 2000, endMs: 2900 },
      { text: 'gone', startMs: 3100, endMs: 3400 },
      { text: 'after', startMs: 3600, endMs: 4200 },
    ];
    expect(placeCuesOnTrack(kept.track, 1, cues)).toEqual([
      { text: 'before', startMs: 3000, endMs: 3900 },
      { text: 'after', startMs: 4100, endMs: 4700 },
    ]);
  });

  it('cuts at the very start of a clip without a split there', () => {
    const timeline = timelineOf();
    const plan = cutPlan(timeline, 1, [{ id: 'p1', startMs: 1000, endMs: 1400 }], null, ctx);
    // One cut (removeRanges, as every accepted proposal now is): the clip's head goes, no piece is left before it.
    expect(plan.commands.map((c) => c.type)).toEqual(['removeRanges']);
    expect(clipsOf(plan.timeline, 0)).toHaveLength(clipsOf(timeline, 0).length);
    expect(clipsOf(plan.timeline, 0)[0]).toMatchObject({ startMs: 2000, inMs: 1400, outMs: 9000 });
  });
});

describe('review findings on the timeline', () => {
  it("puts each finding at its clip's position plus the finding's time, on every clip playing it, and none for media trimmed away", () => {
    const timeline = timelineOf();
    const finding = (startMs: number, endMs: number) => ({
      aspect: 'sound',
      severity: 'warning',
      startMs,
      endMs,
      message: 'No sound',
    });
    const markers = findingMarkers(timeline, {
      1: { id: 1, assetId: 1, state: 'completed', findings: [finding(4000, 6000), finding(9500, 9900)] },
      2: null,
    });
    expect(markers.map((m) => [m.startMs, m.endMs])).toEqual([[5000, 7000]]);
  });
});

describe('captions from a transcript', () => {
  const words = [
    { text: 'lorem', startMs: 1000, endMs: 1300 },
    { text: 'ipsum', startMs: 1400, endMs: 1700 },
    { text: 'dolor', startMs: 3200, endMs: 3500 },
    { text: 'um', startMs: 3600, endMs: 3800 },
  ];

  it('groups words into cues, breaking at a pause, and places them where the clip plays them, word by word', () => {
    const cues = cuesOf(words);
    expect(cues).toEqual([
      { text: 'lorem ipsum', startMs: 1000, endMs: 1700, words: words.slice(0, 2) },
      { text: 'dolor um', startMs: 3200, endMs: 3800, words: words.slice(2) },
    ]);
    const clip = clipsOf(timelineOf(), 0)[0]!;
    const later = (w: { text: string; startMs: number; endMs: number }) => ({
      ...w,
      startMs: w.startMs + 1000,
      endMs: w.endMs + 1000,
    });
    expect(placeCues(clip, cues)).toEqual([
      { text: 'lorem ipsum', startMs: 2000, endMs: 2700, words: words.slice(0, 2).map(later) },
      { text: 'dolor um', startMs: 4200, endMs: 4800, words: words.slice(2).map(later) },
    ]);
    // A clip that no longer plays "lorem" (trimmed from 1.2 s of its media): the caption shows only what it plays.
    const trimmed = { ...clip, inMs: 1200, startMs: 2200 };
    expect(placeCues(trimmed, cues)[0]).toMatchObject({ text: 'ipsum', startMs: 2200, endMs: 2700 });
  });

  it('adds them on a caption track they fit on, or on a new one, in edits of at most the per-request limit', () => {
    const timeline = timelineOf();
    const placed = placeCues(clipsOf(timeline, 0)[0]!, cuesOf(words));
    const plan = captionPlan(timeline, placed, randomUUID)!;
    expect(plan).toMatchObject({ count: 2, newTrack: false, trackId: timeline.tracks[2]!.id });
    const withCaptions = applyCommands(timeline, plan.edits.flat(), ctx);
    expect(withCaptions.tracks[2]!.clips.map((c) => c.kind === 'caption' && c.text)).toEqual([
      'lorem ipsum',
      'dolor um',
    ]);
    expect(onService(timeline, plan.edits.flat())[2]!.clips).toHaveLength(2);

    // The same captions again overlap those: they go on a new caption track.
    const again = captionPlan(withCaptions, placed, randomUUID, 2)!;
    expect(again.newTrack).toBe(true);
    expect(again.edits.map((e) => e.map((c) => c.type))).toEqual([['addTrack', 'addCaption'], ['addCaption']]);
    expect(
      applyCommands(withCaptions, again.edits.flat(), ctx).tracks.filter((t) => t.kind === 'caption'),
    ).toHaveLength(2);
  });
});

describe('exporting the timeline', () => {
  it('exports the whole timeline at the revision shown and the settings chosen, every track counted', () => {
    const timeline = timelineOf();
    expect(summarizeTimeline(timeline)).toEqual({ durationMs: 16_000, mediaClips: 3, captions: 0, soundingTracks: 2 });
    expect(timelineExportProblems(timeline)).toEqual([]);
    expect(timelineExportInput(7, timeline.revision, { resolution: '720p', frameRate: 25, quality: 'high' })).toEqual({
      projectId: 7,
      timeline: { revision: timeline.revision },
      output: { resolution: '720p', frameRate: 25, quality: 'high' },
    });
    // The body is what the service takes: clips or timeline, never both.
    expect(ExportInputSchema.safeParse(timelineExportInput(7, 'r3', {})).success).toBe(true);
    expect(ExportInputSchema.safeParse({ projectId: 7, timeline: {}, clips: [{ assetId: 1 }] }).success).toBe(false);
    expect(ExportInputSchema.safeParse({ projectId: 7, timeline: {}, output: { resolution: '4k' } }).success).toBe(
      false,
    );
  });

  it('says what to change when the timeline is empty or holds too many media clips; a long one exports (in parts)', () => {
    const empty = { ...timelineOf(), durationMs: 0, tracks: timelineOf().tracks.map((t) => ({ ...t, clips: [] })) };
    expect(timelineExportProblems(empty)).toEqual(['The timeline has no media clips: add some before exporting.']);
    const video = timelineOf().tracks[0]!;
    const many = Array.from({ length: 1001 }, (_v, i) => ({
      ...video.clips[0]!,
      id: randomUUID(),
      startMs: i * 20_000,
    }));
    const long = { ...timelineOf(), durationMs: 1001 * 2_000, tracks: [{ ...video, clips: many }] };
    // Issue 24: a timeline export has no 30-minute limit (the service draws it in parts).
    expect(timelineExportProblems(long)).toEqual([
      'The timeline holds 1001 media clips; an export takes at most 1000: remove 1, or export it in parts.',
    ]);
  });
});

describe("a speech edit's price before it is asked for", () => {
  const model = {
    id: 'edit-text-1',
    inputCreditsPerMillionTokens: 300,
    outputCreditsPerMillionTokens: 1200,
    usdPerCredit: 0.01,
  };
  const words = Array.from({ length: 70 }, (_, i) => ({
    text: i % 7 === 6 ? 'um' : 'lorem',
    startMs: i * 400,
    endMs: i * 400 + 320,
  }));

  it("estimates tokens from the transcript and prices them at the model's credits per million tokens", () => {
    const edit = estimateSpeechEdit('interview-edit', words, model)!;
    expect(edit.inputTokens).toBeGreaterThan(300);
    expect(edit.outputTokens).toBeGreaterThan(400);
    expect(edit.usd).toBeCloseTo(((edit.inputTokens * 300 + edit.outputTokens * 1200) / 1e6) * 0.01, 10);
    expect(estimateSpeechEdit('caption-translation', words, model)!.outputTokens).not.toBe(edit.outputTokens);
    expect(estimateSpeechEdit('interview-edit', words, { id: 'x' })).toBeNull();
    expect(usdText(0.000123)).toBe('$0.0001');
    expect(usdText(1.5)).toBe('$1.50');
  });
});

describe('swapping a finished asset in', () => {
  it('puts the clip back at the same place, with the same id, trims, properties, effects and transition', () => {
    let timeline = timelineOf();
    const b = clipsOf(timeline, 0)[1]!;
    timeline = applyCommands(
      timeline,
      [
        { type: 'setTransition', clipId: b.id, transitionId: 'fade', durationMs: 300 },
        { type: 'setClipProperties', clipId: b.id, properties: { volume: 0.7 } },
        { type: 'applyEffect', clipId: b.id, effectId: 'blur', params: { radius: 3 } },
      ],
      ctx,
    );
    const before = clipsOf(timeline, 0)[1]!;
    const commands = swapAssetCommands(before, timeline.tracks[0]!.id, 4, 10_000, catalog);
    const after = clipsOf(applyCommands(timeline, commands, ctx), 0)[1]!;
    expect(after).toEqual({ ...before, assetId: 4 });
    expect(onService(timeline, commands)[0]!.clips[1]).toMatchObject({
      id: before.id,
      assetId: 4,
      startMs: before.startMs,
      properties: { volume: 0.7 },
    });
    expect(mediaClipsOf(timeline).map((p) => p.number)).toEqual([1, 2, 3]);
  });

  it('ends the clip where a derivative a little shorter than its source ends, instead of refusing it', () => {
    const timeline = timelineOf();
    const played = clipsOf(timeline, 0)[1]!;
    expect([played.assetId, played.outMs]).toEqual([2, 6000]);
    const commands = swapAssetCommands(played, timeline.tracks[0]!.id, 5, 5_953, catalog);
    const after = clipsOf(applyCommands(timeline, commands, ctx), 0)[1]!;
    expect(after).toMatchObject({ id: played.id, assetId: 5, startMs: played.startMs, inMs: 0, outMs: 5_953 });
    expect(after.endMs).toBe(played.startMs + 5_953);
    expect(onService(timeline, commands)[0]!.clips[1]).toMatchObject({ assetId: 5, outMs: 5_953 });
  });
});
