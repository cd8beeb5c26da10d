// How long a running job has left, estimated in the app from how its progress (0..1) rose
// over time (the service reports progress, not time): the rate over the last minute of
// samples, so a render that speeds up or slows down is followed, and the shown figure
// counts down between samples and moves only part of the way toward each new reading, so
// it does not jump. No estimate before the job has made enough progress over enough time;
// "almost done" near the end, never a negative time.

export interface ProgressSample {
  /** When it was read, ms (a monotonic clock). */
  at: number;
  progress: number;
}

export interface TimeLeftState {
  samples: readonly ProgressSample[];
  /** The estimate last shown, ms, at the newest sample's time; null before there is one. */
  shownMs: number | null;
}

export const TIME_LEFT = {
  /** The rate is read over this much of the latest samples. */
  windowMs: 60_000,
  /** No estimate before the progress rose this much… */
  minRise: 0.02,
  /** …over at least this long. */
  minElapsedMs: 5_000,
  /** From this share, or with less than almostMs left, it says "almost done". */
  almostShare: 0.97,
  almostMs: 10_000,
  /** How far each new reading moves the shown estimate toward it. */
  smoothing: 0.3,
} as const;

export const EMPTY_TIME_LEFT: TimeLeftState = { samples: [], shownMs: null };

export type TimeLeft = { kind: 'unknown' } | { kind: 'almost' } | { kind: 'left'; ms: number };

/** The state after reading `progress` at `at`. A fall (a job started over) begins afresh. */
export function addSample(state: TimeLeftState, sample: ProgressSample): TimeLeftState {
  const last = state.samples.at(-1);
  if (!Number.isFinite(sample.progress)) return state;
  const progress = Math.min(1, Math.max(0, sample.progress));
  if (last && (progress < last.progress || sample.at < last.at))
    return { samples: [{ at: sample.at, progress }], shownMs: null };
  const samples = [...state.samples, { at: sample.at, progress }];
  // Keep the newest sample older than the window, so the window is always covered.
  const cut = samples.findLastIndex((s) => s.at <= sample.at - TIME_LEFT.windowMs);
  const kept = cut > 0 ? samples.slice(cut) : samples;
  const raw = rawLeftMs(kept);
  if (raw === null) return { samples: kept, shownMs: state.shownMs === null ? null : counted(state, sample.at) };
  if (state.shownMs === null || !last) return { samples: kept, shownMs: raw };
  const down = counted(state, sample.at);
  return { samples: kept, shownMs: Math.max(0, down + TIME_LEFT.smoothing * (raw - down)) };
}

/** The shown estimate counted down to `at`. */
function counted(state: TimeLeftState, at: number): number {
  const last = state.samples.at(-1);
  return Math.max(0, (state.shownMs ?? 0) - (last ? at - last.at : 0));
}

/** The time left at the rate seen across `samples`; null without enough of a rise. */
function rawLeftMs(samples: readonly ProgressSample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last) return null;
  const rise = last.progress - first.progress;
  const elapsed = last.at - first.at;
  if (rise < TIME_LEFT.minRise || elapsed < TIME_LEFT.minElapsedMs) return null;
  return ((1 - last.progress) * elapsed) / rise;
}

/** What to say of the time left, as of the newest sample. */
export function timeLeftOf(state: TimeLeftState): TimeLeft {
  const last = state.samples.at(-1);
  if (last && last.progress >= TIME_LEFT.almostShare) return { kind: 'almost' };
  if (state.shownMs === null) return { kind: 'unknown' };
  if (state.shownMs < TIME_LEFT.almostMs) return { kind: 'almost' };
  return { kind: 'left', ms: state.shownMs };
}

/** "about 4 min left", "about 1 h 20 min left", "less than a minute left", "almost done"; null when unknown. */
export function timeLeftText(left: TimeLeft): string | null {
  if (left.kind === 'unknown') return null;
  if (left.kind === 'almost') return 'almost done';
  const minutes = Math.round(left.ms / 60_000);
  if (minutes < 1) return 'less than a minute left';
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h left` : `about ${hours} h ${rest} min left`;
}
