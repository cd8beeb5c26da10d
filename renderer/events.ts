// Main's events, fed into the stores (once, at start).
import type { AppError } from '../shared/appError.ts';
import { on } from './client/clipdesk.ts';
import { useConnection } from './stores/connectionStore.ts';
import { useProjects } from './stores/projectsStore.ts';
import { useToasts } from './stores/toastStore.ts';
import { useWorkspace } from './stores/workspaceStore.ts';

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
    on('connection.changed', (state) => connection.setConnection(state)),
    on('budget.changed', ({ budget }) => connection.setBudget(budget)),
    on('wallet.changed', ({ walletUsd }) => connection.setWallet(walletUsd)),
    on('pending.changed', ({ pending }) => connection.setPending(pending)),
    on('upload.failed', ({ error }) => useToasts.getState().showError('Uploading a file', error as AppError)),
  ];
  return () => offs.forEach((off) => off());
}
