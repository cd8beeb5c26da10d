// What part of the timeline a render or a timeline export covers, as the request says it:
// a range (the I/O range), one still frame, or (neither) the whole timeline. Checked against
// the timeline's length, each problem naming the field and what to change.
import { z } from 'zod';
import type { RenderRange } from '../render/timelineComposition.ts';

const ms = z.number().int('must be whole milliseconds').min(0, 'must not be negative');

export const RangeInput = z
  .strictObject({
    startMs: ms.describe('Start on the timeline.'),
    endMs: ms.describe('End on the timeline (exclusive).'),
  })
  .describe('The part of the timeline to render (an I/O range); the whole timeline by default.');

export const StillInput = z
  .strictObject({
    atMs: ms.describe('The moment on the timeline whose frame is drawn (the frame shown at that time).'),
  })
  .describe(
    "One frame as a PNG at the output's frame size instead of a moving file: the timeline as the monitor shows it at atMs, captions burnt in unless output.burnCaptions is false.",
  );

export interface RenderRequest {
  range?: RenderRange | undefined;
  still?: { atMs: number } | undefined;
}

/** The part of the timeline the request covers, or a problem that says what to change. */
export function requestedRange(request: RenderRequest, durationMs: number): RenderRange | string {
  if (request.still) {
    const { atMs } = request.still;
    return atMs < durationMs
      ? { startMs: atMs, endMs: atMs + 1 }
      : `still.atMs (${atMs}) is at or past the end of the timeline (${durationMs} ms): choose a moment before it.`;
  }
  const range = request.range ?? { startMs: 0, endMs: durationMs };
  if (range.endMs <= range.startMs)
    return `range.endMs (${range.endMs}) must be greater than range.startMs (${range.startMs}).`;
  if (range.endMs > durationMs)
    return `range.endMs (${range.endMs}) is past the end of the timeline (${durationMs} ms).`;
  return range;
}
