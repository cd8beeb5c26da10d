// The app's own failures (workspaces, the local sandbox, the profile, page streams, IPC), as
// AppErrors the user can act on; every domain of main/core may throw them (the service's
// codes are in shared/errorCodes.ts, the client's network codes in shared/appError.ts).
import { AppFailure, appError } from '../../../shared/appError.ts';

export const APP_ERROR_CODES = {
  'workspace.not_found': 'No workspace has that id: pick one from the list.',
  'intent.not_found': 'No job request has that id: read the Jobs list again.',
  'workspace.key_missing': 'No API key is saved for this workspace: add one in Settings.',
  'workspace.key_origin':
    'The saved key was checked against another address: it is not sent to this one. Enter the key for the new address.',
  'sandbox.start_failed': 'The local sandbox could not start: see the message, then restart Clipdesk.',
  'sandbox.stopped': 'The local sandbox stopped: Clipdesk starts it again on the next request.',
  'profile.in_use': 'Clipdesk is already running with this data folder: use that window.',
  'feature.unavailable': 'This part of Clipdesk is not available in this build yet.',
  'workspace.not_ready': 'The workspace is still connecting: try again in a moment.',
  'stream.not_found': 'No streamed file has that id (it finished, was aborted or timed out): drop the file again.',
  'stream.out_of_order': 'The chunk does not start where the file stands: send the chunks in order.',
  'stream.too_many': 'Too many files are being streamed at once: wait for one to finish.',
  'stream.size_mismatch': 'The file sent is not the size announced: drop the file again.',
  'ipc.unknown_request': 'There is no such request in the contract.',
  'ipc.invalid_message': 'The message is not a request of the contract.',
  'ipc.untrusted_sender': "The request did not come from Clipdesk's own window, so it was refused.",
  'ipc.busy': 'Too many requests are waiting on this connection: try again in a moment.',
} as const satisfies Record<string, string>;

export type AppErrorCode = keyof typeof APP_ERROR_CODES;

export function appFailure(
  code: AppErrorCode,
  message: string = APP_ERROR_CODES[code],
  details?: Record<string, unknown>,
): AppFailure {
  return new AppFailure(appError(code, message, details ? { details } : {}));
}
