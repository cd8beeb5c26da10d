// Wires a job kind's records to the job runner, the same way for every kind: each state
// change goes through the kind's guarded moves (jobLifecycle.ts) in one transaction with
// what must happen exactly when it does — a refund, a webhook event — so neither ever
// exists without the other.
import type { JobState } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import type { Wallet } from '../wallet.ts';
import { jobEventType } from '../webhooks/eventTypes.ts';
import type { JobStates } from './jobLifecycle.ts';
import type { JobError } from './jobRunner.ts';

export interface JobKind<Result> {
  /** The job runner's kind, e.g. 'render'; with a state it names the webhook event, if any. */
  kind: string;
  states: JobStates;
  /** The real work; throw an Error with a `code` to fail the job with that code. `signal`: cancelled meanwhile. */
  work(id: number, signal: AbortSignal): Promise<Result>;
  /** Records completion with the work's result; true when the job moved. */
  complete(id: number, result: Result): boolean;
  /** Records failure (`error`: why the work failed) or cancellation; true when the job moved. */
  end(id: number, to: 'failed' | 'cancelled', error: JobError | undefined): boolean;
  /** The account and data of the job's webhook event, for kinds that have events. */
  event?(id: number): { accountId: number; data: Record<string, unknown> };
  /** How much media the job works through, in ms, for its time budget (jobBudget.ts). */
  mediaMs?(id: number): number | null;
  /** True for a job nobody pays for (it runs in the free slots). */
  free?(id: number): boolean;
}

export function registerJob<Result>(ctx: SandboxContext, job: JobKind<Result>): void {
  const { states } = job;
  ctx.jobs.register({
    kind: job.kind,
    unfinished: () => states.unfinished(),
    work: (id, signal) => job.work(id, signal),
    ...(job.mediaMs && { mediaMs: job.mediaMs }),
    ...(job.free && { free: job.free }),
    transition(id: number, to: JobState, detail: { result?: unknown; error?: JobError }) {
      if (to === 'queued') return;
      transaction(ctx.db, () => {
        const moved =
          to === 'running'
            ? states.running(id)
            : to === 'completed'
              ? job.complete(id, detail.result as Result)
              : job.end(id, to, detail.error);
        const type = jobEventType(job.kind, to);
        if (moved && type && job.event) {
          const { accountId, data } = job.event(id);
          ctx.webhooks.publish(accountId, type, data);
        }
      });
    },
  });
}

const ERROR_MESSAGE_MAX = 500;

/** What a charged job ends with: its price goes back to the wallet and it shows 0. */
export function endRefunded(
  wallet: Wallet,
  states: JobStates,
  row: { id: number; account_id: number; cost_micros: number },
  to: 'failed' | 'cancelled',
  error: JobError,
): boolean {
  const moved = states.ended(
    row.id,
    to,
    { code: error.code, message: error.message.slice(0, ERROR_MESSAGE_MAX) },
    { set: 'cost_micros = 0' },
  );
  if (moved && row.cost_micros > 0) wallet.refund(row.account_id, row.cost_micros);
  return moved;
}
