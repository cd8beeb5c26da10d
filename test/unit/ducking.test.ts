// Ducking as volume keyframes (shared/timeline/ducking.ts): down by the amount during speech,
// ramps over the attack before and the release after, short gaps merged, the clip's own
// volume kept, and the commands apply (and undo) like any keyframes.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyCommands } from '../../shared/timeline/applyCommands.ts';
import { duckingCommands, duckingEnvelope, mergeSpeech } from '../../shared/timeline/ducking.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import { valueAt } from '../../shared/timeline/keyframes.ts';
import type { MediaClip } from '../../shared/timeline/timelineTypes.ts';
import { ctx, emptyTimeline } from '../support/timelineEdits.ts';

const DUCK = 10 ** (-12 / 20);

function music(volume = 1, startMs = 0, lengthMs = 8000) {
  const start = emptyTimeline();
  const audio = start.tracks[2]!.id;
  const clipId = randomUUID();
  const timeline = applyCommands(
    start,
    [
      { type: 'addClip', trackId: audio, clipId, assetId: 2, startMs, inMs: 0, outMs: lengthMs },
      { type: 'setClipProperties', clipId, properties: { volume } },
    ],
    ctx,
  );
  return { timeline, clip: timeline.tracks[2]!.clips[0] as MediaClip };
}

describe('ducking', () => {
  it('merges speech closer than the release', () => {
    expect(
      mergeSpeech(
        [
          { startMs: 3200, endMs: 3500 },
          { startMs: 1000, endMs: 1400 },
          { startMs: 1900, endMs: 2500 },
        ],
        600,
      ),
    ).toEqual([
      { startMs: 1000, endMs: 2500 },
      { startMs: 3200, endMs: 3500 },
    ]);
  });

  it('writes volume keyframes down by the amount in speech, ramped over attack and release, the clip volume kept', () => {
    const { timeline, clip } = music(0.5);
    const speech = [
      { startMs: 1000, endMs: 1500 },
      { startMs: 1800, endMs: 2500 }, // 300 ms after: merged with the first
      { startMs: 5000, endMs: 6000 },
    ];
    const commands = duckingCommands(speech, [clip]);
    expect(commands).toHaveLength(1);
    const done = applyWithInverse(timeline, commands, ctx);
    expect(applyCommands(done.timeline, done.inverse, ctx).tracks).toStrictEqual(timeline.tracks);
    const keys = (done.timeline.tracks[2]!.clips[0] as MediaClip).keyframes!.volume!;
    const at = (t: number) => valueAt(keys, 0.5, t);
    expect(at(0)).toBeCloseTo(0.5);
    expect(at(700)).toBeCloseTo(0.5);
    expect(at(850)).toBeCloseTo((0.5 * (1 + DUCK)) / 2, 4);
    expect(at(1000)).toBeCloseTo(0.5 * DUCK, 5);
    expect(at(1650)).toBeCloseTo(0.5 * DUCK, 5); // the merged gap stays down
    expect(at(2500)).toBeCloseTo(0.5 * DUCK, 5);
    expect(at(2800)).toBeCloseTo((0.5 * (1 + DUCK)) / 2, 4);
    expect(at(3100)).toBeCloseTo(0.5);
    expect(at(4700)).toBeCloseTo(0.5);
    expect(at(5500)).toBeCloseTo(0.5 * DUCK, 5);
    expect(at(6600)).toBeCloseTo(0.5);
  });

  it('takes the lower of a release and the next attack where they overlap', () => {
    const points = duckingEnvelope(
      [
        { startMs: 1000, endMs: 2000 },
        { startMs: 2700, endMs: 3000 },
      ],
      0.25,
      300,
      600,
    );
    const gain = (t: number) =>
      valueAt(
        points.map((p) => ({ atMs: p.atMs, value: p.gain })),
        1,
        t,
      );
    // Release 2000→2600 rises to 1, attack 2400→2700 falls from 1: they cross at 2500, both 0.875 there.
    expect(gain(2500)).toBeCloseTo(Math.min(0.25 + 0.75 * (500 / 600), 1 - 0.75 * (100 / 300)), 2);
    expect(gain(2700)).toBeCloseTo(0.25);
    expect(Math.max(...points.map((p) => p.gain))).toBeLessThanOrEqual(1);
  });

  it('leaves a clip no speech reaches as it is', () => {
    const { clip } = music(1, 10_000, 2000);
    expect(duckingCommands([{ startMs: 0, endMs: 1000 }], [clip])).toEqual([]);
  });
});
