// A track's mix and switches (gain, pan, solo, hidden, sync lock), linked clips and going
// back to an earlier timeline, in the one timeline model (shared/timeline): out-of-range
// values are refused with what to change, every edit is undone exactly, links survive
// splits, and the restore commands turn any later timeline into any earlier one.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommands, EditRejected } from '../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { EditorCommandSchema } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import { linkAfterSplit } from '../../shared/timeline/linkHandlers.ts';
import { withLinkedClips } from '../../shared/timeline/linkedClips.ts';
import { restoreCommands } from '../../shared/timeline/restoreCommands.ts';
import { defaultProperties, panGains, trackSounds } from '../../shared/timeline/timelineRules.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { commandFrom, ctx, emptyTimeline, lists, onService } from '../support/timelineEdits.ts';

const refusal = (timeline: Timeline, commands: EditorCommand[]): EditRejected => {
  try {
    applyCommands(timeline, commands, ctx);
  } catch (err) {
    if (err instanceof EditRejected) return err;
    throw err;
  }
  throw new Error('the list applied');
};

describe("a track's mix and switches", () => {
  it('starts at 0 dB, centred, not soloed or hidden, sync-locked', () => {
    const t = applyCommands(emptyTimeline(), [{ type: 'addTrack', kind: 'audio', trackId: randomUUID() }], ctx);
    expect(t.tracks.at(-1)).toMatchObject({ gainDb: 0, pan: 0, solo: false, hidden: false, syncLocked: true });
  });

  it('refuses a gain or pan out of range, saying the range', () => {
    const timeline = emptyTimeline();
    const trackId = timeline.tracks[2]!.id;
    const loud = refusal(timeline, [{ type: 'updateTrack', trackId, gainDb: 12.5 }]);
    expect(loud.code).toBe('editor.command_invalid');
    expect(loud.field).toBe('gainDb');
    expect(loud.message).toBe("12.5 dB is out of range: a track's gain is -60 to +12 dB.");
    expect(refusal(timeline, [{ type: 'updateTrack', trackId, gainDb: -61 }]).field).toBe('gainDb');
    const pan = refusal(timeline, [{ type: 'updateTrack', trackId, pan: -1.2 }]);
    expect(pan.field).toBe('pan');
    expect(pan.message).toBe('-1.2 is out of range: pan goes from -1 (left) through 0 (centre) to 1 (right).');
    const audio = refusal(timeline, [{ type: 'updateTrack', trackId, hidden: true }]);
    expect(audio.forPeople).toBe('An audio track has no picture to hide: mute it instead.');
    expect(refusal(timeline, [{ type: 'updateTrack', trackId }]).message).toMatch(
      /gainDb, pan, solo, hidden, syncLocked/,
    );
    // main checks the same before anything is journaled.
    const parsed = EditorCommandSchema.safeParse({ type: 'updateTrack', trackId, gainDb: 13 });
    expect(parsed.error?.issues[0]?.message).toBe('must be at most +12 dB');
  });

  it('is undone exactly, field by field, and a removed track comes back with its mix', () => {
    const timeline = emptyTimeline();
    const [video, , audio] = timeline.tracks;
    const lists: EditorCommand[][] = [
      [{ type: 'updateTrack', trackId: audio!.id, gainDb: -12, pan: -1 }],
      [{ type: 'updateTrack', trackId: video!.id, hidden: true, solo: true, syncLocked: false }],
    ];
    let t = timeline;
    for (const commands of lists) {
      const done = applyWithInverse(t, commands, ctx);
      expect(applyCommands(done.timeline, done.inverse, ctx).tracks).toStrictEqual(t.tracks);
      t = done.timeline;
    }
    expect(t.tracks[2]).toMatchObject({ gainDb: -12, pan: -1 });
    for (const track of [t.tracks[0]!, t.tracks[2]!]) {
      const removed = applyWithInverse(t, [{ type: 'removeTrack', trackId: track.id }], ctx);
      expect(applyCommands(removed.timeline, removed.inverse, ctx).tracks).toStrictEqual(t.tracks);
    }
  });

  it('pans at constant power, a centred track unchanged and a hard pan silent on the other side', () => {
    for (const pan of [-1, -0.5, 0, 0.3, 1]) {
      const { left, right } = panGains(pan);
      expect(left ** 2 + right ** 2).toBeCloseTo(2, 12);
    }
    expect(panGains(0)).toEqual({ left: expect.closeTo(1, 12), right: expect.closeTo(1, 12) });
    expect(panGains(-1).right).toBe(0);
    expect(panGains(1).left).toBe(0);
  });

  it('sounds only soloed tracks while any is soloed, never a muted one', () => {
    const tracks = [{ muted: false, solo: true }, { muted: false }, { muted: true, solo: true }];
    expect(tracks.map((t) => trackSounds(t, tracks))).toEqual([true, false, false]);
    expect(trackSounds({ muted: false }, [{ solo: false }])).toBe(true);
  });
});

describe('linked clips', () => {
  const withClips = () => {
    const timeline = emptyTimeline();
    const [video, , audio] = timeline.tracks;
    const [picture, sound, linkId] = [randomUUID(), randomUUID(), randomUUID()];
    const t = applyCommands(
      timeline,
      [
        { type: 'addClip', trackId: video!.id, clipId: picture, assetId: 1, startMs: 0, inMs: 0, outMs: 4000 },
        { type: 'addClip', trackId: audio!.id, clipId: sound, assetId: 2, startMs: 0, inMs: 0, outMs: 4000 },
        { type: 'linkClips', clipIds: [picture, sound], linkId },
      ],
      ctx,
    );
    return { t, picture, sound, linkId };
  };
  const clip = (t: Timeline, id: string) => t.tracks.flatMap((x) => x.clips).find((c) => c.id === id)!;

  it('share a link, kept through splits: left parts with left parts, right parts with right parts', () => {
    const { t, picture, sound, linkId } = withClips();
    expect(clip(t, picture).linkId).toBe(linkId);
    const [pictureRight, soundRight] = [randomUUID(), randomUUID()];
    const split = applyCommands(
      t,
      [
        { type: 'splitClip', clipId: picture, atMs: 1500, newClipId: pictureRight },
        { type: 'splitClip', clipId: sound, atMs: 1500, newClipId: soundRight },
      ],
      ctx,
    );
    expect(clip(split, sound).linkId).toBe(linkId);
    expect(clip(split, pictureRight).linkId).toBe(clip(split, soundRight).linkId);
    expect(clip(split, pictureRight).linkId).not.toBe(linkId);
    expect(clip(split, pictureRight).linkId).toBe(linkAfterSplit(linkId, 1500));
    expect(linkAfterSplit(linkId, 1500)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    // The service makes the same links.
    expect(
      onService(t, [
        { type: 'splitClip', clipId: picture, atMs: 1500, newClipId: pictureRight },
        { type: 'splitClip', clipId: sound, atMs: 1500, newClipId: soundRight },
      ]),
    ).toStrictEqual(split.tracks);
  });

  it('keeps the link through a freeze frame as through a split: the part after the hold gets the derived link', () => {
    const { t, picture, linkId } = withClips();
    const after = randomUUID();
    const frozen = applyWithInverse(
      t,
      [{ type: 'freezeFrame', clipId: picture, atMs: 1500, durationMs: 500, newClipId: after }],
      ctx,
    );
    expect(clip(frozen.timeline, picture).linkId).toBe(linkId);
    expect(clip(frozen.timeline, after).linkId).toBe(linkAfterSplit(linkId, 1500));
    expect(applyCommands(frozen.timeline, frozen.inverse, ctx).tracks).toStrictEqual(t.tracks);
  });

  it('act together: a clip chosen brings its partners, but not one on a locked track', () => {
    const { t, picture, sound } = withClips();
    expect(withLinkedClips(t, [picture])).toEqual(new Set([picture, sound]));
    const audio = t.tracks[2]!.id;
    const locked = applyCommands(t, [{ type: 'updateTrack', trackId: audio, locked: true }], ctx);
    expect(withLinkedClips(locked, [picture])).toEqual(new Set([picture]));
    const apart = applyCommands(t, [{ type: 'unlinkClips', clipIds: [sound] }], ctx);
    expect(withLinkedClips(apart, [picture])).toEqual(new Set([picture]));
  });

  it('unlink and link again, undone exactly; one clip alone without a link is refused', () => {
    const { t, picture, sound } = withClips();
    const unlinked = applyWithInverse(t, [{ type: 'unlinkClips', clipIds: [picture] }], ctx);
    expect(clip(unlinked.timeline, picture).linkId).toBeUndefined();
    expect(applyCommands(unlinked.timeline, unlinked.inverse, ctx).tracks).toStrictEqual(t.tracks);
    const removed = applyWithInverse(t, [{ type: 'removeClip', clipId: sound }], ctx);
    expect(applyCommands(removed.timeline, removed.inverse, ctx).tracks).toStrictEqual(t.tracks);
    const alone = refusal(t, [{ type: 'linkClips', clipIds: [picture] }]);
    expect(alone.field).toBe('clipIds');
    expect(refusal(t, [{ type: 'linkClips', clipIds: [picture, picture] }]).field).toBe('clipIds[1]');
  });
});

describe('restoring an earlier timeline', () => {
  it('turns any later timeline into any earlier one with commands the service accepts', () => {
    const defaults = defaultProperties(ctx.catalog);
    fc.assert(
      fc.property(lists, fc.nat(), (edits, back) => {
        const seen: Timeline[] = [emptyTimeline()];
        for (const picks of edits) {
          const last = seen.at(-1)!;
          try {
            seen.push(
              applyCommands(
                last,
                picks.map((pick) => commandFrom(last, pick)),
                ctx,
              ),
            );
          } catch (err) {
            expect(err).toBeInstanceOf(EditRejected);
          }
        }
        const current = seen.at(-1)!;
        const target = seen[back % seen.length]!;
        const commands = restoreCommands(current, target, defaults);
        if (target === current) expect(commands).toEqual([]);
        if (commands.length === 0) return;
        expect(applyCommands(current, commands, ctx).tracks).toStrictEqual(target.tracks);
        expect(onService(current, commands)).toStrictEqual(target.tracks);
      }),
      { numRuns: 200 },
    );
  });
});
