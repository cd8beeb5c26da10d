// The facts core parts announce to each other, on one typed emitter (typedEmitter.ts). Two
// kinds: the contract's events (shared/ipc.ts: what the page may hear), which the
// renderer-facing bus (app/eventBus.ts) bridges to the page after its zod check; and facts
// kept inside main (a workspace came online, a key changed, a webhook was verified…), which
// never leave it. Each fact has one source: the part named beside it.
import type { AppError } from '../../../shared/appError.ts';
import type { EventName, EventPayload } from '../../../shared/ipc.ts';
import type { Exchange } from '../api/httpClient.ts';
import type { JobWebhookEvent } from '../jobs/webhookJobEvent.ts';
import { createTypedEmitter, type TypedEmitter } from './typedEmitter.ts';

type ContractEvents = { [N in EventName]: EventPayload<N> };

export interface InternalEvents {
  /** workspaceRuntime: the active workspace's service answers again (the outbox drains, uploads and bulks go on). */
  'workspace.online': { readonly workspaceId: string };
  /** workspaceRuntime: a workspace became the active one (or is, at startup). */
  'workspace.activated': { readonly workspaceId: string };
  /** workspaceHttp: a workspace's key was replaced or forgotten; its old budget and clients are gone. */
  'workspace.keyChanged': { readonly workspaceId: string };
  /** workspaceHttp: a workspace's budget was made or replaced (the status bar follows the active one's). */
  'workspace.budgetChanged': { readonly workspaceId: string };
  /** workspaceHttp: one of the workspace's Create API clients got an answer. */
  'workspace.answered': { readonly workspaceId: string; readonly exchange: Exchange };
  /** workspaceHttp: a request was not sent because the workspace's key is missing or made for another address. */
  'workspace.keyUnusable': { readonly workspaceId: string; readonly error: AppError };
  /** workspaceAddresses: the local sandbox is being started for a request. */
  'localSandbox.starting': Record<string, never>;
  /** localSandbox: the local sandbox exited on its own. */
  'localSandbox.exited': { readonly detail: string };
  /** jobsCoordinator: what the active jobs service saw of the service (reachable or not). */
  'jobs.connection': {
    readonly workspaceId: string;
    readonly state: 'online' | 'offline';
    readonly error: AppError | null;
  };
  /** jobsCoordinator, uploadsCoordinator: a workspace's open intents or uploads under way changed. */
  'work.changed': { readonly workspaceId: string };
  /** uploadsCoordinator: an upload is over, however it ended (a staged file may go). */
  'upload.settled': { readonly workspaceId: string; readonly filePath: string };
  /** webhooksEngine: a verified, first-seen delivery for the workspace. */
  'webhook.verified': { readonly workspaceId: string; readonly event: JobWebhookEvent };
}

/**
 * The contract's events, except that an intent's update carries, inside main, the service's
 * answer to work answered at once (editor commands): the one channel the edit tracker hears it on.
 */
export type DomainEventMap = Omit<ContractEvents, 'intent.updated'> & {
  'intent.updated': ContractEvents['intent.updated'] & { readonly answer?: unknown };
} & InternalEvents;

export type DomainEvents = TypedEmitter<DomainEventMap>;

export function createDomainEvents(log: (line: string) => void = () => {}): DomainEvents {
  return createTypedEmitter<DomainEventMap>((name, error) =>
    log(`event ${String(name)}: a listener failed (${error instanceof Error ? error.message : String(error)})`),
  );
}
