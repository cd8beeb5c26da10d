// The workspace secrets (DESIGN.md "Secrets stay in one process"): the Create
// API key, the Messaging API key and each webhook endpoint's signing secret,
// with what may be shown about them (last four characters, expiry); for the local
// workspace also the master secret its service derives its keys from (localSandbox.ts).
//
// One keychain entry per workspace of this profile (account
// `profile:<profileId>/workspace:<id>`, keychainAccounts.ts) holds them all as JSON, so
// metadata sits beside its secret and a replace is one keychain write. Two profiles of one
// OS user never share an entry; an entry from before entries were named by profile is adopted
// only by a profile allowed to (UnscopedEntries), then removed.
// Nothing is cached in memory. Callers outside main/core get only SecretInfo;
// the secrets themselves come out only through readSecretForRequest, which is
// for the core's HTTP clients and webhook verifier.
import { z } from 'zod';
import { accountFor, unscopedAccount } from './keychainAccounts.ts';
import { keychainErrorFrom, keychainFailure } from './keychainErrors.ts';
import type { SecretStore } from './secretStore.ts';

export type SecretName =
  | { readonly kind: 'createApiKey' }
  | { readonly kind: 'messagingApiKey' }
  /** The local workspace's: what its service derives its keys and signing secrets from (never shown). */
  | { readonly kind: 'serviceMasterSecret' }
  | { readonly kind: 'webhookSecret'; readonly endpointId: string };

/** What may be shown about a secret: never the secret. */
export interface SecretInfo {
  readonly present: boolean;
  readonly lastFour: string | null;
  /** ISO 8601; null when it does not expire or the expiry is not known. */
  readonly expiresAt: string | null;
}

export interface WorkspaceSecretsInfo {
  readonly createApiKey: SecretInfo;
  readonly messagingApiKey: SecretInfo;
  readonly webhookSecrets: Readonly<Record<string, SecretInfo>>;
}

const storedSecretSchema = z.object({
  secret: z.string().min(1),
  lastFour: z.string().nullable(),
  expiresAt: z.string().nullable(),
  storedAt: z.string(),
  /** The origin (scheme://host:port) the key was checked against: it is sent nowhere else. Absent in older entries. */
  origin: z.string().nullable().optional(),
});
type StoredSecret = z.infer<typeof storedSecretSchema>;

const entrySchema = z.object({
  version: z.literal(1),
  createApiKey: storedSecretSchema.optional(),
  messagingApiKey: storedSecretSchema.optional(),
  serviceMasterSecret: storedSecretSchema.optional(),
  webhookSecrets: z.record(z.string(), storedSecretSchema).default({}),
});
type Entry = z.infer<typeof entrySchema>;

const ABSENT: SecretInfo = { present: false, lastFour: null, expiresAt: null };
/** Shorter secrets show no last four: four characters would be most of them. */
const MIN_LENGTH_FOR_LAST_FOUR = 12;

/**
 * The entries written before entries were named by profile, for a profile whose settings say
 * it used them: each is moved under this profile's name at first use, then deleted.
 */
export interface UnscopedEntries {
  /** The workspaces of this profile (only their entries are looked for). */
  workspaceIds(): readonly string[];
  /** All were moved (or none was left): the profile never looks again. */
  adopted(): void;
  readonly log?: (line: string) => void;
}

export interface KeychainOptions {
  /** The profile's own id; null: entries unscoped (a keychain service used by one profile only, as in tests). */
  readonly profileId?: string | null;
  readonly unscoped?: UnscopedEntries | null;
}

export class Keychain {
  readonly #store: SecretStore;
  readonly #profileId: string | null;
  /** Writes to one workspace's entry run one at a time (they read, change and write it back). */
  readonly #queues = new Map<string, Promise<unknown>>();
  #unscoped: UnscopedEntries | null;
  #adopting: Promise<void> | null = null;

  constructor(store: SecretStore, options: KeychainOptions = {}) {
    this.#store = store;
    this.#profileId = options.profileId ?? null;
    this.#unscoped = this.#profileId === null ? null : (options.unscoped ?? null);
  }

  /** The account this profile keeps a workspace's entry under. */
  account(workspaceId: string): string {
    return accountFor(workspaceId, this.#profileId);
  }

  async describe(workspaceId: string): Promise<WorkspaceSecretsInfo> {
    const entry = (await this.#read(workspaceId)) ?? emptyEntry();
    return {
      createApiKey: info(entry.createApiKey),
      messagingApiKey: info(entry.messagingApiKey),
      webhookSecrets: Object.fromEntries(Object.entries(entry.webhookSecrets).map(([id, s]) => [id, info(s)])),
    };
  }

  /** Stores a secret, replacing any before it. */
  async store(
    workspaceId: string,
    name: SecretName,
    secret: string,
    options: { expiresAt?: string | Date | null; origin?: string | null } = {},
  ): Promise<SecretInfo> {
    const cleaned = checkSecret(name, secret);
    const expiresAt = checkExpiry(options.expiresAt ?? null);
    const stored: StoredSecret = {
      secret: cleaned,
      lastFour: cleaned.length >= MIN_LENGTH_FOR_LAST_FOUR ? cleaned.slice(-4) : null,
      expiresAt,
      storedAt: new Date().toISOString(),
      origin: options.origin ?? null,
    };
    await this.#change(workspaceId, (entry) => put(entry, name, stored));
    return info(stored);
  }

  /** Forgets one secret; false when there was none. */
  async forget(workspaceId: string, name: SecretName): Promise<boolean> {
    checkName(name);
    let found = false;
    await this.#change(workspaceId, (entry) => {
      found = get(entry, name) !== undefined;
      return put(entry, name, undefined);
    });
    return found;
  }

  /** Forgets every secret of a workspace (also one whose entry is unreadable). */
  async forgetWorkspace(workspaceId: string): Promise<boolean> {
    await this.#adoptUnscoped();
    return this.#serialised(workspaceId, () => this.#call(() => this.#store.delete(this.account(workspaceId))));
  }

  /**
   * The secret itself. Internal to main/core: only for the HTTP clients and the
   * webhook verifier at the moment they use it. Never hand its result to IPC.
   */
  async readSecretForRequest(workspaceId: string, name: SecretName): Promise<string | null> {
    checkName(name);
    const entry = await this.#read(workspaceId);
    return entry ? (get(entry, name)?.secret ?? null) : null;
  }

  /** The secret with the origin it is bound to (null for an entry from before keys were bound). Internal to main/core. */
  async readBoundSecret(
    workspaceId: string,
    name: SecretName,
  ): Promise<{ secret: string; origin: string | null } | null> {
    checkName(name);
    const entry = await this.#read(workspaceId);
    const found = entry ? get(entry, name) : undefined;
    return found ? { secret: found.secret, origin: found.origin ?? null } : null;
  }

  async #read(workspaceId: string): Promise<Entry | null> {
    await this.#adoptUnscoped();
    const text = await this.#call(() => this.#store.get(this.account(workspaceId)));
    if (text === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const entry = entrySchema.safeParse(parsed);
    if (!entry.success) {
      throw keychainFailure(
        'keychain.entry_unreadable',
        `The keychain entry for workspace "${workspaceId}" was not written by this Clipdesk: forget this workspace's keys and enter them again.`,
      );
    }
    return entry.data;
  }

  async #change(workspaceId: string, change: (entry: Entry) => Entry): Promise<void> {
    await this.#serialised(workspaceId, async () => {
      const next = change((await this.#read(workspaceId)) ?? emptyEntry());
      const empty =
        !next.createApiKey &&
        !next.messagingApiKey &&
        !next.serviceMasterSecret &&
        Object.keys(next.webhookSecrets).length === 0;
      if (empty) await this.#call(() => this.#store.delete(this.account(workspaceId)));
      else await this.#call(() => this.#store.set(this.account(workspaceId), JSON.stringify(next)));
    });
  }

  /**
   * Once per session, before the first use: a profile allowed to adopts each unscoped entry of
   * its workspaces (kept only where it has none of its own yet) and deletes it, so no later
   * profile finds it. A keychain that cannot be used now is tried again at the next start.
   */
  #adoptUnscoped(): Promise<void> {
    const unscoped = this.#unscoped;
    if (!unscoped) return Promise.resolve();
    this.#adopting ??= (async () => {
      try {
        for (const workspaceId of unscoped.workspaceIds()) {
          const old = await this.#store.get(unscopedAccount(workspaceId));
          if (old === null) continue;
          if ((await this.#store.get(this.account(workspaceId))) === null)
            await this.#store.set(this.account(workspaceId), old);
          await this.#store.delete(unscopedAccount(workspaceId));
          unscoped.log?.(`keychain: the entry of workspace "${workspaceId}" is now this profile's own`);
        }
        // Read from a stand-in store, "none left" says nothing of the OS keychain.
        if (!this.#store.degraded?.()) unscoped.adopted();
      } catch (err) {
        unscoped.log?.(`keychain: older entries not adopted yet (${keychainErrorFrom(err).message})`);
      } finally {
        this.#unscoped = null;
      }
    })();
    return this.#adopting;
  }

  async #serialised<T>(workspaceId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(workspaceId) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => undefined);
    this.#queues.set(workspaceId, settled);
    void settled.then(() => {
      if (this.#queues.get(workspaceId) === settled) this.#queues.delete(workspaceId);
    });
    return run;
  }

  async #call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (err) {
      throw keychainErrorFrom(err);
    }
  }
}

function emptyEntry(): Entry {
  return { version: 1, webhookSecrets: {} };
}

function info(stored: StoredSecret | undefined): SecretInfo {
  return stored ? { present: true, lastFour: stored.lastFour, expiresAt: stored.expiresAt } : ABSENT;
}

function get(entry: Entry, name: SecretName): StoredSecret | undefined {
  if (name.kind === 'webhookSecret')
    return Object.hasOwn(entry.webhookSecrets, name.endpointId) ? entry.webhookSecrets[name.endpointId] : undefined;
  return entry[name.kind];
}

function put(entry: Entry, name: SecretName, stored: StoredSecret | undefined): Entry {
  if (name.kind === 'webhookSecret') {
    const webhookSecrets = { ...entry.webhookSecrets };
    if (stored) webhookSecrets[name.endpointId] = stored;
    else delete webhookSecrets[name.endpointId];
    return { ...entry, webhookSecrets };
  }
  const next = { ...entry };
  if (stored) next[name.kind] = stored;
  else delete next[name.kind];
  return next;
}

const LABELS = {
  createApiKey: 'The Create API key',
  messagingApiKey: 'The Messaging API key',
  serviceMasterSecret: "The local service's master secret",
  webhookSecret: 'The webhook signing secret',
};

function checkName(name: SecretName): void {
  if (name.kind === 'webhookSecret' && !/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/.test(name.endpointId)) {
    throw keychainFailure(
      'keychain.invalid_secret',
      `A webhook signing secret needs its endpoint's id (letters, digits, _ . : -), not "${name.endpointId}".`,
    );
  }
}

function checkSecret(name: SecretName, secret: string): string {
  checkName(name);
  // Pasted keys often carry a trailing newline; spaces or control characters inside would break the header they go in.
  const cleaned = secret.trim();
  const label = LABELS[name.kind];
  if (cleaned.length === 0) throw keychainFailure('keychain.invalid_secret', `${label} is empty: paste the whole key.`);
  if (/[\s\p{Cc}]/u.test(cleaned)) {
    throw keychainFailure(
      'keychain.invalid_secret',
      `${label} contains spaces or line breaks: paste it again as one unbroken line.`,
    );
  }
  return cleaned;
}

function checkExpiry(expiresAt: string | Date | null): string | null {
  if (expiresAt === null) return null;
  const time = expiresAt instanceof Date ? expiresAt.getTime() : Date.parse(expiresAt);
  if (Number.isNaN(time)) {
    throw keychainFailure(
      'keychain.invalid_secret',
      `The expiry "${String(expiresAt)}" is not a date: use an ISO 8601 date such as 2030-01-31.`,
    );
  }
  return new Date(time).toISOString();
}
