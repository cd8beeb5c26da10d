// Online or offline (DESIGN rule 2: offline is a state, not an error). The service is
// offline once a request could not reach it at all (a network AppError, after the
// client's own retries); it is online again as soon as anything answers: a probe of
// GET / (public, no budget slot), or any other request. While offline, probes back off.
import { toAppError, type AppError } from '../../../shared/appError.ts';
import type { ConnectionChangedEvent } from '../../../shared/api/jobEvents.ts';
import type { JobsTransport } from './jobsTransport.ts';

export const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  'network.unreachable',
  'network.timeout',
  'network.connection_lost',
]);

/** No answer came from the service (as opposed to an answer that was an error). */
export function isNetworkError(error: AppError): boolean {
  return NETWORK_ERROR_CODES.has(error.code);
}

export interface ConnectionTiming {
  /** First wait before probing a service that went away; doubles up to probeMaxMs. */
  probeBaseMs: number;
  probeMaxMs: number;
}

export const DEFAULT_CONNECTION_TIMING: ConnectionTiming = { probeBaseMs: 1_000, probeMaxMs: 15_000 };

export interface ConnectionMonitorOptions {
  workspaceId: string;
  transport: JobsTransport;
  emit: (event: ConnectionChangedEvent) => void;
  timing?: Partial<ConnectionTiming>;
  now?: () => number;
}

export class ConnectionMonitor {
  readonly #options: ConnectionMonitorOptions;
  readonly #timing: ConnectionTiming;
  readonly #now: () => number;
  #state: ConnectionChangedEvent['state'] = 'online';
  #since: number;
  #error: AppError | null = null;
  #probeTimer: NodeJS.Timeout | null = null;
  #probeDelay: number;
  #probing: AbortController | null = null;
  #stopped = false;

  constructor(options: ConnectionMonitorOptions) {
    this.#options = options;
    this.#timing = { ...DEFAULT_CONNECTION_TIMING, ...options.timing };
    this.#now = options.now ?? Date.now;
    this.#since = this.#now();
    this.#probeDelay = this.#timing.probeBaseMs;
  }

  get online(): boolean {
    return this.#state === 'online';
  }

  snapshot(): ConnectionChangedEvent {
    return { workspaceId: this.#options.workspaceId, state: this.#state, since: this.#since, error: this.#error };
  }

  /** The service answered (anything, even an error envelope). */
  reachable(): void {
    if (this.#stopped || this.#state === 'online') return;
    this.#clearProbe();
    // The outbox and the poller hear it as connection.changed (online) and go on at once.
    this.#change('online', null);
  }

  /** A request got no answer at all. */
  unreachable(error: AppError): void {
    if (this.#stopped || this.#state === 'offline') return;
    this.#change('offline', error);
    this.#probeDelay = this.#timing.probeBaseMs;
    this.#scheduleProbe();
  }

  /** The transport, watched: every answer and every network failure moves the state. */
  observe(transport: JobsTransport): JobsTransport {
    return {
      call: async (request, schema, options) => {
        try {
          const answer = await transport.call(request, schema, options);
          this.reachable();
          return answer;
        } catch (err) {
          this.#noteFailure(err);
          throw err;
        }
      },
      probe: (signal) => transport.probe(signal),
      close: () => transport.close(),
    };
  }

  stop(): void {
    this.#stopped = true;
    this.#clearProbe();
  }

  #noteFailure(err: unknown): void {
    const error = toAppError(err);
    if (isNetworkError(error)) this.unreachable(error);
    else if (error.status !== null) this.reachable();
  }

  #change(state: ConnectionChangedEvent['state'], error: AppError | null): void {
    this.#state = state;
    this.#since = this.#now();
    this.#error = error;
    this.#options.emit(this.snapshot());
  }

  #scheduleProbe(): void {
    if (this.#stopped || this.#probeTimer !== null) return;
    this.#probeTimer = setTimeout(() => void this.#probe(), this.#probeDelay);
  }

  async #probe(): Promise<void> {
    this.#probeTimer = null;
    if (this.#stopped || this.#state === 'online') return;
    const controller = new AbortController();
    this.#probing = controller;
    try {
      await this.#options.transport.probe(controller.signal);
      this.reachable();
    } catch (err) {
      if (this.#stopped || controller.signal.aborted) return;
      const error = toAppError(err);
      if (!isNetworkError(error) && error.status !== null) {
        this.reachable();
        return;
      }
      this.#probeDelay = Math.min(this.#timing.probeMaxMs, this.#probeDelay * 2);
      this.#scheduleProbe();
    } finally {
      if (this.#probing === controller) this.#probing = null;
    }
  }

  #clearProbe(): void {
    if (this.#probeTimer !== null) clearTimeout(this.#probeTimer);
    this.#probeTimer = null;
    this.#probing?.abort();
    this.#probing = null;
  }
}
