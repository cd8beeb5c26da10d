// The one error shape every layer hands on and the renderer shows: a plain object that
// crosses IPC unchanged. Service errors keep their code, message and request ID as they
// came (an unknown code is shown as it is); failures that never got an answer from the
// service get one of the client's own codes below.
// No zod here: the preload and the renderer's first screen use this file, and the check
// below is all they need; AppErrorSchema (appErrorSchema.ts) is the same shape for schemas.
import { ERROR_CODES, isKnownErrorCode } from './errorCodes.ts';
import { explainMessagingCode } from './messagingFailures.ts';

export interface AppError {
  /** A stable dotted code: the service's (shared/errorCodes.ts or unknown) or the client's (CLIENT_ERROR_CODES). */
  code: string;
  message: string;
  /** The HTTP status, or null when no response arrived. */
  status: number | null;
  /** meta.requestId (or X-Request-Id) of the failed response; null when there was none. */
  requestId: string | null;
  /** From Retry-After on a 429 or 503: how long to wait before sending again. */
  retryAfterMs: number | null;
  /** Any other fields of the service's `error` object, kept as they came (e.g. currentRevision on a 409). */
  details?: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The AppError fields of `value` (a copy without any other field), or null when it is not one. */
export function readAppError(value: unknown): AppError | null {
  if (!isRecord(value)) return null;
  const { code, message, status, requestId, retryAfterMs, details } = value;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (status !== null && !(isFiniteNumber(status) && Number.isSafeInteger(status))) return null;
  if (requestId !== null && typeof requestId !== 'string') return null;
  if (retryAfterMs !== null && !(isFiniteNumber(retryAfterMs) && retryAfterMs >= 0)) return null;
  if (details !== undefined && !isRecord(details)) return null;
  const error: AppError = { code, message, status, requestId, retryAfterMs };
  if (details !== undefined) error.details = details;
  return error;
}

/** Codes of failures the client itself detects: no usable answer came from the service. */
export const CLIENT_ERROR_CODES = {
  'network.unreachable': 'The service could not be reached: check the network connection and the workspace address.',
  'network.timeout': 'The service did not answer in time: check the network connection, or try again later.',
  'network.connection_lost':
    'The connection dropped before the answer arrived: whether the request took effect is unknown until it is read again.',
  'response.invalid':
    'The service answered with something that is not a valid answer of this API: check the workspace address.',
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
  'tunnel.command_unconfirmed':
    'A tunnel command runs only once you allow it outside the page: in the desktop app’s dialog, or (browser mode) from the command line or the settings file.',
  'tunnel.command_declined': 'You did not allow the tunnel command to run: it was not saved.',
  'tunnel.command_not_found': 'The tunnel program was not found: install it or give its full path.',
  'tunnel.command_not_permitted': 'Clipdesk may not run the tunnel program: check its permissions.',
  'tunnel.command_failed': 'The tunnel program could not be started.',
  'tunnel.no_url': 'The tunnel printed no public https address in time: check its output and settings.',
  'tunnel.exited': 'The tunnel program stopped; Clipdesk starts it again, and polls jobs meanwhile.',
  'tunnel.secret_not_saved':
    'The webhook signing secret could not be kept in the keychain, so the endpoint was removed again.',
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

/** Levels of nesting an AppError's details keep: a field of details is level 1. */
export const DETAILS_MAX_DEPTH = 8;
/** The most characters an AppError's details take as JSON (about; the journal keeps them with the error). */
export const DETAILS_MAX_CHARS = 16 * 1024;
/** Stands in for a part of the details too deep or too large to keep. */
export const DETAILS_OMITTED = '[omitted: too deep or too large]';

/** A copy as JSON data (what toJSON gives, own enumerable fields), containers below the depth limit omitted. */
function withinDepth(raw: unknown, depth: number): unknown {
  const toJSON = typeof raw === 'object' && raw !== null ? (raw as { toJSON?: unknown }).toJSON : undefined;
  const value: unknown = typeof toJSON === 'function' ? toJSON.call(raw) : raw;
  if (value === null || value === undefined) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'object') return DETAILS_OMITTED; // bigint, symbol, function: neither JSON nor cloneable
  if (depth >= DETAILS_MAX_DEPTH) return DETAILS_OMITTED;
  if (Array.isArray(value)) return value.map((item) => withinDepth(item, depth + 1));
  // fromEntries, not assignment: a field named "__proto__" stays a field.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withinDepth(item, depth + 1)]));
}

/**
 * An AppError's details, bounded so they can always cross IPC (structured clone) and go into
 * the journal (JSON): a service may answer with fields nested thousands of levels deep, which
 * overflow the stack of both, or megabytes long. Deeper than DETAILS_MAX_DEPTH becomes
 * DETAILS_OMITTED; past DETAILS_MAX_CHARS the largest fields go first, so the small ones that
 * say what happened (a result code, a current revision) stay.
 */
export function boundDetails(details: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(details).map(([key, value]) => [key, withinDepth(value, 1)] as const);
  const sizes = entries.map(([key, value]) => key.length + (JSON.stringify(value)?.length ?? 0) + 4);
  if (sizes.reduce((sum, size) => sum + size, 2) <= DETAILS_MAX_CHARS) return Object.fromEntries(entries);
  let left = DETAILS_MAX_CHARS - 2;
  const kept = new Set<number>();
  for (const i of sizes.map((_, i) => i).sort((a, b) => sizes[a]! - sizes[b]!)) {
    if (sizes[i]! > left) break;
    kept.add(i);
    left -= sizes[i]!;
  }
  const bounded: [string, unknown][] = [];
  entries.forEach(([key, value], i) => {
    if (kept.has(i)) bounded.push([key, value]);
    else if (key.length + DETAILS_OMITTED.length + 6 <= left) {
      bounded.push([key, DETAILS_OMITTED]);
      left -= key.length + DETAILS_OMITTED.length + 6;
    }
  });
  return Object.fromEntries(bounded);
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
  if (extra.details && Object.keys(extra.details).length > 0) error.details = boundDetails(extra.details);
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
  return readAppError(value) !== null;
}

/** Anything caught, as the plain AppError shape (an unexpected throw becomes client.internal). */
export function toAppError(value: unknown): AppError {
  if (value instanceof AppFailure) {
    const { code, message, status, requestId, retryAfterMs, details } = value;
    return details
      ? { code, message, status, requestId, retryAfterMs, details }
      : { code, message, status, requestId, retryAfterMs };
  }
  const read = readAppError(value);
  if (read) return read;
  const message = value instanceof Error ? value.message : String(value);
  return appError('client.internal', `${CLIENT_ERROR_CODES['client.internal']} (${message})`);
}
