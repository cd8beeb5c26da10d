// Where the sound is silent, measured, and the recogniser's word times fitted to it. The
// recogniser's word edges are whole 10 ms frames chosen by its search, and it often lets a
// word run on into the silence after it (or start early in the one before): on a creator's
// recording it left no gap between words where ffmpeg's silencedetect found eleven pauses
// of 0.34 s or more. So pauses come from both: the same 16 kHz PCM the recogniser read is
// measured with silencedetect, and a word edge that lies inside a measured silence is moved
// to that silence's edge. The gaps between words are then the pauses of the sound.
//
// The threshold follows the recording's level: silence is quieter than its mean by
// SILENCE_RULES.belowMeanDb (clamped), so a quiet recording's words are not taken for
// silence and a noisy room's hum is.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Word } from './transcriptWords.ts';

const run = promisify(execFile);

export const SILENCE_RULES = {
  /** Silence is at least this much quieter than the recording's mean level… */
  belowMeanDb: 18,
  /** …and the threshold stays within these (dBFS). */
  quietestDb: -60,
  loudestDb: -28,
  /** A silence shorter than this is part of speech (stops, closures), not a pause. */
  minSilenceMs: 100,
  /**
   * A word edge moves at most this far out to meet a silence: the recogniser's edges are off
   * by tens of milliseconds; sound further from the word (music, a cough) is not the word.
   */
  maxReachMs: 200,
} as const;

export interface Silence {
  startMs: number;
  endMs: number;
}

/** ffmpeg's stderr for an analysis filter over raw 16 kHz mono PCM (its info-level lines). */
async function analyse(pcmPath: string, filter: string, signal?: AbortSignal): Promise<string> {
  const { stderr } = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostats', '-nostdin', '-f', 's16le', '-ar', '16000', '-ac', '1', '-i', pcmPath],
      ...['-af', filter, '-f', 'null', '-'],
    ],
    { maxBuffer: 64 * 1024 * 1024, ...(signal && { signal }) },
  );
  return stderr;
}

/** The silence threshold for a recording whose mean level is `meanDb`. */
export function silenceThresholdDb(meanDb: number): number {
  const { belowMeanDb, quietestDb, loudestDb } = SILENCE_RULES;
  if (!Number.isFinite(meanDb)) return quietestDb;
  return Math.min(loudestDb, Math.max(quietestDb, meanDb - belowMeanDb));
}

/** silencedetect's lines as silences; one still open at the end runs to `durationMs`. */
export function parseSilences(stderr: string, durationMs: number): Silence[] {
  const silences: Silence[] = [];
  let open: number | null = null;
  for (const line of stderr.split('\n')) {
    const start = /silence_start: (-?[\d.]+)/.exec(line);
    if (start) open = Math.max(0, Math.round(Number(start[1]) * 1000));
    const end = /silence_end: ([\d.]+)/.exec(line);
    if (end && open !== null) {
      silences.push({ startMs: open, endMs: Math.round(Number(end[1]) * 1000) });
      open = null;
    }
  }
  if (open !== null && durationMs > open) silences.push({ startMs: open, endMs: durationMs });
  return silences;
}

/** The silences of raw 16 kHz mono PCM, `durationMs` long. */
export async function measureSilences(pcmPath: string, durationMs: number, signal?: AbortSignal): Promise<Silence[]> {
  const level = await analyse(pcmPath, 'volumedetect', signal);
  const mean = /mean_volume: (-?[\d.]+|-inf) dB/.exec(level);
  const threshold = silenceThresholdDb(mean ? Number(mean[1]) : -Infinity);
  const detected = await analyse(
    pcmPath,
    `silencedetect=noise=${threshold}dB:d=${SILENCE_RULES.minSilenceMs / 1000}`,
    signal,
  );
  return parseSilences(detected, durationMs);
}

/**
 * The words with their edges fitted to measured silences. An end inside a silence moves
 * back to where the silence starts, a start inside one on to where it ends (never past the
 * word's other edge). Then each gap between words (and before the first, after the last)
 * that holds measured silence is exactly that silence: the word before ends where the first
 * silence in the gap starts, the word after starts where the last one ends — the sound
 * between the recogniser's edge and the silence was still speech (when it is at most
 * SILENCE_RULES.maxReachMs long).
 */
export function fitToSilences(words: readonly Word[], silences: readonly Silence[]): Word[] {
  const inside = (ms: number, s: Silence) => s.startMs < ms && ms < s.endMs;
  const fitted = words.map((word) => {
    let { startMs, endMs } = word;
    for (const silence of silences) {
      if (inside(endMs, silence) && silence.startMs > startMs) endMs = silence.startMs;
      if ((inside(startMs, silence) || silence.startMs === startMs) && silence.endMs < endMs) startMs = silence.endMs;
    }
    return { ...word, startMs, endMs };
  });
  const reach = SILENCE_RULES.maxReachMs;
  fitted.forEach((word, i) => {
    const next = fitted[i + 1];
    if (!next) return;
    const within = silences.filter((s) => s.startMs >= word.endMs && s.endMs <= next.startMs);
    if (within.length === 0) return;
    if (within[0]!.startMs - word.endMs <= reach) word.endMs = within[0]!.startMs;
    if (next.startMs - within.at(-1)!.endMs <= reach) next.startMs = within.at(-1)!.endMs;
  });
  const first = fitted[0];
  const leading = first && silences.filter((s) => s.endMs <= first.startMs).at(-1);
  if (first && leading && first.startMs - leading.endMs <= reach) first.startMs = leading.endMs;
  const last = fitted.at(-1);
  const trailing = last && silences.find((s) => s.startMs >= last.endMs);
  if (last && trailing && trailing.startMs - last.endMs <= reach) last.endMs = trailing.startMs;
  return fitted.map((word, i) =>
    word.startMs === words[i]!.startMs && word.endMs === words[i]!.endMs ? words[i]! : word,
  );
}
