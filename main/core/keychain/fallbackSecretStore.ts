// Where there is no usable OS keychain (a Linux session with no Secret Service, or a locked
// one: minimal window managers, WSL, servers), the app still opens. The local workspace's keys
// live for the session only (the local service gives them anew at each start); a remote
// account's key goes to the encrypted store the desktop app offers (Electron's safeStorage,
// where the OS backs it with real encryption), or is refused with the keychain's own message,
// which says exactly what is missing and how to fix it. Never to disk in clear.
import { AppFailure } from '../../../shared/appError.ts';
import { isLocalWorkspaceAccount } from './keychainAccounts.ts';
import type { SecretStore } from './secretStore.ts';

export { LOCAL_ACCOUNT } from './keychainAccounts.ts';

export type FallbackChoice = 'session' | 'encrypted' | 'refuse';

/** Where a secret goes when the OS keychain cannot be used. Pure: tested on its own. */
export function fallbackFor(account: string, encryptedStoreOffered: boolean): FallbackChoice {
  if (isLocalWorkspaceAccount(account)) return 'session';
  return encryptedStoreOffered ? 'encrypted' : 'refuse';
}

function keychainUnusable(err: unknown): boolean {
  return err instanceof AppFailure && (err.code === 'keychain.unavailable' || err.code === 'keychain.failed');
}

export class FallbackSecretStore implements SecretStore {
  readonly #primary: SecretStore;
  readonly #encrypted: SecretStore | null;
  readonly #log: (line: string) => void;
  readonly #session = new Map<string, string>();
  /** The keychain failed once: the rest of this session does without it (no split state). */
  #unusable: AppFailure | null = null;

  constructor(primary: SecretStore, options: { encrypted?: SecretStore | null; log?: (line: string) => void } = {}) {
    this.#primary = primary;
    this.#encrypted = options.encrypted ?? null;
    this.#log = options.log ?? (() => {});
  }

  get(account: string): Promise<string | null> {
    return this.#use(account, (store) => store.get(account));
  }

  set(account: string, secret: string): Promise<void> {
    return this.#use(account, (store) => store.set(account, secret));
  }

  delete(account: string): Promise<boolean> {
    return this.#use(account, (store) => store.delete(account));
  }

  /** True once the OS keychain failed this session: what is read now is not what it holds. */
  degraded(): boolean {
    return this.#unusable !== null;
  }

  async #use<T>(account: string, operation: (store: SecretStore) => Promise<T>): Promise<T> {
    if (!this.#unusable) {
      try {
        return await operation(this.#primary);
      } catch (err) {
        if (!keychainUnusable(err)) throw err;
        this.#unusable = err as AppFailure;
        this.#log(
          `keychain: not usable (${(err as AppFailure).message}); the local workspace's keys live for this session only`,
        );
      }
    }
    const choice = fallbackFor(account, this.#encrypted !== null);
    if (choice === 'session') return operation(this.#sessionStore());
    if (choice === 'encrypted') return operation(this.#encrypted!);
    throw this.#unusable;
  }

  #sessionStore(): SecretStore {
    const session = this.#session;
    return {
      get: async (account) => session.get(account) ?? null,
      set: async (account, secret) => void session.set(account, secret),
      delete: async (account) => session.delete(account),
    };
  }
}
