// The timeline's markers as chapters of the file a render makes: each marker inside the
// rendered range starts a chapter titled by its name, lasting until the next marker (the
// last until the end). ffmpeg reads them from an ffmetadata file given as one more input
// and writes them to MP4 and MOV (QuickTime chapter track and Nero chpl, what
// `ffprobe -show_chapters` and players read). A render without markers carries no
// chapters at all, not even ones a source file had.

export interface Chapter {
  /** From the start of the file, ms. */
  startMs: number;
  endMs: number;
  title: string;
}

/** The chapters the markers make in `range` (timeline ms), in file time; one per moment (the first marker there names it). */
export function chaptersIn(
  markers: readonly { atMs: number; name: string }[],
  range: { startMs: number; endMs: number },
): Chapter[] {
  const inside = markers
    .filter((m) => m.atMs >= range.startMs && m.atMs < range.endMs)
    .filter((m, i, all) => i === 0 || all[i - 1]!.atMs !== m.atMs);
  return inside.map((m, i) => ({
    startMs: m.atMs - range.startMs,
    endMs: (inside[i + 1]?.atMs ?? range.endMs) - range.startMs,
    title: m.name,
  }));
}

/** ffmetadata escapes '=', ';', '#', '\' and line breaks with a backslash. */
const escape = (text: string): string => text.replace(/[=;#\\\n]/g, (c) => `\\${c}`);

/** The ffmetadata file holding the chapters. */
export function chapterMetadata(chapters: readonly Chapter[]): string {
  const blocks = chapters.map(
    (c) =>
      `[CHAPTER]\nTIMEBASE=1/1000\nSTART=${Math.round(c.startMs)}\nEND=${Math.round(c.endMs)}\ntitle=${escape(c.title)}\n`,
  );
  return `;FFMETADATA1\n${blocks.join('')}`;
}

/**
 * ffmpeg arguments to put right after a run's last input: the chapters as input number
 * `inputIndex` (their file named by `file`, which writes it) and mapped to the output; with
 * none, no chapters (ffmpeg would otherwise copy a source file's).
 */
export function chapterArgs(
  chapters: readonly Chapter[] | undefined,
  inputIndex: number,
  file: (text: string) => string,
): string[] {
  if (!chapters?.length) return ['-map_chapters', '-1'];
  return ['-f', 'ffmetadata', '-i', file(chapterMetadata(chapters)), '-map_chapters', String(inputIndex)];
}
