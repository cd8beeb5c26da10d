// Linked clips in the app (renderer/model/timeline/linkSync.ts): a selection is linked only
// when it is one clip per track, and linked clips whose media no longer line up show their
// offset in frames (the out-of-sync badge), + for the later clip and − for the earlier.
import { describe, expect, it } from 'vitest';
import type { Clip, Timeline, Track } from '../../shared/timeline/timelineTypes.ts';
import { linkProblem, offsetName, offsetText, syncOffsets } from '../../renderer/model/timeline/linkSync.ts';
import { FRAME_MS } from '../../renderer/model/timeline/timelineGeometry.ts';

function media(id: string, startMs: number, inMs: number, linkId?: string, rate?: number): Clip {
  return {
    id,
    kind: 'media',
    assetId: 1,
    startMs,
    endMs: startMs + 2000,
    inMs,
    outMs: inMs + 2000 * (rate ?? 1),
    properties: {},
    effects: rate ? [{ effectId: 'speed', params: { rate } }] : [],
    transitionIn: null,
    ...(linkId ? { linkId } : {}),
  };
}

function track(id: string, kind: Track['kind'], clips: Clip[], locked = false): Track {
  return { id, kind, name: id, muted: false, locked, clips };
}

const timeline = (...tracks: Track[]): Pick<Timeline, 'tracks'> => ({ tracks });

describe('linkProblem', () => {
  const t = timeline(
    track('V1', 'video', [media('p', 0, 0), media('p2', 3000, 0)]),
    track('A1', 'audio', [media('s', 0, 0)]),
    track('A2', 'audio', [media('m', 0, 0)], true),
  );

  it('takes two or more clips on different unlocked tracks', () => {
    expect(linkProblem(t, new Set(['p', 's']))).toBeNull();
  });

  it('says what to select for one clip, two on one track, or a locked track', () => {
    expect(linkProblem(t, new Set(['p']))).toMatch(/at least two clips on different tracks/);
    expect(linkProblem(t, new Set(['p', 'p2', 's']))).toMatch(/one clip per track/);
    expect(linkProblem(t, new Set(['p', 'm']))).toMatch(/“A2” is locked/);
  });
});

describe('syncOffsets', () => {
  it('is empty when linked clips line up, however they are trimmed', () => {
    // Both start 1 s into their media 1 s later on the timeline: the same media moment at each time.
    const t = timeline(
      track('V1', 'video', [media('p', 1000, 1000, 'L')]),
      track('A1', 'audio', [media('s', 0, 0, 'L')]),
    );
    expect(syncOffsets(t).size).toBe(0);
  });

  it('gives each clip of a slipped pair the offset in frames, opposite signs', () => {
    const t = timeline(
      track('V1', 'video', [media('p', 0, 0, 'L')]),
      track('A1', 'audio', [media('s', 3 * FRAME_MS, 0, 'L'), media('x', 5000, 0)]),
    );
    expect([...syncOffsets(t)]).toEqual([
      ['s', 3],
      ['p', -3],
    ]);
  });

  it('counts the media time through a clip’s speed and ignores less than half a frame', () => {
    // At twice the speed, 200 ms into the media is 100 ms of timeline: 3 frames.
    const fast = timeline(
      track('V1', 'video', [media('p', 0, 200, 'L', 2)]),
      track('A1', 'audio', [media('s', 0, 0, 'L')]),
    );
    expect(syncOffsets(fast).get('p')).toBe(-3);
    const close = timeline(
      track('V1', 'video', [media('p', 0, 0, 'L')]),
      track('A1', 'audio', [media('s', 10, 0, 'L')]),
    );
    expect(syncOffsets(close).size).toBe(0);
  });

  it('leaves unlinked clips and clips of other links alone', () => {
    const t = timeline(
      track('V1', 'video', [media('p', 0, 0, 'L'), media('q', 5000, 0, 'M')]),
      track('A1', 'audio', [media('s', 0, 0, 'L'), media('r', 5000 + 2 * FRAME_MS, 0, 'M'), media('u', 9000, 0)]),
    );
    expect([...syncOffsets(t)]).toEqual([
      ['r', 2],
      ['q', -2],
    ]);
  });
});

describe('the badge', () => {
  it('writes the offset with its sign and names it', () => {
    expect(offsetText(3)).toBe('+3');
    expect(offsetText(-3)).toBe('−3');
    expect(offsetName(-3)).toBe('Out of sync by 3 frames');
    expect(offsetName(1)).toBe('Out of sync by 1 frame');
  });
});
