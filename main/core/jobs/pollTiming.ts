// How often the poller reads (DESIGN rule 4: polling is cheap). A job read on its own waits
// longer each time it shows no change (base → max, back to base on a change). A list read by
// its changes costs one request however many jobs it follows, so it has a clock of its own:
// soon again after a change; while nothing changes, longer each time but at most a share of
// its youngest job's age (slow jobs are read less often: the reads a job costs grow with the
// log of how long it runs); and never more often, over all lists, than the share of the key's
// budget they are given, so the user's own requests always find room. A job that reports how
// far it got in steps (a transcription's chunks) is read again about when its next step should
// be done, at the pace its steps came so far: its words so far arrive as the steps finish,
// without the reads in between a reset to the base wait would cost.

export interface PollTiming {
  /** The first wait, and the wait again after any change. */
  baseMs: number;
  /** The longest wait for a job that stays unchanged. */
  maxMs: number;
  /** Each unchanged poll multiplies the wait by this. */
  factor: number;
  /** How many times a minute lists read on their own clock may be read, over all of them (a quarter of the key's 120). */
  listReadsPerMinute: number;
  /** While a list shows no change, it waits at most this share of its youngest job's age (then maxMs). */
  ageShare: number;
  /** A list read by its changes is still read in full this often. */
  fullReadMs: number;
}

export const DEFAULT_POLL_TIMING: PollTiming = {
  baseMs: 1_000,
  maxMs: 30_000,
  factor: 1.5,
  listReadsPerMinute: 30,
  ageShare: 0.1,
  fullReadMs: 300_000,
};

/** The wait before a list read by its changes is read again. */
export function nextListInterval(
  timing: PollTiming,
  list: { intervalMs: number; changed: boolean; youngestAgeMs: number; activeLists: number },
): number {
  const { baseMs, maxMs, factor, ageShare, listReadsPerMinute } = timing;
  const floor = Math.max(baseMs, (60_000 * list.activeLists) / listReadsPerMinute);
  if (list.changed) return floor;
  const ceiling = Math.min(maxMs, Math.max(floor, ageShare * list.youngestAgeMs));
  return Math.min(ceiling, Math.max(floor, list.intervalMs * factor));
}

/** When a job's steps were first seen, and how many were done then. */
export interface StepPace {
  readonly atMs: number;
  readonly done: number;
}

/**
 * The wait after a read that showed a job more steps on: the time a step took on average
 * since its steps were first seen (base until a second read gives a pace), within base..max.
 */
export function nextStepWait(timing: PollTiming, pace: StepPace, now: number, done: number): number {
  const steps = done - pace.done;
  if (steps <= 0) return timing.baseMs;
  return Math.min(timing.maxMs, Math.max(timing.baseMs, Math.round((now - pace.atMs) / steps)));
}
