// An audio crossfade at a cut (docs/render-semantics.md, "Crossfade"): two clips that meet on
// one track each sound over the cut for half the crossfade, the earlier falling and the later
// rising (equal power). The clip holding it must have media beyond that edge (its handle):
// the applier says how much is missing; the clip it meets plays on as far as its media goes.
// Set on an edge nothing meets, it waits (the render does nothing there).
import type { CommandStep } from './commandStep.ts';
import { isReversed, playbackRate } from './timelineRules.ts';
import type { MediaClip } from './timelineTypes.ts';

export const CROSSFADE = 'crossfade';

/** The clip of the track that meets this one at the edge (ends where it starts, or starts where it ends). */
export function partnerAt(
  clips: readonly MediaClip[] | readonly { kind: string }[],
  clip: MediaClip,
  edge: 'in' | 'out',
) {
  return (clips as readonly MediaClip[]).find(
    (c) =>
      c.kind === 'media' && c.id !== clip.id && (edge === 'in' ? c.endMs === clip.startMs : c.startMs === clip.endMs),
  );
}

/** Source ms the clip's media has beyond its first (`head`) or last picture, in play order; null when not known. */
function handleMs(clip: MediaClip, side: 'head' | 'tail', durationMs: number | null): number | null {
  const before = clip.inMs;
  const after = durationMs === null ? null : durationMs - clip.outMs;
  const reversed = isReversed(clip);
  return side === 'head' ? (reversed ? after : before) : reversed ? before : after;
}

/**
 * A crossfade on the clip's edge needs the clip's own media beyond that edge for half its
 * length (its handle), and sound. Checked when it is set and whenever the clip changes, so a
 * clip that has one always can play it; the clip it meets plays on as far as its media goes.
 */
export function checkCrossfade(
  s: CommandStep,
  clip: MediaClip,
  edge: 'in' | 'out',
  durationMs: number,
  field: string,
): void {
  if (clip.freezeMs !== undefined)
    s.fail('editor.command_invalid', field, `clip ${clip.id} is a freeze frame, without sound: it cannot crossfade.`);
  const facts = s.ctx.asset(clip.assetId);
  if (facts?.kind === 'image')
    s.fail('editor.command_invalid', field, `clip ${clip.id} is an image, without sound: it cannot crossfade.`);
  const side = edge === 'in' ? 'head' : 'tail';
  const wanted = Math.ceil((durationMs / 2) * playbackRate(clip));
  // Where the media's length is not known here, the service decides.
  const has = handleMs(clip, side, facts ? facts.durationMs : null);
  if (has !== null && has < wanted)
    s.fail(
      'editor.command_invalid',
      field,
      `a ${durationMs} ms crossfade plays half of it past the clip's edge: clip ${clip.id} needs ${wanted} ms of media ${side === 'head' ? 'before its start' : 'after its end'} and has ${has} ms. Trim it to leave media beyond the cut, or shorten the crossfade.`,
    );
}
