// What every part of the Messaging screen's core shares: the active workspace, its settings,
// and its Messaging API client at its address now (workspaceHttp.ts owns the client); once
// the app closes, no new request goes out.
import { AppFailure, appError } from '../../../shared/appError.ts';
import { MESSAGING_CLIENT_CODES, type MessagingClientCode } from '../../../shared/messagingFailures.ts';
import type { Journal } from '../journal/journal.ts';
import type { Keychain } from '../keychain/keychain.ts';
import type { DomainEvents } from '../lifecycle/domainEvents.ts';
import type { Workspace } from '../settings/settingsSchema.ts';
import type { WorkspaceHttp } from '../workspace/workspaceHttp.ts';
import type { WorkspaceRuntime } from '../workspace/workspaceRuntime.ts';
import type { MessagingClient } from './messagingClient.ts';

export interface MessagingDeps {
  readonly runtime: Pick<WorkspaceRuntime, 'activeId' | 'workspace' | 'view'>;
  /** The workspace's Messaging API client at its address now. */
  readonly http: Pick<WorkspaceHttp, 'messaging'>;
  readonly keychain: Pick<Keychain, 'describe'>;
  readonly journal: Pick<Journal, 'contacts' | 'contactImports' | 'messaging'>;
  readonly events: Pick<DomainEvents, 'emit'>;
}

export function messagingFailure(
  code: MessagingClientCode,
  message: string = MESSAGING_CLIENT_CODES[code],
): AppFailure {
  return new AppFailure(appError(code, message));
}

export class ActiveMessaging {
  readonly deps: MessagingDeps;
  #closed = false;

  constructor(deps: MessagingDeps) {
    this.deps = deps;
  }

  get closed(): boolean {
    return this.#closed;
  }

  activeId(): string {
    return this.deps.runtime.activeId();
  }

  workspace(workspaceId: string): Workspace {
    return this.deps.runtime.workspace(workspaceId);
  }

  async client(workspaceId: string): Promise<MessagingClient> {
    if (this.#closed) throw new AppFailure(appError('client.closed'));
    return this.deps.http.messaging(workspaceId);
  }

  senderId(workspaceId: string): string {
    const senderId = this.workspace(workspaceId).senderId;
    if (!senderId) throw messagingFailure('messaging.sender_missing');
    return senderId;
  }

  /** The app is closing: no new request goes out. */
  close(): void {
    this.#closed = true;
  }
}
