// Keychain failures as AppErrors the user can act on. keytar reports a missing
// Secret Service (no D-Bus session, no gnome-keyring or KWallet) with terse
// D-Bus messages; we say what is missing and what to install or start.
import { AppFailure, appError, CLIENT_ERROR_CODES } from '../../../shared/appError.ts';

/** The keychain's codes; their meanings live with the client's other codes in shared/appError.ts. */
export const KEYCHAIN_ERROR_CODES = {
  'keychain.unavailable': CLIENT_ERROR_CODES['keychain.unavailable'],
  'keychain.failed': CLIENT_ERROR_CODES['keychain.failed'],
  'keychain.entry_unreadable': CLIENT_ERROR_CODES['keychain.entry_unreadable'],
  'keychain.invalid_secret': CLIENT_ERROR_CODES['keychain.invalid_secret'],
} as const;

export type KeychainErrorCode = keyof typeof KEYCHAIN_ERROR_CODES;

export function keychainFailure(code: KeychainErrorCode, message: string, cause?: unknown): AppFailure {
  return new AppFailure(appError(code, message), { cause });
}

// What keytar/libsecret say when there is no Secret Service to talk to.
const UNAVAILABLE =
  /could not connect|autolaunch|DBUS_SESSION_BUS_ADDRESS|org\.freedesktop\.(secrets|DBus\.Error\.(ServiceUnknown|NoReply|Spawn))|not provided by any \.service|connection refused|cannot load keytar/i;

/** Turns whatever keytar threw into an AppFailure with a clear code. */
export function keychainErrorFrom(err: unknown): AppFailure {
  if (err instanceof AppFailure) return err;
  const detail = err instanceof Error ? err.message : String(err);
  if (UNAVAILABLE.test(detail)) return keychainFailure('keychain.unavailable', unavailableMessage(detail), err);
  return keychainFailure('keychain.failed', `${KEYCHAIN_ERROR_CODES['keychain.failed']} It said: ${detail}`, err);
}

function unavailableMessage(detail: string): string {
  const what = KEYCHAIN_ERROR_CODES['keychain.unavailable'];
  if (process.platform !== 'linux') return `${what} The system said: ${detail}`;
  return (
    `${what} Clipdesk keeps keys in the Secret Service over D-Bus, and none answered (${detail}). ` +
    'Install one (on Debian or Ubuntu: sudo apt install gnome-keyring libsecret-1-0 dbus-user-session) and sign in ' +
    'to a desktop session; on a machine without a desktop, start Clipdesk inside dbus-run-session after ' +
    'starting gnome-keyring-daemon --unlock --components=secrets.'
  );
}
