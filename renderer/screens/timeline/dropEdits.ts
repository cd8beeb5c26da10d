// Media dropped on a track at a point, as one edit. Overwrite (the default, as in every
// editor): whatever the track holds under the new clip is cut away — clips across either
// edge are split there, what lies inside is removed. Insert (with a modifier): the clip
// under the drop point is split there and everything after it moves right by the new clip's
// length, on the track and on every sync-locked track (syncRipple.ts), so they stay in sync. Each step is made from the timeline as the steps before leave it,
// with the editor's own rules, so the commands apply as they are sent.
import { applyCommands, type ApplyContext } from '../../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../../shared/timeline/editorCommands.ts';
import type { Timeline } from '../../../shared/timeline/timelineTypes.ts';
import { addMediaCommand } from '../../model/timeline/clipCommands.ts';
import { insertTimeCommands, insertTracks } from '../../model/timeline/syncRipple.ts';

export type DropMode = 'overwrite' | 'insert';

export interface DroppedAsset {
  readonly id: number;
  readonly kind?: string;
  readonly durationMs?: number | null;
}

export interface DropEdit {
  readonly commands: EditorCommand[];
  /** The new clip's ID, to select it. */
  readonly clipId: string;
}

/**
 * The commands that place `asset` on `trackId` at `atMs`. Throws EditRejected (from the
 * editor's rules) when a step cannot apply: a locked track, a kind the track does not take.
 */
export function dropCommands(
  timeline: Timeline,
  trackId: string,
  asset: DroppedAsset,
  atMs: number,
  mode: DropMode,
  ctx: ApplyContext,
  imageMs?: number,
): DropEdit {
  const track = timeline.tracks.find((t) => t.id === trackId);
  if (!track) return { commands: [], clipId: '' };
  const add = addMediaCommand(track, asset, Math.max(0, Math.round(atMs)), () => ctx.newId(), imageMs);
  if (add.type !== 'addClip') return { commands: [add], clipId: '' };
  const start = add.startMs;
  const end = start + (add.outMs ?? 0) - (add.inMs ?? 0);

  const commands: EditorCommand[] = [];
  let current = timeline;
  const run = (command: EditorCommand) => {
    current = applyCommands(current, [command], ctx);
    commands.push(command);
  };
  const clipsNow = () => current.tracks.find((t) => t.id === trackId)?.clips ?? [];
  const splitAt = (ms: number) => {
    const across = clipsNow().find((c) => c.startMs < ms && ms < c.endMs);
    if (across) run({ type: 'splitClip', clipId: across.id, atMs: ms, newClipId: ctx.newId() });
  };

  if (mode === 'overwrite') {
    splitAt(start);
    splitAt(end);
    // The latest first, as a delete does.
    for (const clip of clipsNow()
      .filter((c) => c.startMs >= start && c.endMs <= end)
      .reverse())
      run({ type: 'removeClip', clipId: clip.id });
  } else {
    for (const command of insertTimeCommands(current, start, end - start, insertTracks(current, trackId), () =>
      ctx.newId(),
    ))
      run(command);
  }
  run(add);
  return { commands, clipId: add.clipId! };
}
