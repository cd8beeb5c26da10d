// The status bar's pending count spans two domains (the journal's open intents, and the
// uploads and page streams under way), so it is counted here, at the app's level, and
// announced as `pending.changed` whenever either says its part changed (`work.changed`).
import type { PendingCounts } from '../../../shared/ipcViews.ts';
import type { Journal } from '../journal/journal.ts';
import type { DomainEvents } from '../lifecycle/domainEvents.ts';
import type { StreamedUploads } from '../uploads/streamedUploads.ts';
import type { UploadsCoordinator } from '../uploads/uploadsCoordinator.ts';

export type CountPending = (workspaceId: string) => PendingCounts;

export function pendingWork(deps: {
  readonly journal: Pick<Journal, 'intents'>;
  readonly uploads: Pick<UploadsCoordinator, 'openCount'>;
  readonly streams: Pick<StreamedUploads, 'openCount'>;
}): CountPending {
  return (workspaceId) => {
    const open = deps.journal.intents.listOpen(workspaceId);
    return {
      openIntents: open.length,
      pendingIntents: open.filter((intent) => intent.state === 'pending').length,
      uploads: deps.uploads.openCount(workspaceId) + deps.streams.openCount(workspaceId),
    };
  };
}

/** Announces the workspace's pending count each time its work changed; returns the unsubscribe. */
export function announcePending(events: DomainEvents, count: CountPending): () => void {
  return events.on('work.changed', ({ workspaceId }) =>
    events.emit('pending.changed', { workspaceId, pending: count(workspaceId) }),
  );
}
