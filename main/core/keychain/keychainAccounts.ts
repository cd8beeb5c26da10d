// How keychain entries are named. Every Clipdesk profile of one OS user shares the keychain
// (service `Clipdesk`), and workspace ids repeat across profiles (each has a `local`), so an
// entry is named by the profile's own id as well: `profile:<profileId>/workspace:<id>`.
// Entries written before that were named `workspace:<id>` alone ("unscoped"); only the profile
// that may adopt them reads them, once (keychain.ts, docs/decisions.md).

/** The local workspace's unscoped account (before profiles had ids). */
export const LOCAL_ACCOUNT = 'workspace:local';

export function unscopedAccount(workspaceId: string): string {
  return `workspace:${workspaceId}`;
}

/** The account of a workspace's entry; without a profile id (a keychain service of its own, as in tests), unscoped. */
export function accountFor(workspaceId: string, profileId: string | null): string {
  return profileId === null ? unscopedAccount(workspaceId) : `profile:${profileId}/${unscopedAccount(workspaceId)}`;
}

/** Whether an account holds a local workspace's secrets (the ones that may live for a session only). */
export function isLocalWorkspaceAccount(account: string): boolean {
  return account === LOCAL_ACCOUNT || account.endsWith(`/${LOCAL_ACCOUNT}`);
}
