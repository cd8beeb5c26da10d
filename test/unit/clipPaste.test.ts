// Pasting clips copied in another project (issue 21): their tracks do not exist there, so each
// goes on a track of its kind with room for it — the one the user just added, say — or on a
// new track added by the same edit; never onto a track it overlaps ("would overlap … Video 1").
// Pasted in the project they came from, clips go back on their own tracks, as before.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyCommands } from '../../shared/timeline/applyCommands.ts';
import { defaultProperties } from '../../shared/timeline/timelineRules.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { copyClips, locate, pasteCommands } from '../../renderer/model/timeline/clipCommands.ts';
import { catalog, ctx, emptyTimeline } from '../support/timelineEdits.ts';

const defaults = defaultProperties(catalog);

/** A project's timeline with one video clip of asset 1 on each named video track, at startMs. */
function withClips(placements: { track: string; startMs: number; outMs: number }[]): Timeline {
  const timeline = emptyTimeline();
  return applyCommands(
    timeline,
    placements.map(({ track, startMs, outMs }) => ({
      type: 'addClip',
      trackId: timeline.tracks.find((t) => t.name === track)!.id,
      clipId: randomUUID(),
      assetId: 1,
      startMs,
      inMs: 0,
      outMs,
    })),
    ctx,
  );
}

function copiedFrom(timeline: Timeline, projectId: number) {
  const ids = timeline.tracks.flatMap((t) => t.clips.map((c) => c.id));
  return copyClips(locate(timeline, ids), { projectId, assets: new Map() });
}

const clipsOn = (timeline: Timeline, name: string) => timeline.tracks.find((t) => t.name === name)!.clips;

describe('pasting into another project', () => {
  const inA = copiedFrom(withClips([{ track: 'Video 1', startMs: 0, outMs: 4000 }]), 1);

  it('goes on the track of its kind that has room (the one just added), not onto the clip of Video 1', () => {
    // Project B: Video 1 has a clip under the playhead; Video 2 is empty (added for the paste).
    const b = withClips([{ track: 'Video 1', startMs: 0, outMs: 6000 }]);
    const after = applyCommands(b, pasteCommands(b, inA, 1000, defaults, randomUUID), ctx);
    expect(clipsOn(after, 'Video 1')).toHaveLength(1);
    expect(clipsOn(after, 'Video 2')).toMatchObject([{ startMs: 1000, endMs: 5000, assetId: 1 }]);
  });

  it('adds a track for it in the same edit when no track of its kind has room', () => {
    const b = withClips([
      { track: 'Video 1', startMs: 0, outMs: 6000 },
      { track: 'Video 2', startMs: 2000, outMs: 6000 },
    ]);
    const commands = pasteCommands(b, inA, 1000, defaults, randomUUID);
    expect(commands[0]).toMatchObject({ type: 'addTrack', kind: 'video', index: 2 });
    const after = applyCommands(b, commands, ctx);
    const added = after.tracks[2]!;
    expect(added.kind).toBe('video');
    expect(added.clips).toMatchObject([{ startMs: 1000, endMs: 5000 }]);
  });
});

describe('pasting in the project the clips came from', () => {
  it('puts them back on their own track, where an overlap is refused as before', () => {
    const a = withClips([{ track: 'Video 1', startMs: 0, outMs: 4000 }]);
    const copied = copiedFrom(a, 1);
    const later = applyCommands(a, pasteCommands(a, copied, 5000, defaults, randomUUID), ctx);
    expect(clipsOn(later, 'Video 1').map((c) => c.startMs)).toEqual([0, 5000]);
    expect(() => applyCommands(a, pasteCommands(a, copied, 1000, defaults, randomUUID), ctx)).toThrow(/overlap/);
  });
});
