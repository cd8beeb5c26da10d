// What text the services take: well-formed Unicode (no lone surrogate, which JSON's `\ud800`
// escape can carry and which would be stored as U+FFFD) without control characters (NUL cuts a
// burnt-in caption, ESC and BEL reach a phone's screen), except the whitespace a multi-line
// field may hold. Limits count characters as people do: Unicode code points, so 𝕏 is one.

/** Control characters a multi-line text may hold: tab, line feed, carriage return (and form feed, an SMS character). */
const MULTILINE_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** The number of characters (code points) in a text: what every documented length limit counts. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * What is wrong with a text, or null: a lone surrogate, or a control character (C0, DEL, C1)
 * other than the whitespace allowed where `multiline`. The message names the first offender
 * and its position in characters, for a message that says what to change.
 */
export function textProblem(text: string, multiline: boolean): string | null {
  if (!text.isWellFormed()) {
    return 'is not valid Unicode (it holds half of a surrogate pair, as a lone \\ud800–\\udfff escape): send the character whole';
  }
  let at = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    if (control && !(multiline && MULTILINE_CONTROLS.has(code))) {
      const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      const allowed = multiline
        ? 'only tabs and line breaks are allowed'
        : 'it must be a single line of printable text';
      return `holds the control character ${name} at character ${at + 1}: remove it (${allowed})`;
    }
    at++;
  }
  return null;
}

/**
 * The first string in a parsed JSON value (keys included) that textProblem refuses, with its
 * path (`commands.0.text`), or null. Strings are taken as multi-line: single-line fields say
 * so in their own schemas.
 */
export function firstTextProblem(value: unknown): { path: string; problem: string } | null {
  // A stack, not recursion: a 1 MiB body can nest deeper than the call stack goes.
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (pending.length) {
    const next = pending.pop()!;
    if (typeof next.value === 'string') {
      const problem = textProblem(next.value, true);
      if (problem) return { path: next.path, problem };
    } else if (Array.isArray(next.value)) {
      for (let i = next.value.length - 1; i >= 0; i--)
        pending.push({ value: next.value[i], path: join(next.path, String(i)) });
    } else if (next.value !== null && typeof next.value === 'object') {
      const entries = Object.entries(next.value);
      for (const [key] of entries) {
        const problem = textProblem(key, false);
        if (problem) return { path: join(next.path, key), problem: `(a field name) ${problem}` };
      }
      for (let i = entries.length - 1; i >= 0; i--) {
        pending.push({ value: entries[i]![1], path: join(next.path, entries[i]![0]) });
      }
    }
  }
  return null;
}

/** A check for zod's refine: at most `max` characters (code points), as every length limit counts. */
export function atMostCharacters(max: number): (text: string) => boolean {
  return (text) => characterCount(text) <= max;
}
