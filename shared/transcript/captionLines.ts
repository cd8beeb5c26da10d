// A caption's words as lines, the way subtitlers set them: at most `lineChars` characters a
// line, and when the words need two lines, the break where the two are most nearly the same
// length (a long top line over one word reads badly, and the eye jumps further), the top
// line the shorter of two equal choices. A word longer than a line is cut to the line.
// Used for captions made from a transcript (shared/production/captionCommands.ts) and for
// the local service's caption files (sandbox/production/captions.ts).

/** Greedy lines: each takes the next word while it fits. */
function greedy(words: readonly string[], lineChars: number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= lineChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The words as lines of at most `lineChars`; two lines balanced. More than two are left greedy (the caller splits the cue). */
export function captionLines(words: readonly string[], lineChars: number): string[] {
  const cut = words.map((word) => word.slice(0, lineChars)).filter((word) => word !== '');
  const lines = greedy(cut, lineChars);
  if (lines.length !== 2) return lines;
  let best: [string, string] = [lines[0]!, lines[1]!];
  for (let k = 1; k < cut.length; k++) {
    const top = cut.slice(0, k).join(' ');
    const bottom = cut.slice(k).join(' ');
    if (top.length > lineChars || bottom.length > lineChars) continue;
    const longest = Math.max(top.length, bottom.length);
    const bestLongest = Math.max(best[0].length, best[1].length);
    if (longest < bestLongest || (longest === bestLongest && top.length < best[0].length)) best = [top, bottom];
  }
  return best;
}
