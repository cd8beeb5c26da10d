// The service's secrets at rest (DESIGN.md: the embedded service keeps only hashes of keys
// and secrets). A key or signing secret the service must show again (the app's ready key and
// the Messaging key at each start) or use itself (a webhook endpoint's signing secret, to sign)
// is not stored: it is derived from one master secret given at start (the app keeps it in the
// keychain and hands it over standard input) and from what the database holds in the open (a
// random salt of this data folder, a key's id, an endpoint's id and how often its secret was
// rotated). The database alone reveals none of them; a key is checked against its SHA-256.
import { createHmac, randomBytes } from 'node:crypto';
import type { SandboxMeta } from '../db/meta.ts';

export interface ServiceSecrets {
  /** The token of the app actor's ready key with this id (cd_…). */
  appKey(keyId: string): string;
  /** The Messaging API key of this generation (msk_…); a rotation moves to the next one. */
  messagingKey(generation: number): string;
  /** An endpoint's signing secret after `generation - 1` rotations (whsec_…). */
  webhookSecret(endpointId: number, generation: number): string;
}

const MASTER_PATTERN = /^[\x21-\x7e]{32,512}$/;

/** What the master secret must look like, said the way a person can act on it; undefined when it is fine. */
export function masterSecretProblem(text: string): string | undefined {
  if (MASTER_PATTERN.test(text)) return undefined;
  return 'the master secret must be one line of 32 to 512 printable characters without spaces (for example the output of `openssl rand -base64 32`)';
}

/** A fresh master secret: 32 random bytes. */
export function newMasterSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The derivations for this data folder. Its salt (random, made at first use, not secret) keeps
 * two data folders started with one master from sharing secrets for equal ids.
 */
export function deriveServiceSecrets(master: string, meta: SandboxMeta): ServiceSecrets {
  const problem = masterSecretProblem(master);
  if (problem) throw new Error(problem);
  let salt = meta.get('secrets_salt');
  if (!salt) {
    salt = randomBytes(16).toString('hex');
    meta.set('secrets_salt', salt);
  }
  const derive = (prefix: string, purpose: string): string =>
    `${prefix}${createHmac('sha256', master).update(`clipdesk-sandbox/${salt}/${purpose}`).digest('base64url')}`;
  return {
    appKey: (keyId) => derive('cd_', `app-key/${keyId}`),
    messagingKey: (generation) => derive('msk_', `messaging-key/${generation}`),
    webhookSecret: (endpointId, generation) => derive('whsec_', `webhook/${endpointId}/${generation}`),
  };
}
