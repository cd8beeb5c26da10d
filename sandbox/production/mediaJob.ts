// How a media job's state changes are recorded, the same for all four kinds (through
// jobs/registerJob.ts): a failed or cancelled job is refunded in the transaction that
// records it (so nobody pays for nothing), and kinds with webhook events announce each
// final state in that transaction too, so the event exists exactly when the state does.
import type { SandboxContext } from '../context.ts';
import { endRefunded, registerJob } from '../jobs/registerJob.ts';
import type { MediaJobRow, MediaJobStore } from './mediaJobStore.ts';

/** An error that fails a job with a stable code (shown in the job's `error`). */
export function jobFailure(code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

export interface MediaJobKind<Result> {
  /** The job runner's kind, e.g. 'transcription'. */
  kind: string;
  store: MediaJobStore;
  /** The real work; throw an Error with a `code` to fail the job with that code. `signal`: cancelled meanwhile. */
  work(row: MediaJobRow, signal: AbortSignal): Promise<Result>;
  /** The webhook event of a final state, for kinds that have events (row as it now is). */
  event?(row: MediaJobRow): { accountId: number; data: Record<string, unknown> };
}

export function registerMediaJob<Result>(ctx: SandboxContext, job: MediaJobKind<Result>): void {
  const { store } = job;
  const { event } = job;

  registerJob<Result>(ctx, {
    kind: job.kind,
    states: store.states,
    async work(id, signal) {
      const row = store.byId(id);
      if (!row) throw new Error(`${store.noun} ${id} no longer exists`);
      return job.work(row, signal);
    },
    complete: (id, result) => store.markCompleted(id, result ?? null),
    end(id, to, failure) {
      const row = store.byId(id);
      if (!row) return false;
      const refunded = row.cost_micros > 0 ? ' Its price was refunded.' : '';
      const error =
        to === 'cancelled'
          ? { code: 'job.cancelled', message: `The ${store.noun} was cancelled.${refunded}` }
          : {
              code: failure?.code ?? 'job.failed',
              message: `${failure?.message ?? `The ${store.noun} failed.`}${refunded}`,
            };
      return endRefunded(ctx.wallet, store.states, row, to, error);
    },
    event: event && ((id) => event(store.byId(id)!)),
    // The budget follows the sound or picture the job works through: the asset's decoded length
    // where the kind measured it (soundMs in its input), else what its probe found.
    mediaMs(id) {
      const row = store.byId(id);
      if (!row) return null;
      const measured = (JSON.parse(row.input) as { soundMs?: number }).soundMs;
      if (typeof measured === 'number') return measured;
      try {
        return ctx.assets.get(row.account_id, row.asset_id).duration_ms;
      } catch {
        return null;
      }
    },
    free: (id) => (store.byId(id)?.cost_micros ?? 0) === 0,
  });
}
