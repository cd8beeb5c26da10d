// The status bar: workspace, online/offline, rate budget in use, wallet, pending work.
import { Cloud, CloudOff, Gauge, Hourglass, Server, Wallet } from 'lucide-react';
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
  const online = bridgeOpen && connection?.state === 'online';

  return (
    <footer className="app-status" aria-label="Status">
      <span className="app-status-item">
        <Server aria-hidden="true" />
        <span>
          Workspace: <strong>{workspace?.name ?? '…'}</strong>
        </span>
      </span>
      <span
        className={`app-status-item connection connection-${bridgeOpen ? (connection?.state ?? 'starting') : 'starting'}`}
        title={connection?.error?.message}
      >
        {online ? <Cloud aria-hidden="true" /> : <CloudOff aria-hidden="true" />}
        <span role="status" aria-label="Connection">
          {connectionText(connection?.state, bridgeOpen)}
        </span>
      </span>
      <span
        className="app-status-item app-status-end"
        title={budget?.pausedUntil ? 'Paused by the service (it asked to wait before the next request)' : undefined}
      >
        <Gauge aria-hidden="true" />
        <span role="group" aria-label="Rate budget">
          Requests this minute: {budget ? `${budget.used}/${budget.limit}` : '…'}
          {budget?.pausedUntil ? ' (paused)' : ''}
        </span>
      </span>
      <span className="app-status-item">
        <Wallet aria-hidden="true" />
        <span role="group" aria-label="Wallet">
          Wallet: {walletUsd === null ? '…' : usd.format(walletUsd)}
        </span>
      </span>
      <span className="app-status-item">
        <Hourglass aria-hidden="true" />
        <span role="group" aria-label="Pending">
          Pending: {waiting}
          {pending.pendingIntents > 0 && connection?.state === 'offline' ? ' (waiting for the service)' : ''}
        </span>
      </span>
    </footer>
  );
}
