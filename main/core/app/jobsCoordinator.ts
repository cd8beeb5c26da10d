// Runs main/core/jobs for the active workspace: one jobs service (outbox, poller,
// connection monitor) over the workspace key's one rate budget, made when the workspace
// becomes active (or its local sandbox moved to another port) and stopped when another one
// does; what it tells the UI goes out on the event bus as it is. Intents of a workspace
// that is not active wait in the journal and are sent when it is active again.
import type { ExportInput, GenerationInput } from '../../../shared/api/createTypes.ts';
import type { IntentSummary, JobEventMap } from '../../../shared/api/jobEvents.ts';
import { createJobsService, type GenericSubmissions, type JobsService } from '../jobs/jobsService.ts';
import { createJobsTransport, type JobsTransport } from '../jobs/jobsTransport.ts';
import { summarizeIntent, type IntentAnswered } from '../jobs/jobsContext.ts';
import { checkedSubmission } from '../jobs/submission.ts';
import type { GenericKind, PathParams } from '../jobs/jobKinds.ts';
import type { IntentKind } from '../journal/intents.ts';
import type { Journal } from '../journal/journal.ts';
import { appFailure } from './appErrors.ts';
import type { EventBus } from './eventBus.ts';
import type { WorkspaceHttp, WorkspaceLink } from './workspaceHttp.ts';
import type { WorkspaceRuntime } from './workspaceRuntime.ts';

interface Running {
  readonly workspaceId: string;
  /** The address and key budget it sends with: a new link (new address or key) makes it again. */
  readonly link: WorkspaceLink;
  readonly service: JobsService;
  readonly transport: JobsTransport;
  readonly unsubscribe: () => void;
}

export interface JobsCoordinatorOptions {
  readonly journal: Journal;
  readonly runtime: Pick<WorkspaceRuntime, 'noteConnection' | 'refreshWallet'>;
  readonly http: Pick<WorkspaceHttp, 'link' | 'currentLink'>;
  readonly events: Pick<EventBus, 'emit'>;
  /** The journal's open intents changed (the status bar's pending count). */
  readonly queueChanged: (workspaceId: string) => void;
  readonly log: (line: string) => void;
}

export class JobsCoordinator {
  readonly #options: JobsCoordinatorOptions;
  readonly #answerListeners = new Set<(answer: IntentAnswered) => void>();
  #running: Running | null = null;
  /** One switch at a time: a second activation waits for the first. */
  #switching: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(options: JobsCoordinatorOptions) {
    this.#options = options;
  }

  /** Starts the active workspace's jobs service (again, if its address changed). */
  activate(workspaceId: string): Promise<JobsService | null> {
    const next = this.#switching.then(() => this.#activate(workspaceId));
    this.#switching = next.catch(() => null);
    return next;
  }

  /** The service of the workspace, started if it can be (the local sandbox may not run yet). */
  async serviceFor(workspaceId: string): Promise<JobsService | null> {
    const running = this.#running;
    if (running?.workspaceId === workspaceId && this.#options.http.currentLink(workspaceId) === running.link)
      return running.service;
    return this.activate(workspaceId).catch(() => null);
  }

  /**
   * Journals paid work (checked first; its idempotency key made with it) and wakes the outbox.
   * Offline is a state: when the service cannot be started or reached, the intent waits.
   */
  async submit(workspaceId: string, kind: 'generation', input: GenerationInput): Promise<IntentSummary>;
  async submit(workspaceId: string, kind: 'export', input: ExportInput): Promise<IntentSummary>;
  async submit<Kind extends GenericKind>(
    workspaceId: string,
    kind: Kind,
    request: GenericSubmissions[Kind],
  ): Promise<IntentSummary>;
  async submit(workspaceId: string, kind: string, input: unknown): Promise<IntentSummary> {
    const service = await this.serviceFor(workspaceId);
    if (service) {
      if (kind === 'generation') return service.submitGeneration(input as GenerationInput);
      if (kind === 'export') return service.submitExport(input as ExportInput);
      return service.submit(kind as GenericKind, input as GenericSubmissions[GenericKind]);
    }
    // No service to hand it to now (the local sandbox failed to start): journaled all the same.
    const { input: body, ...params } = (kind === 'generation' || kind === 'export' ? { input } : input) as {
      input?: unknown;
    } & PathParams;
    const request = checkedSubmission(kind, params, body);
    const intent = this.#options.journal.intents.create({ kind: kind as IntentKind, workspaceId, request });
    this.#options.queueChanged(workspaceId);
    return summarizeIntent(intent);
  }

  /** Cancels paid work never sent; false once sending has begun (it then runs to its end). */
  cancel(intentId: string): boolean {
    const intent = this.#options.journal.intents.get(intentId);
    if (!intent) return false;
    const running = this.#running;
    if (running?.workspaceId === intent.workspaceId) return running.service.cancel(intentId);
    const cancelled = this.#options.journal.intents.cancel(intentId);
    if (cancelled) this.#options.queueChanged(intent.workspaceId);
    return cancelled;
  }

  /** Asks the service to cancel a running job of the active workspace (jobsService.cancelJob). */
  async cancelJob(workspaceId: string, kind: string, jobId: string): Promise<boolean> {
    const running = this.#running;
    if (running?.workspaceId !== workspaceId) throw appFailure('workspace.not_ready');
    return running.service.cancelJob(kind, jobId);
  }

  /** Answers of work answered at once (editor commands), each just before its intent is done; returns the unsubscribe function. */
  onAnswered(listener: (answer: IntentAnswered) => void): () => void {
    this.#answerListeners.add(listener);
    return () => void this.#answerListeners.delete(listener);
  }

  /** The running service (for the webhook receiver's verified events). */
  current(): JobsService | null {
    return this.#running?.service ?? null;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#switching;
    await this.#stop();
  }

  async #activate(workspaceId: string): Promise<JobsService | null> {
    if (this.#closed) return null;
    const { http, log } = this.#options;
    const link = await http.link(workspaceId);
    const running = this.#running;
    if (running?.workspaceId === workspaceId && running.link === link) return running.service;
    await this.#stop();
    if (this.#closed) return null;
    const transport = createJobsTransport(link);
    const service = createJobsService({
      workspaceId,
      journal: this.#options.journal,
      transport,
      onListenerError: (event, error) => log(`jobs: a listener of ${event} failed: ${String(error)}`),
    });
    const forward = <N extends keyof JobEventMap>(name: N) =>
      service.on(name, (payload: JobEventMap[N]) => this.#forward(name, payload));
    const offs = [
      forward('job.updated'),
      forward('queue.changed'),
      forward('intent.updated'),
      forward('connection.changed'),
      service.on('intent.answered', (answer) => {
        for (const listener of this.#answerListeners) {
          try {
            listener(answer);
          } catch (err) {
            log(`jobs: a listener of intent.answered failed: ${String(err)}`);
          }
        }
      }),
    ];
    this.#running = {
      workspaceId,
      link,
      service,
      transport,
      unsubscribe: () => offs.forEach((off) => off()),
    };
    service.start();
    return service;
  }

  #forward<N extends keyof JobEventMap>(name: N, payload: JobEventMap[N]): void {
    const { events, runtime, queueChanged } = this.#options;
    if (name === 'connection.changed') {
      const change = payload as JobEventMap['connection.changed'];
      runtime.noteConnection(change.workspaceId, change.state, change.error);
      return;
    }
    if (name === 'job.updated') {
      const job = payload as JobEventMap['job.updated'];
      events.emit('job.updated', job);
      // Paid work that ended may have changed the wallet.
      if (job.terminal) void runtime.refreshWallet(job.workspaceId).catch(() => {});
      return;
    }
    if (name === 'queue.changed') {
      const queue = payload as JobEventMap['queue.changed'];
      events.emit('queue.changed', queue);
      queueChanged(queue.workspaceId);
      return;
    }
    const update = payload as JobEventMap['intent.updated'];
    events.emit('intent.updated', update);
    queueChanged(update.workspaceId);
  }

  async #stop(): Promise<void> {
    const running = this.#running;
    this.#running = null;
    if (!running) return;
    running.unsubscribe();
    await running.service.stop();
    await running.transport.close();
  }
}
