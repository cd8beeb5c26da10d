// A text field the service trims before it checks its length (names). The length rule is
// written as a pattern on the text as sent, so /openapi.json states exactly what the server
// enforces: after trimming, `min` to `max` characters (code points) (a pipe through a transform would be
// published as its input side, a bare string, and the limits would be lost).
import { z } from 'zod';

/** The most a trimmed text field takes as sent, spaces included. */
const RAW_MAX = 4096;

export function trimmedText(min: number, max: number) {
  if (min < 1) throw new Error('trimmedText: min must be at least 1');
  // Spaces around, then a non-space, then up to max - 1 more ending in a non-space.
  // Counted in characters (code points, the `u` flag), none of them a control character: a name
  // is one line of printable text.
  const char = '[^\\p{Cc}]';
  const edge = '[^\\s\\p{Cc}]';
  const inner = max === 1 ? '' : `(?:${char}{${Math.max(0, min - 2)},${max - 2}}${edge})${min === 1 ? '?' : ''}`;
  const pattern = new RegExp(`^\\s*${edge}${inner}\\s*$`, 'u');
  const rule = min === 1 ? `at most ${max} characters, not blank` : `${min} to ${max} characters`;
  return (
    z
      .string()
      // Bounded first (the pattern backtracks over spaces): spaces around a name are a few, not megabytes.
      .max(RAW_MAX, { error: `must be at most ${RAW_MAX} characters with the spaces around it`, abort: true })
      .regex(pattern, `must be ${rule} on one line, without control characters (spaces around it do not count)`)
      .trim()
      .describe(
        `${min} to ${max} characters once the spaces around it are removed (they are); counted in characters (Unicode code points), so 𝕏 or an emoji counts one; one line, no control characters.`,
      )
  );
}
