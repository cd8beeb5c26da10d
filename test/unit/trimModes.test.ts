// The trim modes as editor commands (renderer/model/timeline/syncRipple.ts, trimModes.ts) on
// a timeline an editor cuts: picture with its linked sound, a music bed, captions. Each
// leaves every clip where an editor expects it, keeps the sync-locked tracks in step, is
// refused (saying why) past the media or when a clip would vanish, makes on the service what
// it makes in the app, and one inverse puts the timeline back exactly.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyCommands } from '../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import type { Clip, Timeline } from '../../shared/timeline/timelineTypes.ts';
import { planCuts } from '../../shared/transcript/textCuts.ts';
import { locate } from '../../renderer/model/timeline/clipCommands.ts';
import {
  insertTimeCommands,
  rippleDeleteCommands,
  rippleTrimCommands,
  type TrimPlan,
} from '../../renderer/model/timeline/syncRipple.ts';
import { rollCommands, slideCommands, slipCommands } from '../../renderer/model/timeline/trimModes.ts';
import { twoUpOf } from '../../renderer/model/timeline/twoUp.ts';
import { ASSETS, ctx, emptyTimeline, onService } from '../support/timelineEdits.ts';

const durationOf = (id: number) => ASSETS.get(id)?.durationMs ?? null;
const ids = { p1: randomUUID(), p2: randomUUID(), p3: randomUUID(), s1: randomUUID(), s2: randomUUID() };
const more = { music: randomUUID(), c1: randomUUID(), c2: randomUUID(), musicTrack: randomUUID() };

/**
 * Video 1: p1 (media 0–3 s) at 0, p2 (5–8 s) at 3 s, p3 (1–3 s) at 6 s; Audio 1: s1 and s2,
 * the sound of p1 and p2, linked to them; Music: 6 s of music at 0; Captions 1: 0–2 s, 3–5 s.
 */
function cutting(musicSyncLocked = true): Timeline {
  const empty = emptyTimeline();
  const [video, , audio, captions] = empty.tracks;
  return applyCommands(
    empty,
    [
      { type: 'addTrack', kind: 'audio', trackId: more.musicTrack, name: 'Music' },
      ...(musicSyncLocked ? [] : [{ type: 'updateTrack', trackId: more.musicTrack, syncLocked: false } as const]),
      { type: 'addClip', trackId: video!.id, clipId: ids.p1, assetId: 1, startMs: 0, inMs: 0, outMs: 3000 },
      { type: 'addClip', trackId: video!.id, clipId: ids.p2, assetId: 1, startMs: 3000, inMs: 5000, outMs: 8000 },
      { type: 'addClip', trackId: video!.id, clipId: ids.p3, assetId: 1, startMs: 6000, inMs: 1000, outMs: 3000 },
      { type: 'addClip', trackId: audio!.id, clipId: ids.s1, assetId: 1, startMs: 0, inMs: 0, outMs: 3000 },
      { type: 'addClip', trackId: audio!.id, clipId: ids.s2, assetId: 1, startMs: 3000, inMs: 5000, outMs: 8000 },
      { type: 'linkClips', clipIds: [ids.p1, ids.s1] },
      { type: 'linkClips', clipIds: [ids.p2, ids.s2] },
      { type: 'addClip', trackId: more.musicTrack, clipId: more.music, assetId: 2, startMs: 0, inMs: 0, outMs: 6000 },
      { type: 'addCaption', trackId: captions!.id, clipId: more.c1, startMs: 0, endMs: 2000, text: 'One' },
      { type: 'addCaption', trackId: captions!.id, clipId: more.c2, startMs: 3000, endMs: 5000, text: 'Two' },
    ],
    ctx,
  );
}

type Shape = [start: number, end: number, inMs?: number, outMs?: number];
/** Each track by name: its clips as [start, end, in, out] (captions [start, end]). */
function shapes(timeline: Pick<Timeline, 'tracks'>): Record<string, Shape[]> {
  const shape = (c: Clip): Shape => (c.kind === 'media' ? [c.startMs, c.endMs, c.inMs, c.outMs] : [c.startMs, c.endMs]);
  return Object.fromEntries(timeline.tracks.map((t) => [t.name, t.clips.map(shape)]));
}

/** Applies the plan; checks the service makes the same, and that the inverse restores the timeline exactly. */
function run(timeline: Timeline, plan: TrimPlan): Timeline {
  if (!('commands' in plan)) throw new Error(`refused: ${plan.problem}`);
  const done = applyWithInverse(timeline, plan.commands, ctx);
  expect(onService(timeline, plan.commands)).toEqual(done.timeline.tracks);
  expect(applyCommands(done.timeline, done.inverse, ctx).tracks).toEqual(timeline.tracks);
  return done.timeline;
}

const withPartners = (timeline: Timeline, ...clipIds: string[]) => {
  const links = new Set(locate(timeline, clipIds).map((i) => i.clip.linkId));
  const partners = timeline.tracks.flatMap((t) => t.clips.filter((c) => c.linkId && links.has(c.linkId)));
  return locate(timeline, new Set([...clipIds, ...partners.map((c) => c.id)]));
};
const problemOf = (plan: TrimPlan) => ('problem' in plan ? plan.problem : null);

const BEFORE = {
  'Video 1': [
    [0, 3000, 0, 3000],
    [3000, 6000, 5000, 8000],
    [6000, 8000, 1000, 3000],
  ],
  'Video 2': [],
  'Audio 1': [
    [0, 3000, 0, 3000],
    [3000, 6000, 5000, 8000],
  ],
  'Captions 1': [
    [0, 2000],
    [3000, 5000],
  ],
  Music: [[0, 6000, 0, 6000]],
};

describe('sync-locked ripple edits', () => {
  it('a ripple delete closes the gap on every sync-locked track: the music and captions in that time go', () => {
    const t = cutting();
    expect(shapes(t)).toEqual(BEFORE);
    const after = run(t, { commands: rippleDeleteCommands(t, withPartners(t, ids.p1)) });
    expect(shapes(after)).toEqual({
      'Video 1': [
        [0, 3000, 5000, 8000],
        [3000, 5000, 1000, 3000],
      ],
      'Video 2': [],
      'Audio 1': [[0, 3000, 5000, 8000]],
      'Captions 1': [[0, 2000]],
      Music: [[0, 3000, 3000, 6000]],
    });
  });

  it('a track with sync lock off keeps its place in a ripple delete', () => {
    const t = cutting(false);
    const after = run(t, { commands: rippleDeleteCommands(t, withPartners(t, ids.p1)) });
    expect(shapes(after).Music).toEqual([[0, 6000, 0, 6000]]);
    expect(shapes(after)['Captions 1']).toEqual([[0, 2000]]);
  });

  it('a shorter ripple trim of an end cuts the same time out of every sync-locked track', () => {
    const t = cutting();
    const after = run(t, rippleTrimCommands(t, withPartners(t, ids.p1), 'end', -1000, durationOf, randomUUID));
    expect(shapes(after)).toEqual({
      ...BEFORE,
      'Video 1': [
        [0, 2000, 0, 2000],
        [2000, 5000, 5000, 8000],
        [5000, 7000, 1000, 3000],
      ],
      'Audio 1': [
        [0, 2000, 0, 2000],
        [2000, 5000, 5000, 8000],
      ],
      'Captions 1': [
        [0, 2000],
        [2000, 4000],
      ],
      Music: [
        [0, 2000, 0, 2000],
        [2000, 5000, 3000, 6000],
      ],
    });
    // The trimmed clips keep their IDs (and so their link).
    expect(after.tracks[0]!.clips[0]!.id).toBe(ids.p1);
  });

  it('a longer ripple trim opens the time on every sync-locked track, splitting what runs across', () => {
    const t = cutting();
    const after = run(t, rippleTrimCommands(t, withPartners(t, ids.p1), 'end', 500, durationOf, randomUUID));
    expect(shapes(after)).toEqual({
      ...BEFORE,
      'Video 1': [
        [0, 3500, 0, 3500],
        [3500, 6500, 5000, 8000],
        [6500, 8500, 1000, 3000],
      ],
      'Audio 1': [
        [0, 3500, 0, 3500],
        [3500, 6500, 5000, 8000],
      ],
      'Captions 1': [
        [0, 2000],
        [3500, 5500],
      ],
      Music: [
        [0, 3000, 0, 3000],
        [3500, 6500, 3000, 6000],
      ],
    });
  });

  it('a ripple trim of a start keeps the clip where it starts and cuts that time from the others', () => {
    const t = cutting();
    const after = run(t, rippleTrimCommands(t, withPartners(t, ids.p2), 'start', 1000, durationOf, randomUUID));
    expect(shapes(after)['Video 1']).toEqual([
      [0, 3000, 0, 3000],
      [3000, 5000, 6000, 8000],
      [5000, 7000, 1000, 3000],
    ]);
    expect(shapes(after).Music).toEqual([
      [0, 3000, 0, 3000],
      [3000, 5000, 4000, 6000],
    ]);
    expect(shapes(after)['Captions 1']).toEqual([
      [0, 2000],
      [3000, 4000],
    ]);
  });

  it('a ripple trim past the media or to nothing is refused, saying how far it may go', () => {
    const t = cutting();
    expect(problemOf(rippleTrimCommands(t, withPartners(t, ids.p2), 'end', 2001, durationOf, randomUUID))).toBe(
      'The media ends 2.000 s after the clip’s end: trim at most that much.',
    );
    expect(problemOf(rippleTrimCommands(t, withPartners(t, ids.p1), 'end', -3000, durationOf, randomUUID))).toMatch(
      /would vanish/,
    );
    expect(problemOf(rippleTrimCommands(t, withPartners(t, ids.p1), 'start', -1, durationOf, randomUUID))).toBe(
      'The media starts only 0.000 s before the clip’s start: extend it at most that much.',
    );
  });

  it('a text cut moves the music and the typed captions in step (a track with sync lock off stays)', () => {
    const t = cutting();
    const plan = planCuts(t, [{ clipId: ids.p2, startMs: 3500, endMs: 4000 }], ctx);
    expect(plan.skipped).toEqual([]);
    const after = run(t, plan);
    expect(shapes(after).Music).toEqual([
      [0, 3500, 0, 3500],
      [3500, 5500, 4000, 6000],
    ]);
    expect(shapes(after)['Captions 1']).toEqual([
      [0, 2000],
      [3000, 3500],
      [3500, 4500],
    ]);
    const apart = cutting(false);
    expect(shapes(run(apart, planCuts(apart, [{ clipId: ids.p2, startMs: 3500, endMs: 4000 }], ctx))).Music).toEqual(
      BEFORE.Music,
    );
  });

  it('an insert splits every sync-locked track at the point and moves what follows', () => {
    const t = cutting();
    const after = run(t, {
      commands: insertTimeCommands(t, 1000, 500, [t.tracks[0]!.id, more.musicTrack], randomUUID),
    });
    expect(shapes(after).Music).toEqual([
      [0, 1000, 0, 1000],
      [1500, 6500, 1000, 6000],
    ]);
    expect(shapes(after)['Video 1']).toEqual([
      [0, 1000, 0, 1000],
      [1500, 3500, 1000, 3000],
      [3500, 6500, 5000, 8000],
      [6500, 8500, 1000, 3000],
    ]);
    expect(shapes(after)['Audio 1']).toEqual(BEFORE['Audio 1']);
  });
});

describe('roll, slip and slide', () => {
  const tracksOf = (t: Timeline, ...clipIds: string[]) => [...new Set(withPartners(t, ...clipIds).map((i) => i.track))];

  it('a roll moves the cut on the picture and its sound; nothing else moves', () => {
    const t = cutting();
    const after = run(t, rollCommands(tracksOf(t, ids.p1), 3000, 500, durationOf));
    expect(shapes(after)).toEqual({
      ...BEFORE,
      'Video 1': [
        [0, 3500, 0, 3500],
        [3500, 6000, 5500, 8000],
        [6000, 8000, 1000, 3000],
      ],
      'Audio 1': [
        [0, 3500, 0, 3500],
        [3500, 6000, 5500, 8000],
      ],
    });
    const left = run(t, rollCommands(tracksOf(t, ids.p1), 3000, -1000, durationOf));
    expect(shapes(left)['Video 1']!.slice(0, 2)).toEqual([
      [0, 2000, 0, 2000],
      [2000, 6000, 4000, 8000],
    ]);
  });

  it('a roll is refused where no two clips meet or a side would vanish', () => {
    const t = cutting();
    expect(problemOf(rollCommands(tracksOf(t, ids.p1), 2000, 100, durationOf))).toMatch(/two clips that meet/);
    expect(problemOf(rollCommands(tracksOf(t, ids.p1), 3000, 3000, durationOf))).toBe(
      'The cut can move at most 2.999 s right here (the clip after it would vanish).',
    );
  });

  it('a slip changes the media shown, not the place or length', () => {
    const t = cutting();
    const after = run(t, slipCommands(withPartners(t, ids.p2), -1000, durationOf));
    expect(shapes(after)).toEqual({
      ...BEFORE,
      'Video 1': [
        [0, 3000, 0, 3000],
        [3000, 6000, 4000, 7000],
        [6000, 8000, 1000, 3000],
      ],
      'Audio 1': [
        [0, 3000, 0, 3000],
        [3000, 6000, 4000, 7000],
      ],
    });
    expect(problemOf(slipCommands(withPartners(t, ids.p2), 2001, durationOf))).toBe(
      'The media ends 2.000 s after the clip’s end: slip at most that much.',
    );
  });

  it('a slide moves the clip between its neighbours, which give and take', () => {
    const t = cutting();
    const after = run(t, slideCommands(withPartners(t, ids.p2), 500, durationOf));
    expect(shapes(after)).toEqual({
      ...BEFORE,
      'Video 1': [
        [0, 3500, 0, 3500],
        [3500, 6500, 5000, 8000],
        [6500, 8000, 1500, 3000],
      ],
      'Audio 1': [
        [0, 3500, 0, 3500],
        [3500, 6500, 5000, 8000],
      ],
    });
    const left = run(t, slideCommands(withPartners(t, ids.p2), -500, durationOf));
    expect(shapes(left)['Video 1']).toEqual([
      [0, 2500, 0, 2500],
      [2500, 5500, 5000, 8000],
      [5500, 8000, 500, 3000],
    ]);
    expect(problemOf(slideCommands(withPartners(t, ids.p2), 2000, durationOf))).toMatch(/at most 1\.999 s right/);
  });

  it('commands keep every clip apart on the way (each one applies alone, in order)', () => {
    const t = cutting();
    const plans: TrimPlan[] = [
      rollCommands(tracksOf(t, ids.p1), 3000, 700, durationOf),
      slideCommands(withPartners(t, ids.p2), -700, durationOf),
    ];
    for (const plan of plans) {
      let current = t;
      for (const command of (plan as { commands: EditorCommand[] }).commands)
        current = applyCommands(current, [command], ctx);
      expect(current.tracks[0]!.clips).toHaveLength(3);
    }
  });
});

describe('the two-up view', () => {
  const frame = (sourceMs: number, label: string) => ({ assetId: 1, sourceMs, label });

  it('shows the two frames at the edit point as each trim would leave them', () => {
    const t = cutting();
    expect(twoUpOf(t, 'roll', ids.p1, 'end', 500)).toEqual([frame(3467, 'Out'), frame(5500, 'In')]);
    // Dragged right, a slip shows earlier media.
    expect(twoUpOf(t, 'slip', ids.p2, 'body', 1000)).toEqual([frame(4000, 'In'), frame(6967, 'Out')]);
    expect(twoUpOf(t, 'slide', ids.p2, 'body', 500)).toEqual([frame(3467, 'Previous out'), frame(1500, 'Next in')]);
    expect(twoUpOf(t, 'ripple', ids.p1, 'end', -1000)).toEqual([frame(1967, 'Out'), frame(5000, 'Next in')]);
    expect(twoUpOf(t, 'ripple', ids.p2, 'start', 200)).toEqual([frame(2967, 'Previous out'), frame(5200, 'In')]);
  });

  it('has no frame where there is no clip: no roll without a cut, nothing beside the last clip', () => {
    const t = cutting();
    expect(twoUpOf(t, 'roll', ids.p3, 'end', 100)).toBeNull();
    expect(twoUpOf(t, 'ripple', ids.p3, 'end', -100)).toEqual([frame(2867, 'Out'), null]);
  });
});
