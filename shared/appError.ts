// The one error shape every layer hands on and the renderer shows: a plain object that
// crosses IPC unchanged. Service errors keep their code, message and request ID as they
// came (an unknown code is shown as it is); failures that never got an answer from the
// service get one of the client's own codes below.
import { z } from 'zod';
import { ERROR_CODES, isKnownErrorCode } from './errorCodes.ts';
import { explainMessagingCode } from './messagingFailures.ts';

export const AppErrorSchema = z.object({
  /** A stable dotted code: the service's (shared/errorCodes.ts or unknown) or the client's (CLIENT_ERROR_CODES). */
  code: z.string(),
  message: z.string(),
  /** The HTTP status, or null when no response arrived. */
  status: z.number().int().nullable(),
  /** meta.requestId (or X-Request-Id) of the failed response; null when there was none. */
  requestId: z.string().nullable(),
  /** From Retry-After on a 429 or 503: how long to wait before sending again. */
  retryAfterMs: z.number().nonnegative().nullable(),
  /** Any other fields of the service's `error` object, kept as they came (e.g. currentRevision on a 409). */
  details: z.record(z.string(), z.unknown()).optional(),
});

export type AppError = z.infer<typeof AppErrorSchema>;

/** Codes of failures the client itself detects: no usable answer came from the service. */
export const CLIENT_ERROR_CODES = {
  'network.unreachable': 'The service could not be reached: check the network connection and the workspace address.',
  'network.timeout': 'The service did not answer in time: check the network connection, or try again later.',
  'network.connection_lost':
    'The connection dropped before the answer arrived: whether the request took effect is unknown until it is read again.',
  'response.invalid': 'The service answered with something that is not a valid answer of this API: check the workspace address.',
  'request.cancelled': 'The request was cancelled before it finished.',
  'client.closed': 'The connection to this workspace was closed (the workspace was switched or the app is quitting).',
  'client.internal': 'Something unexpected went wrong in Clipdesk: try again, and report it if it persists.',
  'file.unreadable': 'The file could not be read: check that it still exists and that Clipdesk may open it.',
  'upload.file_changed':
    'The file changed (its size or modification time) after its upload began, so the bytes already sent no longer match it: upload it again.',
  'keychain.unavailable': 'No system keychain (Secret Service) is running, so API keys cannot be kept safely.',
  'keychain.failed': 'The system keychain refused the operation.',
  'keychain.entry_unreadable':
    'A keychain entry of this workspace was not written by Clipdesk: forget its keys and enter them again.',
  'keychain.invalid_secret': 'The key or secret is not usable: paste it again without spaces or line breaks.',
  'tunnel.command_invalid': 'The tunnel command cannot be run as written: it must name a program and contain {port}.',
  'tunnel.command_not_found': 'The tunnel program was not found: install it or give its full path.',
  'tunnel.command_not_permitted': 'Clipdesk may not run the tunnel program: check its permissions.',
  'tunnel.command_failed': 'The tunnel program could not be started.',
  'tunnel.no_url': 'The tunnel printed no public https address in time: check its output and settings.',
  'tunnel.exited': 'The tunnel program stopped; Clipdesk starts it again, and polls jobs meanwhile.',
  'tunnel.secret_not_saved': 'The webhook signing secret could not be kept in the keychain, so the endpoint was removed again.',
} as const satisfies Record<string, string>;

export type ClientErrorCode = keyof typeof CLIENT_ERROR_CODES;

export function isClientErrorCode(code: string): code is ClientErrorCode {
  return Object.hasOwn(CLIENT_ERROR_CODES, code);
}

/** What a code means for the user; null for a code nobody here knows (show its message as it came). */
export function explainErrorCode(code: string): string | null {
  if (isKnownErrorCode(code)) return ERROR_CODES[code].meaning;
  if (isClientErrorCode(code)) return CLIENT_ERROR_CODES[code];
  return explainMessagingCode(code);
}

export function appError(
  code: string,
  message?: string,
  extra: {
    status?: number | null;
    requestId?: string | null;
    retryAfterMs?: number | null;
    details?: Record<string, unknown>;
  } = {},
): AppError {
  const error: AppError = {
    code,
    message: message ?? explainErrorCode(code) ?? code,
    status: extra.status ?? null,
    requestId: extra.requestId ?? null,
    retryAfterMs: extra.retryAfterMs ?? null,
  };
  if (extra.details && Object.keys(extra.details).length > 0) error.details = extra.details;
  return error;
}

export const networkUnreachable = (message?: string): AppError => appError('network.unreachable', message);
export const networkTimeout = (message?: string): AppError => appError('network.timeout', message);
export const connectionLost = (message?: string): AppError => appError('network.connection_lost', message);
export const requestCancelled = (message?: string): AppError => appError('request.cancelled', message);
export const clientClosed = (message?: string): AppError => appError('client.closed', message);

/** A response that is not the envelope (or whose data is not what the operation returns). */
export function responseInvalid(status: number | null, why: string, requestId: string | null = null): AppError {
  const explanation = CLIENT_ERROR_CODES['response.invalid'];
  const statusText = status === null ? '' : ` (HTTP ${status})`;
  return appError('response.invalid', `${explanation}${statusText} ${why}`, { status, requestId });
}

/** The thrown form inside main: an Error (with a stack) that carries the AppError fields; send `toAppError(e)` over IPC. */
export class AppFailure extends Error implements AppError {
  readonly code: string;
  readonly status: number | null;
  readonly requestId: string | null;
  readonly retryAfterMs: number | null;
  readonly details?: Record<string, unknown>;

  constructor(error: AppError, options?: { cause?: unknown }) {
    super(error.message, options);
    this.name = 'AppFailure';
    this.code = error.code;
    this.status = error.status;
    this.requestId = error.requestId;
    this.retryAfterMs = error.retryAfterMs;
    if (error.details) this.details = error.details;
  }

  toJSON(): AppError {
    return toAppError(this);
  }
}

export function isAppError(value: unknown): value is AppError {
  return AppErrorSchema.safeParse(value).success;
}

/** Anything caught, as the plain AppError shape (an unexpected throw becomes client.internal). */
export function toAppError(value: unknown): AppError {
  if (value instanceof AppFailure) {
    const { code, message, status, requestId, retryAfterMs, details } = value;
    return details
      ? { code, message, status, requestId, retryAfterMs, details }
      : { code, message, status, requestId, retryAfterMs };
  }
  const parsed = AppErrorSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = value instanceof Error ? value.message : String(value);
  return appError('client.internal', `${CLIENT_ERROR_CODES['client.internal']} (${message})`);
}
