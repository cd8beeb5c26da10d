// What the composition root needs of a webhooks engine, and gives it: createCore calls
// activate() whenever a workspace becomes the active one, and announces every verified event
// it is handed as `webhook.verified` (the jobs service of that workspace applies it: a job a
// webhook says ended is not polled again). webhooksEngine.ts is the engine createCore uses;
// a test may pass its own factory (CoreOptions.webhooks).
import type { CreateApiClient } from '../api/createApiClient.ts';
import type { JobWebhookEvent } from '../jobs/webhookJobEvent.ts';
import type { Journal } from '../journal/journal.ts';
import type { Keychain } from '../keychain/keychain.ts';
import type { TunnelStatus } from './tunnel.ts';
import type { Workspace } from '../settings/settingsSchema.ts';

export interface WebhooksDeps {
  readonly journal: Journal;
  /** Each endpoint's signing secret is kept here (webhookSecret), never elsewhere. */
  readonly keychain: Keychain;
  readonly workspace: (workspaceId: string) => Workspace;
  /**
   * The workspace's shared Create API client at its address now (the local sandbox is started
   * first): registering endpoints spends the same key's budget as everything else.
   */
  readonly client: (workspaceId: string) => Promise<CreateApiClient>;
  /** A verified, first-seen event (createCore announces it as `webhook.verified`). */
  readonly onVerifiedEvent: (workspaceId: string, event: JobWebhookEvent) => void;
  readonly log: (line: string) => void;
}

export interface WebhooksEngine {
  /** The workspace became the active one: receive its deliveries (per its tunnel setting). */
  activate(workspaceId: string): void;
  /** The workspace's tunnel now; null when nothing runs for it (tunnel 'none', or not the active one). */
  status?(workspaceId: string): TunnelStatus | null;
  close(): Promise<void>;
}

export type WebhooksFactory = (deps: WebhooksDeps) => WebhooksEngine;
