// The status bar: workspace, online/offline, rate budget in use, wallet, pending work.
import { useConnection } from '../stores/connectionStore.ts';
import { useWorkspace } from '../stores/workspaceStore.ts';

const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });

function connectionText(state: string | undefined, bridgeOpen: boolean): string {
  if (!bridgeOpen) return 'Reconnecting to Clipdesk';
  if (state === 'online') return 'Online';
  if (state === 'offline') return 'Offline';
  return 'Starting';
}

export function StatusBar() {
  const workspace = useWorkspace((s) => s.workspace);
  const connection = useConnection((s) => s.connection);
  const bridgeOpen = useConnection((s) => s.bridgeOpen);
  const budget = useConnection((s) => s.budget);
  const walletUsd = useConnection((s) => s.walletUsd);
  const pending = useConnection((s) => s.pending);
  const waiting = pending.openIntents + pending.uploads;

  return (
    <footer className="status-bar" aria-label="Status">
      <span>
        Workspace: <strong>{workspace?.name ?? '…'}</strong>
      </span>
      <span
        className={`connection connection-${connection?.state ?? 'starting'}`}
        role="status"
        aria-label="Connection"
        title={connection?.error?.message}
      >
        {connectionText(connection?.state, bridgeOpen)}
      </span>
      <span aria-label="Rate budget" title={budget?.pausedUntil ? 'Paused by the service (Retry-After)' : undefined}>
        Requests this minute: {budget ? `${budget.used}/${budget.limit}` : '…'}
        {budget?.pausedUntil ? ' (paused)' : ''}
      </span>
      <span aria-label="Wallet">Wallet: {walletUsd === null ? '…' : usd.format(walletUsd)}</span>
      <span aria-label="Pending">
        Pending: {waiting}
        {pending.pendingIntents > 0 && connection?.state === 'offline' ? ' (waiting for the service)' : ''}
      </span>
    </footer>
  );
}
