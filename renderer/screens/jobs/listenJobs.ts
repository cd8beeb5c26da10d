// The jobs service's events, fed into the Jobs and Exports stores (only the active
// workspace's: another workspace's work is not on these screens).
import { on } from '../../client/clipdesk.ts';
import { useExports } from '../../stores/exportsStore.ts';
import { useJobs } from '../../stores/jobsStore.ts';
import { useWorkspace } from '../../stores/workspaceStore.ts';

const isActive = (workspaceId: string) => useWorkspace.getState().workspace?.id === workspaceId;

export function listenJobs(): (() => void)[] {
  let shownId = useWorkspace.getState().workspace?.id;
  return [
    on('job.updated', (update) => {
      if (!isActive(update.workspaceId)) return;
      useJobs.getState().applyJobUpdate(update);
      useExports.getState().applyJobUpdate(update);
    }),
    on('intent.updated', ({ workspaceId }) => {
      if (isActive(workspaceId)) useJobs.getState().refreshSoon();
    }),
    on('workspace.changed', ({ id }) => {
      if (id === shownId) return;
      shownId = id;
      // Another workspace is another account: its work is read afresh.
      useJobs.getState().reset();
      useExports.getState().reset();
    }),
  ];
}
