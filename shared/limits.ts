// Every documented limit of the two services, in one place (DESIGN.md rule 7).

const MiB = 1024 * 1024;

export const CREATE_LIMITS = {
  requestsPerMinute: 120,
  rateWindowMs: 60_000,
  activeKeysPerActor: 20,
  keyExpiryDays: { min: 1, max: 90 },
  imageMaxBytes: 10 * MiB,
  videoAudioMaxBytes: 100 * MiB,
  exportMaxClips: 80,
  exportMaxDurationMs: 30 * 60_000,
  pageSize: { min: 1, max: 100, default: 25 },
  projectName: { min: 1, max: 120 },
  idMax: 2_147_483_647,
  webhookToleranceSeconds: 300,
} as const;

export const MESSAGING_LIMITS = {
  contactsPerRequest: 1000,
  contactsPerBulkSubmission: 500,
  messageLength: 740,
  // The spec says "2 MB"; we read it as 2,000,000 bytes, the stricter reading.
  mmsMaxBytes: 2_000_000,
} as const;

export const JOB_STATES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const TERMINAL_JOB_STATES: readonly JobState[] = ['completed', 'failed', 'cancelled'];

export const API_VERSION = '1';
export const OPENAPI_VERSION = '1.2.0';
