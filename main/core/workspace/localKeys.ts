// The local workspace's secrets in the keychain: the master secret its sandbox derives its
// keys and webhook signing secrets from, and the keys the sandbox prints at each start.
import { randomBytes } from 'node:crypto';
import type { Keychain } from '../keychain/keychain.ts';
import { LOCAL_WORKSPACE_ID } from '../settings/settingsSchema.ts';
import type { SandboxAddress, SandboxKeys } from './localSandbox.ts';
import { originOf } from './workspaceHttp.ts';

/**
 * What the local service derives its keys and webhook signing secrets from: made once and kept
 * in the keychain (for the session only where there is none), so its database holds no secret
 * and a restart gives the same keys.
 */
export async function localMasterSecret(keychain: Keychain): Promise<string> {
  const name = { kind: 'serviceMasterSecret' } as const;
  const kept = await keychain.readSecretForRequest(LOCAL_WORKSPACE_ID, name);
  if (kept) return kept;
  const made = randomBytes(32).toString('base64url');
  await keychain.store(LOCAL_WORKSPACE_ID, name, made);
  return made;
}

/**
 * The sandbox prints its keys at each start; they go to the keychain, bound to the addresses it
 * answers at this time (written only when the key or its address changed).
 */
export async function saveLocalKeys(keychain: Keychain, keys: SandboxKeys, address: SandboxAddress): Promise<void> {
  const save = async (kind: 'createApiKey' | 'messagingApiKey', key: string, baseUrl: string) => {
    const origin = originOf(baseUrl);
    const current = await keychain.readBoundSecret(LOCAL_WORKSPACE_ID, { kind });
    if (current?.secret !== key || current.origin !== origin)
      await keychain.store(LOCAL_WORKSPACE_ID, { kind }, key, { origin });
  };
  await save('createApiKey', keys.apiKey, address.createBaseUrl);
  await save('messagingApiKey', keys.messagingApiKey, address.messagingBaseUrl);
}
