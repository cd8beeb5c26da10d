// Where no OS keychain can be used: the decision (the local workspace's keys for the session
// only; a remote account's to safeStorage where it really encrypts, else refused with what is
// missing) and the safeStorage-backed store. Electron's safeStorage is stood in for (the binary
// is absent here); the decisions are the code's own.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppFailure, appError } from '../../shared/appError.ts';
import { fallbackFor, FallbackSecretStore, LOCAL_ACCOUNT } from '../../main/core/keychain/fallbackSecretStore.ts';
import type { SecretStore } from '../../main/core/keychain/secretStore.ts';
import { safeStorageOffered, safeStorageSecretStore } from '../../main/electron/safeStorageSecretStore.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const noKeychain: SecretStore = {
  get: async () => Promise.reject(new AppFailure(appError('keychain.unavailable', 'No Secret Service: install one.'))),
  set: async () => Promise.reject(new AppFailure(appError('keychain.unavailable', 'No Secret Service: install one.'))),
  delete: async () =>
    Promise.reject(new AppFailure(appError('keychain.unavailable', 'No Secret Service: install one.'))),
};

const fakeSafeStorage = (backend: string, available = true) => ({
  isEncryptionAvailable: () => available,
  getSelectedStorageBackend: () => backend,
  encryptString: (text: string) => Buffer.from([...Buffer.from(text)].map((b) => b ^ 0x5a)),
  decryptString: (data: Buffer) => Buffer.from([...data].map((b) => b ^ 0x5a)).toString(),
});

describe('without an OS keychain', () => {
  it('decides: local keys for the session, remote keys encrypted where offered, else refused', () => {
    expect(fallbackFor(LOCAL_ACCOUNT, false)).toBe('session');
    expect(fallbackFor(LOCAL_ACCOUNT, true)).toBe('session');
    expect(fallbackFor('workspace:studio-1a2b3c', true)).toBe('encrypted');
    expect(fallbackFor('workspace:studio-1a2b3c', false)).toBe('refuse');
  });

  it('keeps the local workspace’s key for the session, and refuses a remote one with the keychain’s own message', async () => {
    const store = new FallbackSecretStore(noKeychain);
    await store.set(LOCAL_ACCOUNT, 'local-key');
    expect(await store.get(LOCAL_ACCOUNT)).toBe('local-key');
    await expect(store.set('workspace:studio', 'remote-key')).rejects.toMatchObject({
      code: 'keychain.unavailable',
      message: 'No Secret Service: install one.',
    });
  });

  it('offers safeStorage only where it really encrypts', () => {
    expect(safeStorageOffered(fakeSafeStorage('gnome_libsecret'), 'linux')).toBe(true);
    expect(safeStorageOffered(fakeSafeStorage('kwallet5'), 'linux')).toBe(true);
    expect(safeStorageOffered(fakeSafeStorage('basic_text'), 'linux')).toBe(false);
    expect(safeStorageOffered(fakeSafeStorage('gnome_libsecret', false), 'linux')).toBe(false);
    expect(safeStorageOffered(fakeSafeStorage('unknown'), 'darwin')).toBe(true);
    expect(safeStorageSecretStore(fakeSafeStorage('basic_text'), '/nowhere', 'linux')).toBeNull();
  });

  it('keeps a remote key in safeStorage, encrypted in a file only the user reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clipdesk-safe-'));
    dirs.push(dir);
    const encrypted = safeStorageSecretStore(fakeSafeStorage('kwallet5'), dir, 'linux')!;
    const store = new FallbackSecretStore(noKeychain, { encrypted });
    await store.set('workspace:studio', 'cd_remote_secret_key');
    expect(await store.get('workspace:studio')).toBe('cd_remote_secret_key');
    const file = join(dir, 'secrets.safestorage.json');
    expect(readFileSync(file, 'utf8')).not.toContain('cd_remote_secret_key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await store.delete('workspace:studio')).toBe(true);
    expect(await store.get('workspace:studio')).toBeNull();
  });
});
