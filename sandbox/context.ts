// What every route module is built from: passed in explicitly, never imported as a singleton.
import type { ServiceSecrets } from './auth/serviceSecrets.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db/database.ts';
import type { FaultSwitches } from './faults/faultSwitches.ts';
import type { JobRunner } from './jobs/jobRunner.ts';
import type { Idempotency } from './idempotency.ts';
import type { AssetStore } from './media/assetStore.ts';
import type { SandboxOptions } from './options.ts';
import type { Wallet } from './wallet.ts';
import type { WebhookPublisher } from './webhooks/deliveryWorker.ts';

export interface SandboxContext {
  db: Db;
  clock: Clock;
  options: SandboxOptions;
  /** Where stored media lives (under the data folder). */
  mediaDir: string;
  jobs: JobRunner;
  assets: AssetStore;
  idempotency: Idempotency;
  wallet: Wallet;
  faults: FaultSwitches;
  /**
   * Queues a webhook event (at least once, signed, retried). Job kinds with events
   * (production, review, render) give registerJob (jobs/registerJob.ts) their event data;
   * it publishes jobEventType(kind, state) with each state change. Generation and export have none.
   */
  webhooks: WebhookPublisher;
  /** The keys and signing secrets derived from this start's master secret (never stored). */
  secrets: ServiceSecrets;
  /** Guards the sandbox-only /_sandbox/* controls (on both services). */
  adminToken: string;
  /** http://127.0.0.1:<port>, known once the server listens. */
  origin(): string;
  log(line: string): void;
}
