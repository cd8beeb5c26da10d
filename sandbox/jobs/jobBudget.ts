// How long one run of a job may work: a base, plus a share for each second of the media it
// works through (a 10,000 s sound file gets longer than a 3 s clip, and never forever). When
// the media's length is unknown, a fixed budget. Past it the job is stopped and fails with
// job.timed_out, refunded as every failed job is.
export interface JobBudget {
  baseMs: number;
  /** Added for each second of media. */
  perMediaSecondMs: number;
  /** The whole budget when the job does not say how much media it works through. */
  unknownMediaMs: number;
}

export const JOB_BUDGET: JobBudget = {
  baseMs: 60_000,
  perMediaSecondMs: 2_000,
  unknownMediaMs: 30 * 60_000,
};

export function budgetMs(overrides: Partial<JobBudget> | undefined, mediaMs: number | null): number {
  const budget = { ...JOB_BUDGET, ...overrides };
  if (mediaMs === null) return budget.unknownMediaMs;
  return budget.baseMs + Math.ceil(mediaMs / 1000) * budget.perMediaSecondMs;
}

/** The budget in words, for the job's error. */
export function describeBudget(
  overrides: Partial<JobBudget> | undefined,
  mediaMs: number | null,
  limitMs: number,
): string {
  const budget = { ...JOB_BUDGET, ...overrides };
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  if (mediaMs === null) return seconds(limitMs);
  return `${seconds(limitMs)}: ${seconds(budget.baseMs)} plus ${seconds(budget.perMediaSecondMs)} for each of its media's ${Math.ceil(mediaMs / 1000)} s`;
}
