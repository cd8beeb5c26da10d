// How a media job's state changes are recorded, the same for all four kinds: a failed
// or cancelled job is refunded in the transaction that records it (so nobody pays for
// nothing), and kinds with webhook events announce each final state in that transaction
// too, so the event exists exactly when the state does.
import type { JobState } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import type { JobError } from '../jobs/jobRunner.ts';
import { isTerminal, type MediaJobRow, type MediaJobStore } from './mediaJobStore.ts';

/** An error that fails a job with a stable code (shown in the job's `error`). */
export function jobFailure(code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

export interface MediaJobKind<Result> {
  /** The job runner's kind, e.g. 'transcription'. */
  kind: string;
  store: MediaJobStore;
  /** The real work; throw an Error with a `code` to fail the job with that code. */
  work(row: MediaJobRow): Promise<Result>;
  /** Called inside the transaction that recorded a final state (row as it now is). */
  announce?(row: MediaJobRow): void;
}

export function registerMediaJob<Result>(ctx: SandboxContext, job: MediaJobKind<Result>): void {
  const { store } = job;

  async function work(id: number): Promise<Result> {
    const row = store.byId(id);
    if (!row) throw new Error(`${store.noun} ${id} no longer exists`);
    return job.work(row);
  }

  function transition(id: number, to: JobState, detail: { result?: Result; error?: JobError }): void {
    transaction(ctx.db, () => {
      const row = store.byId(id);
      if (!row || isTerminal(row.state) || to === 'queued') return;
      if (to === 'running') {
        store.markRunning(id);
        return;
      }
      if (to === 'completed') {
        store.markCompleted(id, detail.result ?? null);
      } else {
        const refunded = row.cost_micros > 0 ? ' Its price was refunded.' : '';
        const error =
          to === 'cancelled'
            ? { code: 'job.cancelled', message: `The ${store.noun} was cancelled.${refunded}` }
            : { code: detail.error?.code ?? 'job.failed', message: `${detail.error?.message ?? `The ${store.noun} failed.`}${refunded}` };
        if (row.cost_micros > 0) ctx.wallet.refund(row.account_id, row.cost_micros);
        store.markEnded(id, to, error);
      }
      job.announce?.(store.byId(id)!);
    });
  }

  ctx.jobs.register({ kind: job.kind, unfinished: () => store.unfinished(), work, transition });
}
