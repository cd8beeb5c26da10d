// Keychain failures as AppErrors the user can act on. keytar reports a missing
// Secret Service (no D-Bus session, no gnome-keyring or KWallet) with terse
// D-Bus messages; we say what is missing and what to install or start.
import { AppFailure, appError } from '../../../shared/appError.ts';

export const KEYCHAIN_ERROR_CODES = {
  'keychain.unavailable': 'No system keychain (Secret Service) is running, so API keys cannot be kept safely.',
  'keychain.failed': 'The system keychain refused the operation.',
  'keychain.entry_unreadable':
    'A keychain entry of this workspace was not written by Clipdesk: forget its keys and enter them again.',
  'keychain.invalid_secret': 'The key or secret is not usable: paste it again without spaces or line breaks.',
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
