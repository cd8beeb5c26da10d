// What the request handlers share: the core's parts, built once by createCore.
import type { PendingCounts } from '../../../shared/ipcViews.ts';
import type { Journal } from '../journal/journal.ts';
import type { Keychain } from '../keychain/keychain.ts';
import type { SettingsService } from '../settings/settingsService.ts';
import type { EventBus } from './eventBus.ts';
import type { FirstLaunch } from './firstLaunch.ts';
import type { JobsCoordinator } from './jobsCoordinator.ts';
import type { StreamedUploads } from './streamedUploads.ts';
import type { UploadsCoordinator } from './uploadsCoordinator.ts';
import type { WorkspaceRuntime } from './workspaceRuntime.ts';
import type { TunnelStatus } from '../webhooks/tunnel.ts';

export interface HandlerContext {
  readonly mode: 'electron' | 'browser';
  readonly version: string;
  readonly settings: SettingsService;
  readonly keychain: Keychain;
  readonly journal: Journal;
  readonly events: EventBus;
  readonly runtime: WorkspaceRuntime;
  readonly firstLaunch: FirstLaunch;
  readonly streams: StreamedUploads;
  readonly uploads: UploadsCoordinator;
  readonly jobs: JobsCoordinator;
  readonly pendingCounts: (workspaceId: string) => PendingCounts;
  /** The webhook tunnel's state for a workspace; null when none runs for it (or webhooks are off). */
  readonly webhookTunnel: (workspaceId: string) => TunnelStatus | null;
}
