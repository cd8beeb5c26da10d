// What the status bar shows: the connection to the workspace's service (and, in browser
// mode, to Clipdesk itself), the rate budget, the wallet and the pending work.
import { create } from 'zustand';
import type { RateBudgetSnapshot } from '../../shared/api/rateBudgetSnapshot.ts';
import type { ConnectionState, PendingCounts } from '../../shared/ipcViews.ts';
import { invoke } from '../client/clipdesk.ts';
import { hear } from '../client/mainEvents.ts';
import { isActiveWorkspace } from './workspaceStore.ts';

interface ConnectionStoreState {
  connection: ConnectionState | null;
  budget: RateBudgetSnapshot | null;
  walletUsd: number | null;
  pending: PendingCounts;
  /** False while browser mode's socket to Clipdesk is down. */
  bridgeOpen: boolean;
  refresh(): Promise<void>;
  setConnection(connection: ConnectionState): void;
  setBudget(budget: RateBudgetSnapshot): void;
  setWallet(walletUsd: number | null): void;
  setPending(pending: PendingCounts): void;
  setBridgeOpen(open: boolean): void;
}

export const useConnection = create<ConnectionStoreState>()((set) => ({
  connection: null,
  budget: null,
  walletUsd: null,
  pending: { openIntents: 0, pendingIntents: 0, uploads: 0 },
  bridgeOpen: true,

  async refresh() {
    try {
      const status = await invoke('status.get');
      set({
        connection: status.connection,
        budget: status.budget,
        walletUsd: status.walletUsd,
        pending: status.pending,
      });
    } catch {
      // The status bar keeps what it showed; the events bring the next change.
    }
  },
  setConnection: (connection) => set({ connection }),
  setBudget: (budget) => set({ budget }),
  setWallet: (walletUsd) => set({ walletUsd }),
  setPending: (pending) => set({ pending }),
  setBridgeOpen: (bridgeOpen) => set({ bridgeOpen }),
}));

// The status bar shows the active workspace only: another one's news is not its.
const connection = () => useConnection.getState();
hear('workspace.changed', () => void connection().refresh());
hear('connection.changed', (state) => isActiveWorkspace(state.workspaceId) && connection().setConnection(state));
hear('budget.changed', ({ workspaceId, budget }) => isActiveWorkspace(workspaceId) && connection().setBudget(budget));
hear(
  'wallet.changed',
  ({ workspaceId, walletUsd }) => isActiveWorkspace(workspaceId) && connection().setWallet(walletUsd),
);
hear(
  'pending.changed',
  ({ workspaceId, pending }) => isActiveWorkspace(workspaceId) && connection().setPending(pending),
);
