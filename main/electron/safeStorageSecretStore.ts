// The desktop app's store for a remote account's keys where no OS keychain can be used
// (main/core/keychain/fallbackSecretStore.ts): each secret encrypted with Electron's
// safeStorage (the OS's own protection: DPAPI, the macOS Keychain, or a Linux password store)
// in one file under the profile, 0600. Offered only where safeStorage really encrypts: on
// Linux its 'basic_text' backend is a fixed key, which is no protection, so it is not used.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretStore } from '../core/keychain/secretStore.ts';

/** The parts of Electron's safeStorage this uses (stood in for in tests: the binary is absent here). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  /** Linux only: which backend protects the key ('basic_text' protects nothing). */
  getSelectedStorageBackend?(): string;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** Whether safeStorage may hold keys here: real encryption only. */
export function safeStorageOffered(safeStorage: SafeStorageLike, platform: string = process.platform): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  if (platform !== 'linux') return true;
  const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
  return backend !== 'basic_text' && backend !== 'unknown';
}

export function safeStorageSecretStore(
  safeStorage: SafeStorageLike,
  userDataDir: string,
  platform: string = process.platform,
): SecretStore | null {
  if (!safeStorageOffered(safeStorage, platform)) return null;
  const path = join(userDataDir, 'secrets.safestorage.json');
  const read = (): Record<string, string> => {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  };
  const write = (entries: Record<string, string>) => {
    writeFileSync(`${path}.part`, JSON.stringify(entries), { mode: 0o600 });
    renameSync(`${path}.part`, path);
  };
  return {
    async get(account) {
      const found = read()[account];
      return found === undefined ? null : safeStorage.decryptString(Buffer.from(found, 'base64'));
    },
    async set(account, secret) {
      write({ ...read(), [account]: safeStorage.encryptString(secret).toString('base64') });
    },
    async delete(account) {
      const entries = read();
      if (!(account in entries)) return false;
      delete entries[account];
      write(entries);
      return true;
    },
  };
}
