// The settable view of every fault switch: the request switches the Create API reads
// (FaultSwitches) plus the job runner's tuning. CLI flags and POST /_sandbox/faults
// both go through here, so their names and ranges cannot drift apart.
import { z } from 'zod';
import type { JobTuning } from '../jobs/jobRunner.ts';
import type { FaultSwitches } from './faultSwitches.ts';

export interface FaultSettings {
  latencyMs: number;
  unavailableShare: number;
  retryAfterSeconds: number;
  dropShare: number;
  duplicateWebhooks: boolean;
  ignoreUpdatedSince: boolean;
  jobFailShare: number;
  jobSlowFactor: number;
}

/** Allowed ranges of the numeric switches, with the CLI flag that sets each at start. */
export const FAULT_RANGES = {
  latencyMs: { flag: 'latency-ms', min: 0, max: 60_000, int: true },
  unavailableShare: { flag: 'unavailable-share', min: 0, max: 1, int: false },
  retryAfterSeconds: { flag: 'retry-after', min: 0, max: 86_400, int: true },
  dropShare: { flag: 'drop-share', min: 0, max: 1, int: false },
  jobFailShare: { flag: 'job-fail-share', min: 0, max: 1, int: false },
  jobSlowFactor: { flag: 'job-slow-factor', min: 0.1, max: 100, int: false },
} as const;

type NumericFault = keyof typeof FAULT_RANGES;

function ranged(name: NumericFault, description: string) {
  const { min, max, int } = FAULT_RANGES[name];
  const base = int ? z.number().int('must be a whole number') : z.number();
  return base.min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).describe(description);
}

export const FaultSettingsSchema = z.object({
  latencyMs: ranged('latencyMs', 'Milliseconds added before every Create API request is handled.'),
  unavailableShare: ranged('unavailableShare', 'Share (0..1) of Create API requests answered 503 service.unavailable.'),
  retryAfterSeconds: ranged('retryAfterSeconds', 'The Retry-After, in seconds, those 503s carry.'),
  dropShare: ranged('dropShare', 'Share (0..1) of Create API requests whose connection is dropped unanswered.'),
  duplicateWebhooks: z.boolean().describe('Deliver every webhook event twice, with the same id.'),
  ignoreUpdatedSince: z
    .boolean()
    .describe('Answer job lists as a service that does not know updatedSince would: as if it were not asked.'),
  jobFailShare: ranged('jobFailShare', 'Share (0..1) of jobs that fail on purpose (paid jobs are refunded).'),
  jobSlowFactor: ranged('jobSlowFactor', 'Multiplies how long every job takes.'),
});

/** A change: any subset of the switches; the others keep their values. */
export const FaultPatchSchema = FaultSettingsSchema.partial().strict();

export function currentFaults(faults: FaultSwitches, tuning: JobTuning): FaultSettings {
  return {
    latencyMs: faults.latencyMs,
    unavailableShare: faults.unavailableShare,
    retryAfterSeconds: faults.retryAfterSeconds,
    dropShare: faults.dropShare,
    duplicateWebhooks: faults.duplicateWebhooks,
    ignoreUpdatedSince: faults.ignoreUpdatedSince,
    jobFailShare: tuning.failShare,
    jobSlowFactor: tuning.slowFactor,
  };
}

export function applyFaults(faults: FaultSwitches, tuning: JobTuning, patch: Partial<FaultSettings>): FaultSettings {
  if (patch.latencyMs !== undefined) faults.latencyMs = patch.latencyMs;
  if (patch.unavailableShare !== undefined) faults.unavailableShare = patch.unavailableShare;
  if (patch.retryAfterSeconds !== undefined) faults.retryAfterSeconds = patch.retryAfterSeconds;
  if (patch.dropShare !== undefined) faults.dropShare = patch.dropShare;
  if (patch.duplicateWebhooks !== undefined) faults.duplicateWebhooks = patch.duplicateWebhooks;
  if (patch.ignoreUpdatedSince !== undefined) faults.ignoreUpdatedSince = patch.ignoreUpdatedSince;
  if (patch.jobFailShare !== undefined) tuning.failShare = patch.jobFailShare;
  if (patch.jobSlowFactor !== undefined) tuning.slowFactor = patch.jobSlowFactor;
  return currentFaults(faults, tuning);
}
