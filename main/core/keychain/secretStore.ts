// The small interface secrets are kept behind (STYLE.md): keytar today; an
// Electron safeStorage-backed store can stand in where no Secret Service exists.
// Implementations throw AppFailure (keychain.*) when the store cannot be reached.
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when something was deleted. */
  delete(account: string): Promise<boolean>;
  /** True when secrets go somewhere other than the OS keychain this session (a fallback stands in). */
  degraded?(): boolean;
}
