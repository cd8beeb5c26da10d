// The two-up view's frames: while a trim is dragged, the monitor shows the two frames at the
// edit point as the drag would leave them — a roll's outgoing and incoming frames, a slip's
// new first and last frames, a slide's neighbours where they now meet, a ripple's edge and
// the clip beside it. Each is a moment of a clip's media (its asset and source time).
import type { Clip, Timeline } from '../../../shared/timeline/timelineTypes.ts';
import { locate } from './clipCommands.ts';
import { FRAME_MS } from './timelineGeometry.ts';
import { cutAt } from './trimModes.ts';

/** A frame of a clip's media the monitor shows beside another while trimming. */
export interface TwoUpSide {
  readonly assetId: number;
  /** Where in the media, ms. */
  readonly sourceMs: number;
  readonly label: string;
}

export type TwoUpTool = 'ripple' | 'roll' | 'slip' | 'slide';

const speedOf = (clip: Clip) =>
  clip.kind === 'media' ? (clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1) : 1;

/** A frame of a media clip: `fromEnd` counts back from its out point, else on from its in point (source ms moved by `shiftMs` of timeline). */
function side(clip: Clip | undefined | null, edge: 'first' | 'last', shiftMs: number, label: string): TwoUpSide | null {
  if (!clip || clip.kind !== 'media') return null;
  const shift = Math.round(shiftMs * speedOf(clip));
  const sourceMs = edge === 'first' ? clip.inMs + shift : Math.max(clip.inMs, clip.outMs + shift - FRAME_MS);
  return { assetId: clip.assetId, sourceMs: Math.max(0, Math.round(sourceMs)), label };
}

/** The two frames at the edit point as the drag would leave them, for the monitor's two-up view. */
export function twoUpOf(
  timeline: Timeline,
  tool: TwoUpTool | 'select',
  clipId: string,
  part: 'body' | 'start' | 'end',
  deltaMs: number,
): readonly [TwoUpSide | null, TwoUpSide | null] | null {
  const found = locate(timeline, [clipId])[0];
  if (!found) return null;
  const { clip, track } = found;
  const at = track.clips.indexOf(clip);
  const previous = track.clips[at - 1];
  const next = track.clips[at + 1];
  const touching = (c: Clip | undefined, ms: number, key: 'startMs' | 'endMs') => (c && c[key] === ms ? c : null);
  switch (tool) {
    case 'roll': {
      const cut = cutAt(track, part === 'end' ? clip.endMs : clip.startMs);
      return cut ? [side(cut.before, 'last', deltaMs, 'Out'), side(cut.after, 'first', deltaMs, 'In')] : null;
    }
    case 'ripple':
      return part === 'end'
        ? [side(clip, 'last', deltaMs, 'Out'), side(touching(next, clip.endMs, 'startMs'), 'first', 0, 'Next in')]
        : [
            side(touching(previous, clip.startMs, 'endMs'), 'last', 0, 'Previous out'),
            side(clip, 'first', deltaMs, 'In'),
          ];
    case 'slip':
      return [side(clip, 'first', -deltaMs, 'In'), side(clip, 'last', -deltaMs, 'Out')];
    case 'slide':
      return [
        side(touching(previous, clip.startMs, 'endMs'), 'last', deltaMs, 'Previous out'),
        side(touching(next, clip.endMs, 'startMs'), 'first', deltaMs, 'Next in'),
      ];
    default:
      return null;
  }
}
