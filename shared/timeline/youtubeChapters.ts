// The timeline's markers as the chapter list YouTube reads from a video's description:
// one "0:00 Title" line per chapter. YouTube's rules: the first chapter starts at 0:00, the
// timestamps go up, there are at least three, and each chapter lasts at least 10 seconds.
// When the first marker is later than 0:00 an "Intro" chapter starts the list. What breaks
// a rule is said in words that say what to change; the text is made anyway (to copy and fix).
import type { Marker } from './timelineTypes.ts';

export const YOUTUBE_MIN_CHAPTERS = 3;
export const YOUTUBE_MIN_CHAPTER_MS = 10_000;
export const INTRO_TITLE = 'Intro';

export interface YoutubeChapters {
  /** One line per chapter, "0:00 Intro"; empty when there is no marker. */
  readonly text: string;
  /** What breaks YouTube's rules, each a sentence saying what to change; none when YouTube will show the chapters. */
  readonly problems: string[];
}

/** A timestamp as YouTube reads it: m:ss, or h:mm:ss when the video lasts an hour or more. */
export function youtubeTimestamp(ms: number, withHours: boolean): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return withHours ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${h * 60 + m}:${s}`;
}

/** The chapters text for a video of `durationMs` with these markers (any order). */
export function youtubeChapters(
  markers: readonly Pick<Marker, 'atMs' | 'name'>[],
  durationMs: number,
): YoutubeChapters {
  const problems: string[] = [];
  const withHours = durationMs >= 3_600_000;
  const stamp = (ms: number) => youtubeTimestamp(ms, withHours);
  const sorted = [...markers].sort((a, b) => a.atMs - b.atMs);
  const late = sorted.filter((m) => m.atMs >= durationMs);
  for (const m of late)
    problems.push(
      `"${m.name}" at ${stamp(m.atMs)} is at or past the end (${stamp(durationMs)}): move it or remove it.`,
    );
  // YouTube reads whole seconds: a chapter starts at its marker's second.
  const chapters = sorted
    .filter((m) => m.atMs < durationMs)
    .map((m) => ({ atMs: Math.floor(m.atMs / 1000) * 1000, name: m.name }));
  if (chapters.length === 0) {
    return { text: '', problems: [...problems, 'There are no markers: add one at the start of each chapter (M).'] };
  }
  if (chapters[0]!.atMs > 0) chapters.unshift({ atMs: 0, name: INTRO_TITLE });
  chapters.forEach((chapter, i) => {
    const endMs = chapters[i + 1]?.atMs ?? durationMs;
    const length = endMs - chapter.atMs;
    if (length < YOUTUBE_MIN_CHAPTER_MS)
      problems.push(
        `"${chapter.name}" (${stamp(chapter.atMs)} to ${stamp(endMs)}) lasts ${Math.max(0, Math.round(length / 1000))} s; YouTube needs at least ${YOUTUBE_MIN_CHAPTER_MS / 1000} s per chapter: move or remove a marker.`,
      );
  });
  if (chapters.length < YOUTUBE_MIN_CHAPTERS)
    problems.push(
      `YouTube needs at least ${YOUTUBE_MIN_CHAPTERS} chapters; there ${chapters.length === 1 ? 'is 1' : `are ${chapters.length}`}: add markers.`,
    );
  return { text: chapters.map((c) => `${stamp(c.atMs)} ${c.name}`).join('\n'), problems };
}
