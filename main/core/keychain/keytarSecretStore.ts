// The OS keychain through keytar (libsecret's Secret Service on Linux, Keychain
// on macOS, Credential Vault on Windows). keytar is a CommonJS native module:
// it is loaded with require, and only when first used, so a missing or broken
// build is reported as keychain.unavailable instead of failing at import.
import { createRequire } from 'node:module';
import { keychainErrorFrom, keychainFailure } from './keychainErrors.ts';
import type { SecretStore } from './secretStore.ts';

type Keytar = typeof import('keytar');

export const DEFAULT_KEYCHAIN_SERVICE = 'Clipdesk';

let loaded: Keytar | undefined;

function keytar(): Keytar {
  if (loaded) return loaded;
  try {
    loaded = createRequire(import.meta.url)('keytar') as Keytar;
    return loaded;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw keychainFailure(
      'keychain.unavailable',
      `Cannot load keytar, the keychain module (${detail}). Reinstall Clipdesk.`,
      err,
    );
  }
}

export class KeytarSecretStore implements SecretStore {
  /** The keychain's service name every entry is filed under. */
  readonly service: string;

  constructor(service: string = DEFAULT_KEYCHAIN_SERVICE) {
    this.service = service;
  }

  async get(account: string): Promise<string | null> {
    return this.#call((k) => k.getPassword(this.service, account));
  }

  async set(account: string, secret: string): Promise<void> {
    return this.#call((k) => k.setPassword(this.service, account, secret));
  }

  async delete(account: string): Promise<boolean> {
    return this.#call((k) => k.deletePassword(this.service, account));
  }

  async #call<T>(operation: (k: Keytar) => Promise<T>): Promise<T> {
    try {
      return await operation(keytar());
    } catch (err) {
      throw keychainErrorFrom(err);
    }
  }
}
