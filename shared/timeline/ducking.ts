// "Duck music under speech" as editors do it (docs/render-semantics.md, "Ducking"): given
// where speech plays (word timings, merged), the music track's clips get ordinary volume
// keyframes — down by the amount during speech, ramping down over the attack before it and
// back up over the release after it, gaps shorter than the release merged — returned as
// setKeyframes commands, so the result is visible, editable and undone in one step.
import type { EditorCommand } from './editorCommands.ts';
import { valueAt, type Keyframe } from './keyframes.ts';
import type { MediaClip } from './timelineTypes.ts';

export interface Interval {
  startMs: number;
  endMs: number;
}

export interface DuckingOptions {
  /** How far the music goes down during speech, dB (negative); −12 by default. */
  amountDb?: number;
  /** How long it takes to go down, ending where speech starts; 300 ms by default. */
  attackMs?: number;
  /** How long it takes to come back, starting where speech ends; 600 ms by default. */
  releaseMs?: number;
}

export const DUCKING_DEFAULTS = { amountDb: -12, attackMs: 300, releaseMs: 600 } as const;

/** Speech intervals in time order, overlapping ones and those closer than `gapMs` joined. */
export function mergeSpeech(intervals: readonly Interval[], gapMs: number): Interval[] {
  const sorted = [...intervals].filter((i) => i.endMs > i.startMs).sort((a, b) => a.startMs - b.startMs);
  const merged: Interval[] = [];
  for (const i of sorted) {
    const last = merged.at(-1);
    if (last && i.startMs - last.endMs < gapMs) last.endMs = Math.max(last.endMs, i.endMs);
    else merged.push({ ...i });
  }
  return merged;
}

/**
 * The ducking gain over the timeline as breakpoints (timeline ms, factor), linear between:
 * 1 far from speech, `duck` during it, linear ramps over the attack and release; where a
 * release and the next attack overlap, the lower of the two (their crossing is a breakpoint).
 */
export function duckingEnvelope(speech: readonly Interval[], duck: number, attackMs: number, releaseMs: number) {
  const points: { atMs: number; gain: number }[] = [];
  speech.forEach((s, k) => {
    const prev = points.at(-1);
    const downFrom = s.startMs - attackMs;
    if (prev && k > 0 && prev.atMs > downFrom) {
      // The release of the one before meets this attack: they cross where both are equal.
      const e = speech[k - 1]!.endMs;
      const up = (t: number) => duck + ((1 - duck) * (t - e)) / releaseMs;
      const down = (t: number) => 1 - ((1 - duck) * (t - downFrom)) / attackMs;
      // up(t) = down(t) ⇔ (t − e) / R + (t − downFrom) / A = 1.
      const t = (1 + e / releaseMs + downFrom / attackMs) / (1 / releaseMs + 1 / attackMs);
      points.pop();
      points.push({ atMs: Math.round(t), gain: Math.min(up(t), down(t)) });
    } else points.push({ atMs: downFrom, gain: 1 });
    points.push({ atMs: s.startMs, gain: duck }, { atMs: s.endMs, gain: duck }, { atMs: s.endMs + releaseMs, gain: 1 });
  });
  return points;
}

/** The envelope's gain at timeline time t. */
const envelopeAt = (points: readonly { atMs: number; gain: number }[], t: number) =>
  valueAt(
    points.map((p) => ({ atMs: p.atMs, value: p.gain })),
    1,
    t,
  );

/**
 * setKeyframes commands for `volume` on each music clip the ducking reaches: the clip's own
 * volume (its static value, or its curve where it has one) times the envelope, at every
 * breakpoint inside the clip and at its edges. Clips it does not reach get no command.
 */
export function duckingCommands(
  speech: readonly Interval[],
  musicClips: readonly MediaClip[],
  options: DuckingOptions = {},
): EditorCommand[] {
  const { amountDb, attackMs, releaseMs } = { ...DUCKING_DEFAULTS, ...options };
  const duck = 10 ** (amountDb / 20);
  const merged = mergeSpeech(speech, releaseMs);
  const points = duckingEnvelope(merged, duck, attackMs, releaseMs);
  const commands: EditorCommand[] = [];
  for (const clip of musicClips) {
    const length = clip.endMs - clip.startMs;
    const own = clip.keyframes?.volume;
    const base = clip.properties.volume ?? 1;
    const times = new Set<number>([0, length]);
    for (const p of points) if (p.atMs > clip.startMs && p.atMs < clip.endMs) times.add(p.atMs - clip.startMs);
    for (const k of own ?? []) times.add(k.atMs);
    const sorted = [...times].sort((a, b) => a - b);
    if (sorted.every((u) => envelopeAt(points, clip.startMs + u) >= 1)) continue;
    const keyframes: Keyframe[] = sorted.map((u) => ({
      atMs: u,
      value: Math.round(valueAt(own, base, u) * envelopeAt(points, clip.startMs + u) * 1e6) / 1e6,
    }));
    commands.push({ type: 'setKeyframes', clipId: clip.id, property: 'volume', keyframes });
  }
  return commands;
}

/** Speech intervals from word timings (timeline ms), each word an interval; merging is ducking's. */
export const speechFromWords = (words: readonly { startMs: number; endMs: number }[]): Interval[] =>
  words.map((w) => ({ startMs: w.startMs, endMs: w.endMs }));
