// Runs main/core/jobs for the active workspace: one jobs service (outbox, poller,
// connection monitor) over the workspace key's one rate budget, made when the workspace
// becomes active (or its local sandbox moved to another port) and stopped when another one
// does. What the service tells goes out on the domain events (lifecycle/domainEvents.ts):
// the UI's events as they are, its view of the connection as `jobs.connection`, and
// `work.changed` when the open intents change. Intents of a workspace that is not active
// wait in the journal and are sent when it is active again.
import type { ExportInput, GenerationInput } from '../../../shared/api/createTypes.ts';
import type { IntentSummary } from '../../../shared/api/jobEvents.ts';
import { createJobsService, type GenericSubmissions, type JobsService } from './jobsService.ts';
import { createJobsTransport, type JobsTransport } from './jobsTransport.ts';
import { summarizeIntent, type JobsServiceEventMap } from './jobsContext.ts';
import { checkedSubmission } from './submission.ts';
import type { GenericKind, PathParams } from './jobKinds.ts';
import type { IntentKind } from '../journal/intents.ts';
import type { Journal } from '../journal/journal.ts';
import { appFailure } from '../errors/appErrors.ts';
import type { DomainEvents } from '../lifecycle/domainEvents.ts';
import type { WorkspaceHttp, WorkspaceLink } from '../workspace/workspaceHttp.ts';

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
  readonly http: Pick<WorkspaceHttp, 'link' | 'currentLink'>;
  readonly events: Pick<DomainEvents, 'emit'>;
  readonly log: (line: string) => void;
}

export class JobsCoordinator {
  readonly #options: JobsCoordinatorOptions;
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
    this.#options.events.emit('work.changed', { workspaceId });
    return summarizeIntent(intent);
  }

  /** Cancels paid work never sent; false once sending has begun (it then runs to its end). */
  cancel(intentId: string): boolean {
    const intent = this.#options.journal.intents.get(intentId);
    if (!intent) return false;
    const running = this.#running;
    if (running?.workspaceId === intent.workspaceId) return running.service.cancel(intentId);
    const cancelled = this.#options.journal.intents.cancel(intentId);
    if (cancelled) this.#options.events.emit('work.changed', { workspaceId: intent.workspaceId });
    return cancelled;
  }

  /** Asks the service to cancel a running job of the active workspace (jobsService.cancelJob). */
  async cancelJob(workspaceId: string, kind: string, jobId: string): Promise<boolean> {
    const running = this.#running;
    if (running?.workspaceId !== workspaceId) throw appFailure('workspace.not_ready');
    return running.service.cancelJob(kind, jobId);
  }

  /** A verified webhook event: the workspace's jobs service applies it if it is the running one. */
  webhookEvent(workspaceId: string, event: Parameters<JobsService['onWebhookEvent']>[0]): void {
    const running = this.#running;
    if (running?.workspaceId === workspaceId) running.service.onWebhookEvent(event);
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
    const forward = <N extends keyof JobsServiceEventMap>(name: N) =>
      service.on(name, (payload: JobsServiceEventMap[N]) => this.#forward(name, payload));
    const offs = [
      forward('job.updated'),
      forward('queue.changed'),
      forward('intent.updated'),
      forward('connection.changed'),
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

  #forward<N extends keyof JobsServiceEventMap>(name: N, payload: JobsServiceEventMap[N]): void {
    const { events } = this.#options;
    if (name === 'connection.changed') {
      const { workspaceId, state, error } = payload as JobsServiceEventMap['connection.changed'];
      // The runtime keeps the one connection state: this is what the jobs service saw of it.
      events.emit('jobs.connection', { workspaceId, state, error });
      return;
    }
    if (name === 'job.updated') {
      events.emit('job.updated', payload as JobsServiceEventMap['job.updated']);
      return;
    }
    if (name === 'queue.changed') {
      const queue = payload as JobsServiceEventMap['queue.changed'];
      events.emit('queue.changed', queue);
      events.emit('work.changed', { workspaceId: queue.workspaceId });
      return;
    }
    const update = payload as JobsServiceEventMap['intent.updated'];
    events.emit('intent.updated', update);
    events.emit('work.changed', { workspaceId: update.workspaceId });
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
