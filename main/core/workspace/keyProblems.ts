// A key the service refused (expired, revoked, or not recognised), remembered per workspace
// until the key is replaced or forgotten. Whatever request met the refusal first — a screen's
// read, the outbox, the poller, an upload — it is announced ONCE as `key.problem`, so the
// renderer shows one prompt ("Replace key") instead of an error per request.
import type { AppError } from '../../../shared/appError.ts';
import { isKeyProblemCode } from '../../../shared/errorCodes.ts';
import type { KeyProblem } from '../../../shared/ipc/settingsView.ts';
import type { DomainEvents } from '../lifecycle/domainEvents.ts';

export interface KeyProblemsOptions {
  readonly events: Pick<DomainEvents, 'emit'>;
  /** The workspace's name as the user gave it (the prompt names it); null for one that is gone. */
  readonly workspaceName: (workspaceId: string) => string | null;
  readonly now?: () => number;
}

export class KeyProblems {
  readonly #options: KeyProblemsOptions;
  readonly #now: () => number;
  readonly #problems = new Map<string, KeyProblem>();
  /** When each workspace's key last changed: a refusal of a request begun before it is about the old key. */
  readonly #keyChangedAt = new Map<string, number>();

  constructor(options: KeyProblemsOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * An answer of the service for this workspace; only a refused key counts. `startedAt` is
   * when the request began (epoch ms): one begun before the key changed says nothing of the new key.
   */
  report(
    workspaceId: string,
    error: Pick<AppError, 'code' | 'message' | 'requestId'>,
    startedAt: number = this.#now(),
  ): void {
    if (!isKeyProblemCode(error.code)) return;
    if (startedAt <= (this.#keyChangedAt.get(workspaceId) ?? -Infinity)) return;
    if (this.#problems.has(workspaceId)) return;
    const workspaceName = this.#options.workspaceName(workspaceId);
    if (workspaceName === null) return;
    const problem: KeyProblem = {
      workspaceId,
      workspaceName,
      code: error.code,
      message: error.message,
      requestId: error.requestId,
      at: this.#now(),
    };
    this.#problems.set(workspaceId, problem);
    this.#options.events.emit('key.problem', { workspaceId, problem });
  }

  /** The workspace's key was replaced or forgotten: whatever was wrong with the old one is over. */
  keyChanged(workspaceId: string): void {
    this.#keyChangedAt.set(workspaceId, this.#now());
    if (!this.#problems.delete(workspaceId)) return;
    this.#options.events.emit('key.problem', { workspaceId, problem: null });
  }

  get(workspaceId: string): KeyProblem | null {
    return this.#problems.get(workspaceId) ?? null;
  }

  list(): KeyProblem[] {
    return [...this.#problems.values()];
  }
}
