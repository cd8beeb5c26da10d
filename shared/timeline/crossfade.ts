// An audio crossfade at a cut (docs/render-semantics.md, "Crossfade"): two clips that meet on
// one track each sound over the cut for half the crossfade, the earlier falling and the later
// rising (equal power). It needs media beyond both clips' ends to play there (handles), and
// the applier says which clip lacks how much when it is not there.
import type { CommandStep, MediaEntry } from './commandStep.ts';
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

export function checkCrossfade(s: CommandStep, entry: MediaEntry, edge: 'in' | 'out', durationMs: number): void {
  const { clip, track } = entry;
  const partner = partnerAt(track.clips, clip, edge);
  if (!partner)
    s.fail(
      'editor.command_invalid',
      'transitionId',
      `a crossfade joins two clips that meet: no clip on track "${track.name}" ${edge === 'in' ? `ends where clip ${clip.id} starts` : `starts where clip ${clip.id} ends`} (${edge === 'in' ? clip.startMs : clip.endMs} ms).`,
    );
  const [earlier, later] = edge === 'in' ? [partner, clip] : [clip, partner];
  const missing: string[] = [];
  const need = (c: MediaClip, side: 'head' | 'tail') => {
    if (c.freezeMs !== undefined) {
      missing.push(`clip ${c.id} is a freeze frame, without sound`);
      return;
    }
    const facts = s.ctx.asset(c.assetId);
    if (facts?.kind === 'image') {
      missing.push(`clip ${c.id} is an image, without sound`);
      return;
    }
    // Where the media's length is not known here, the service decides.
    if (facts === undefined || facts === null) return;
    const wanted = Math.ceil((durationMs / 2) * playbackRate(c));
    const has = handleMs(c, side, facts.durationMs);
    if (has !== null && has < wanted)
      missing.push(
        `clip ${c.id} needs ${wanted} ms of media ${side === 'head' ? 'before its start' : 'after its end'} and has ${has} ms`,
      );
  };
  need(earlier, 'tail');
  need(later, 'head');
  if (missing.length > 0)
    s.fail(
      'editor.command_invalid',
      'durationMs',
      `a ${durationMs} ms crossfade plays half of it past each clip's edge: ${missing.join('; ')}. Trim the clips to leave media beyond the cut, or shorten the crossfade.`,
    );
}
