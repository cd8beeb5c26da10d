import type { JobBudget } from './jobs/jobBudget.ts';
import { MAX_CONNECTIONS_PER_ADDRESS, REQUEST_TIMEOUT_MS } from './http/connectionLimits.ts';
import type { FaultSettings } from './faults/faultSettings.ts';

export interface SandboxOptions {
  /** 0 picks a free port. */
  port: number;
  /** The Messaging API's own port; 0 picks a free one. */
  messagingPort: number;
  host: string;
  dataDir: string;
  /** Opening wallet balance of the default account, in USD (only when the account is first created). */
  walletUsd: number;
  /** How long a job takes from acceptance to completion, in seconds. */
  jobSeconds: number;
  /** Accept http:// and loopback/private webhook URLs (tests and the app's local workspace). */
  allowInsecureWebhooks: boolean;
  /** Delay before the first retry of a failed webhook delivery; it doubles with each attempt. */
  webhookRetryBaseMs: number;
  /**
   * The secret every key and webhook signing secret of this data folder is derived from
   * (serviceSecrets.ts); the service keeps it in memory only. Absent: a new one at each start,
   * so the ready key, the Messaging key and the endpoints' secrets change at each start.
   */
  masterSecret?: string;
  /** How long one request may take to arrive, head and body (connectionLimits.ts). */
  requestTimeoutMs: number;
  /** The most connections one client address holds at once. */
  maxConnectionsPerAddress: number;
  /** Overrides of the jobs' time budgets (jobs/jobBudget.ts), for tests. */
  jobBudget?: Partial<JobBudget>;
  /** The chunk length a long transcription aims at, in ms (chunkedTranscription.ts); tests make it short. */
  transcribeChunkMs?: number;
  /**
   * The token of the /_sandbox controls; absent: a random one at each start. Set from
   * CLIPDESK_SANDBOX_ADMIN_TOKEN so a benchmark can reach the app's own local sandbox.
   */
  adminToken?: string;
  /** Fault switches set at start (CLI flags); POST /_sandbox/faults changes them while running. */
  faults: Partial<FaultSettings>;
}

export const DEFAULT_OPTIONS: Omit<SandboxOptions, 'dataDir'> = {
  port: 0,
  messagingPort: 0,
  host: '127.0.0.1',
  walletUsd: 100,
  jobSeconds: 2,
  allowInsecureWebhooks: false,
  webhookRetryBaseMs: 1000,
  faults: {},
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  maxConnectionsPerAddress: MAX_CONNECTIONS_PER_ADDRESS,
};
