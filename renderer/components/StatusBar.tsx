// The status bar: workspace, online/offline, wallet, pending work — and the rate budget only
// when it matters (near its limit, or paused by the service); otherwise its count is in the
// connection's tooltip. A service that answers but refuses the key (or a key the app will not
// send) is no "Online": the bar names the problem and offers its fix (the local workspace
// repairs its own key).
import { useEffect, useState } from 'react';
import { Cloud, CloudOff, Gauge, Hourglass, KeyRound, Server, Wallet } from 'lucide-react';
import type { KeyProblem } from '../../shared/ipc/settingsView.ts';
import { rateBudgetText } from '../model/rateBudgetText.ts';
import { useConnection } from '../stores/connectionStore.ts';
import { useNavigation } from '../stores/navigationStore.ts';
import { REPAIR_FORM, useIsLocalWorkspace, useSettings } from '../stores/settingsStore.ts';
import { useWorkspace } from '../stores/workspaceStore.ts';
import './statusBarKeyProblem.css';

const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });

function connectionText(state: string | undefined, bridgeOpen: boolean): string {
  if (!bridgeOpen) return 'Reconnecting to Clipdesk';
  if (state === 'online') return 'Online';
  if (state === 'offline') return 'Offline';
  return 'Starting';
}

const KEY_STATE: Record<KeyProblem['code'], string> = {
  'auth.key_expired': 'Key expired',
  'auth.key_revoked': 'Key revoked',
  'auth.invalid_key': 'Key refused',
  'workspace.key_origin': 'Key does not fit this address',
  'workspace.key_missing': 'No key',
};

function KeyProblemState({ problem }: { problem: KeyProblem }) {
  const local = useIsLocalWorkspace(problem.workspaceId);
  const repairing = useSettings((s) => s.saving === REPAIR_FORM);
  const repairLocalKey = useSettings((s) => s.repairLocalKey);
  const go = useNavigation((s) => s.go);
  return (
    <span className="app-status-item connection connection-key-problem" title={problem.message}>
      <KeyRound aria-hidden="true" />
      <span role="status" aria-label="Connection">
        {KEY_STATE[problem.code]}
      </span>
      {local ? (
        <button type="button" className="app-status-action" disabled={repairing} onClick={() => void repairLocalKey()}>
          {repairing ? 'Repairing…' : 'Repair key'}
        </button>
      ) : (
        <button type="button" className="app-status-action" onClick={() => go('Settings')}>
          Replace key in Settings
        </button>
      )}
    </span>
  );
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
  const keyProblem = useSettings((s) => s.problems.find((p) => p.workspaceId === workspace?.id));
  const [now, setNow] = useState(() => Date.now());
  const rate = rateBudgetText(budget, now);
  const pausedUntil = budget?.pausedUntil ?? null;
  // A pause ends on its own: the bar says so then, whether or not another figure came.
  useEffect(() => {
    setNow(Date.now());
    if (pausedUntil === null || pausedUntil <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), pausedUntil - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [pausedUntil, budget]);

  return (
    <footer className="app-status" aria-label="Status">
      <span className="app-status-item">
        <Server aria-hidden="true" />
        <span>
          Workspace: <strong>{workspace?.name ?? '…'}</strong>
        </span>
      </span>
      {bridgeOpen && keyProblem ? (
        <KeyProblemState problem={keyProblem} />
      ) : (
        <span
          className={`app-status-item connection connection-${bridgeOpen ? (connection?.state ?? 'starting') : 'starting'}`}
          title={[connection?.error?.message, rate.tip].filter(Boolean).join('\n')}
        >
          {online ? <Cloud aria-hidden="true" /> : <CloudOff aria-hidden="true" />}
          <span role="status" aria-label="Connection">
            {connectionText(connection?.state, bridgeOpen)}
          </span>
        </span>
      )}
      <span className="app-status-end" />
      {rate.shown && (
        <span className="app-status-item app-status-warning" title={rate.tip}>
          <Gauge aria-hidden="true" />
          <span role="status" aria-label="Rate budget">
            {rate.shown}
          </span>
        </span>
      )}
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
