// Main's events, fed into the stores (once, at start).
import { on } from './client/clipdesk.ts';
import { useConnection } from './stores/connectionStore.ts';
import { useProjects } from './stores/projectsStore.ts';
import { showError } from './stores/toastStore.ts';
import { useWorkspace } from './stores/workspaceStore.ts';
import { listenJobs } from './screens/jobs/listenJobs.ts';
import { listenSettings } from './screens/settings/listenSettings.ts';
import { listenToMedia } from './stores/mediaEvents.ts';

/** The status bar shows the active workspace only: another one's news is not its. */
const isActive = (workspaceId: string) => useWorkspace.getState().workspace?.id === workspaceId;

export function listenToMain(): () => void {
  const connection = useConnection.getState();
  const offs = [
    on('workspace.changed', (workspace) => {
      const before = useWorkspace.getState().workspace;
      useWorkspace.getState().setWorkspace(workspace);
      // Another workspace is another account: its projects are read afresh.
      if (before && before.id !== workspace.id) useProjects.getState().reset();
      void useConnection.getState().refresh();
    }),
    on('connection.changed', (state) => isActive(state.workspaceId) && connection.setConnection(state)),
    on('budget.changed', ({ workspaceId, budget }) => isActive(workspaceId) && connection.setBudget(budget)),
    on('wallet.changed', ({ workspaceId, walletUsd }) => isActive(workspaceId) && connection.setWallet(walletUsd)),
    on('pending.changed', ({ workspaceId, pending }) => isActive(workspaceId) && connection.setPending(pending)),
    on('upload.failed', ({ error }) => showError('Uploading a file', error)),
    ...listenJobs(),
    ...listenSettings(),
    ...listenToMedia(),
  ];
  return () => offs.forEach((off) => off());
}
