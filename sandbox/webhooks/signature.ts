// X-Service-Signature: `v1=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>`, one
// v1 value per secret in force (two during a rotation's grace period), space-separated.
// The HMAC key is the secret string exactly as shown at registration, as UTF-8 bytes.
import { createHmac } from 'node:crypto';

export function signatureHeader(secrets: readonly string[], timestampSeconds: number, rawBody: string): string {
  return secrets
    .map((secret) => `v1=${createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex')}`)
    .join(' ');
}
