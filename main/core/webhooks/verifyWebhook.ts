// Believing a webhook delivery (DESIGN.md rule 6), as a pure function: the exact raw
// bytes, the two headers, the secrets in force and the time in; a verified event or the
// reason it was refused out. Nothing is parsed before the signature matched, and nothing
// here throws, whatever the sender put in the headers or the body.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CREATE_LIMITS } from '../../../shared/limits.ts';

export type RefusalReason =
  | 'timestamp.missing'
  | 'timestamp.invalid'
  | 'timestamp.too_old'
  | 'timestamp.in_future'
  | 'signature.missing'
  | 'signature.mismatch'
  | 'secret.missing'
  | 'body.invalid_json'
  | 'body.not_object'
  | 'body.missing_id';

/** A verified delivery's body: `id` and `type` read out, every field kept as it came. */
export interface WebhookEvent {
  readonly id: string;
  /** The event kind (e.g. render.completed); null when the body has none (the spec shows only `id`). */
  readonly type: string | null;
  readonly body: Readonly<Record<string, unknown>>;
  /** X-Service-Timestamp, Unix seconds. */
  readonly timestamp: number;
}

export type VerifyResult =
  { readonly ok: true; readonly event: WebhookEvent } | { readonly ok: false; readonly reason: RefusalReason };

/** A header as Node hands it over: absent, once, or repeated. */
export type HeaderValue = string | readonly string[] | undefined;

export interface SignedHeaders {
  readonly timestampText: string;
  readonly timestamp: number;
  readonly signatures: readonly string[];
}

export interface VerifyInput {
  readonly rawBody: Uint8Array;
  readonly timestampHeader: HeaderValue;
  readonly signatureHeader: HeaderValue;
  /** Every secret in force (during a rotation, the old and the new). */
  readonly secrets: readonly string[];
  /** Milliseconds since the epoch. */
  readonly now: number;
  readonly toleranceSeconds?: number;
}

/** An event id longer than this is not one the service made. */
const MAX_ID_LENGTH = 256;
const SHA256_HEX = /^[0-9a-fA-F]{64}$/;
const UNIX_SECONDS = /^[0-9]{1,12}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function single(value: HeaderValue): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.join(' ');
}

/**
 * The checks that need no secret, for a receiver to run before it reads the keychain:
 * both headers present and well formed, the timestamp within the tolerance either way.
 */
export function checkSignedHeaders(
  timestampHeader: HeaderValue,
  signatureHeader: HeaderValue,
  now: number,
  toleranceSeconds: number = CREATE_LIMITS.webhookToleranceSeconds,
): { ok: true; headers: SignedHeaders } | { ok: false; reason: RefusalReason } {
  const timestampText = single(timestampHeader)?.trim();
  if (!timestampText) return { ok: false, reason: 'timestamp.missing' };
  if (!UNIX_SECONDS.test(timestampText)) return { ok: false, reason: 'timestamp.invalid' };
  const timestamp = Number(timestampText);
  const ageSeconds = now / 1000 - timestamp;
  if (ageSeconds > toleranceSeconds) return { ok: false, reason: 'timestamp.too_old' };
  if (-ageSeconds > toleranceSeconds) return { ok: false, reason: 'timestamp.in_future' };

  // Space-separated `v1=<hex>` values; commas too, since Node joins a repeated header with ", ".
  const signatures = (single(signatureHeader) ?? '')
    .split(/[\s,]+/)
    .filter((part) => part.startsWith('v1='))
    .map((part) => part.slice(3));
  if (signatures.length === 0) return { ok: false, reason: 'signature.missing' };
  return { ok: true, headers: { timestampText, timestamp, signatures } };
}

/** True when one of the v1 values is the HMAC of `timestamp.body` under one of the secrets. */
function signedByOneOf(secrets: readonly string[], headers: SignedHeaders, rawBody: Uint8Array): boolean {
  // Values that are not 64 hex digits can never match; they are skipped, never thrown on.
  const candidates = headers.signatures
    .filter((value) => SHA256_HEX.test(value))
    .map((value) => Buffer.from(value, 'hex'));
  let matched = false;
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(`${headers.timestampText}.`).update(rawBody).digest();
    // Every candidate is compared (no early exit), each in constant time on equal lengths.
    for (const candidate of candidates) if (timingSafeEqual(candidate, expected)) matched = true;
  }
  return matched;
}

function readEvent(rawBody: Uint8Array, timestamp: number): VerifyResult {
  let body: unknown;
  try {
    body = JSON.parse(utf8.decode(rawBody));
  } catch {
    return { ok: false, reason: 'body.invalid_json' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, reason: 'body.not_object' };
  const record = body as Record<string, unknown>;
  const id = record.id;
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH)
    return { ok: false, reason: 'body.missing_id' };
  const type = typeof record.type === 'string' ? record.type : null;
  return { ok: true, event: { id, type, body: record, timestamp } };
}

export function verifyWebhook(input: VerifyInput): VerifyResult {
  const checked = checkSignedHeaders(input.timestampHeader, input.signatureHeader, input.now, input.toleranceSeconds);
  if (!checked.ok) return checked;
  const secrets = input.secrets.filter((secret) => typeof secret === 'string' && secret.length > 0);
  if (secrets.length === 0) return { ok: false, reason: 'secret.missing' };
  if (!signedByOneOf(secrets, checked.headers, input.rawBody)) return { ok: false, reason: 'signature.mismatch' };
  return readEvent(input.rawBody, checked.headers.timestamp);
}
