// Captions laid out as docs/render-semantics.md says, by the one layout the service's render
// uses too (shared/timeline/captionLayout.ts): the caption's look (its style's preset, its
// track's and its own style properties) set in whole pixels as ffmpeg's drawtext sets text.
// Here: the catalog styles by ID, and which of a family's weights is drawn.
import { layOutCaption, type CaptionLayout, type FontMetrics } from '../../shared/timeline/captionLayout.ts';
import { CAPTION_PRESETS, type CaptionLook } from '../../shared/timeline/captionStyle.ts';
import type { Size } from './frameGeometry.ts';

export type { CaptionLayout, LaidLine, LaidWord } from '../../shared/timeline/captionLayout.ts';

/** A style this app does not know is drawn as a subtitle. */
export const captionStyleOf = (id: string): CaptionLook => CAPTION_PRESETS[id] ?? CAPTION_PRESETS.subtitle!;

export function layoutCaption(text: string, look: CaptionLook, frame: Size, metrics: FontMetrics): CaptionLayout {
  return layOutCaption(text, look, metrics, frame);
}

/** The weight drawn for `wanted` from the weights a family has: the nearest, the lighter on a tie. */
export function nearestWeight(wanted: number, available: readonly number[]): number {
  if (available.length === 0) return wanted;
  return [...available].sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted) || a - b)[0]!;
}
