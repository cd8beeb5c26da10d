// Where a profile keeps a workspace's keychain entry: named by the profile's own id (kept in
// its settings.json), so tests that look into the real keychain find the entry of the profile
// they opened.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accountFor } from '../../main/core/keychain/keychainAccounts.ts';

export function profileIdOf(userDataDir: string): string {
  return (JSON.parse(readFileSync(join(userDataDir, 'settings.json'), 'utf8')) as { profile: { id: string } }).profile
    .id;
}

/** The keychain account of a workspace of the profile in `userDataDir` (the local one by default). */
export function workspaceAccount(userDataDir: string, workspaceId = 'local'): string {
  return accountFor(workspaceId, profileIdOf(userDataDir));
}
