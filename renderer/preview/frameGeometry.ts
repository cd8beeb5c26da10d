// The frame of docs/render-semantics.md and where a source picture sits in it: the frame's
// size from the project's aspect ratio, a clip's box from its fit, and which moment of a
// video to seek to so that the frame shown is "the latest at or before" the source time.
import type { Fit } from '../../shared/timeline/timelineTypes.ts';

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** "16:9" → 16/9; anything unreadable is 16:9 (the service's default). */
export function aspectOf(aspectRatio: string | null | undefined): number {
  const match = /^(\d+):(\d+)$/.exec(aspectRatio ?? '');
  const [w, h] = match ? [Number(match[1]), Number(match[2])] : [16, 9];
  return w > 0 && h > 0 ? w / h : 16 / 9;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** A render's frame: the short side is `lines`, the long side follows the ratio, both even. */
export function frameSize(aspectRatio: string | null | undefined, lines: number): Size {
  const ratio = aspectOf(aspectRatio);
  return ratio >= 1
    ? { width: even(lines * ratio), height: even(lines) }
    : { width: even(lines), height: even(lines / ratio) };
}

/** The clip's box before its scale: contain fits inside, cover fills (overflowing), fill stretches. */
export function fitBox(source: Size, frame: Size, fit: Fit): Size {
  if (fit === 'fill' || source.width <= 0 || source.height <= 0) return frame;
  const byWidth = frame.width / source.width;
  const byHeight = frame.height / source.height;
  const f = fit === 'cover' ? Math.max(byWidth, byHeight) : Math.min(byWidth, byHeight);
  return { width: source.width * f, height: source.height * f };
}

/**
 * Where to seek a video (in seconds) to show its frame at `sourceMs`: the middle of the
 * frame whose timestamp is the latest at or before it, so rounding in the player cannot
 * land on a neighbour (a seek to a frame's exact start shows the one before about half the
 * time in Chromium). Without a known frame rate, a millisecond past the moment.
 */
export function seekSeconds(sourceMs: number, frameRate: number | null, durationMs: number | null): number {
  let ms = Math.max(0, sourceMs);
  if (durationMs !== null && durationMs > 0) ms = Math.min(ms, durationMs - 1);
  if (!frameRate || frameRate <= 0) return (ms + 1) / 1000;
  const frame = Math.floor((ms * frameRate) / 1000 + 1e-6);
  const last = durationMs ? Math.max(0, Math.ceil((durationMs * frameRate) / 1000) - 1) : Infinity;
  return (Math.min(frame, last) + 0.5) / frameRate;
}
