// A workspace and its account as the contract shows them (shared/ipcViews.ts): plain data,
// and never a secret (a key shows only whether it is there, its last four and its expiry).
import type { Me } from '../../../shared/api/createTypes.ts';
import type { AccountView, KeyStatus, WorkspaceView } from '../../../shared/ipcViews.ts';
import type { SecretInfo, WorkspaceSecretsInfo } from '../keychain/keychain.ts';
import type { Workspace } from '../settings/settingsSchema.ts';
import type { SandboxAddress } from './localSandbox.ts';

export function keyStatus(info: SecretInfo): KeyStatus {
  return { present: info.present, lastFour: info.lastFour, expiresAt: info.expiresAt };
}

export function workspaceView(
  workspace: Workspace,
  secrets: WorkspaceSecretsInfo,
  activeId: string,
  sandbox: SandboxAddress | null,
): WorkspaceView {
  const local = workspace.kind === 'local';
  return {
    id: workspace.id,
    name: workspace.name,
    kind: workspace.kind,
    createBaseUrl: local ? (sandbox?.createBaseUrl ?? null) : workspace.createBaseUrl,
    messagingBaseUrl: local ? (sandbox?.messagingBaseUrl ?? null) : workspace.messagingBaseUrl,
    active: workspace.id === activeId,
    keys: { create: keyStatus(secrets.createApiKey), messaging: keyStatus(secrets.messagingApiKey) },
  };
}

/** GET /me, picked field by field: whatever else the service sends stays in main. */
export function accountView(me: Me): AccountView {
  const str = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    userEmail: str(me.user?.email),
    userName: str(me.user?.name),
    accountName: str(me.account?.name),
    walletUsd: typeof me.account?.walletUsd === 'number' ? me.account.walletUsd : null,
    key: {
      present: Boolean(me.key),
      lastFour: str(me.key?.lastFour),
      expiresAt: str(me.key?.expiresAt),
    },
  };
}
