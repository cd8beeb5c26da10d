// The one owner of each workspace's HTTP state. Per workspace: the rate budget of its Create
// API key (DESIGN rule 3: every caller of a key shares one budget; a new key gets a new one),
// its link — the address, that budget, the key reader and the answer observer, which is what
// a part keeping connections of its own (the jobs service, the uploader) is made with — the
// shared Create API client at that link, and the Messaging API client at its Messaging
// address. When an address or the key changes the link is a new object and the old clients
// are closed; a part made with an old link compares links to know it must be made again.
// Nothing else in the core keeps a per-workspace client. What it sees (an answer, a new key,
// a new budget) it announces on the domain events; it asks only workspaceAddresses.ts.
import { AppFailure, appError } from '../../../shared/appError.ts';
import type { Me } from '../../../shared/api/createTypes.ts';
import { MESSAGING_CLIENT_CODES } from '../../../shared/messagingFailures.ts';
import { createApiClient, type CreateApiClient } from '../api/createApiClient.ts';
import type { Exchange } from '../api/httpClient.ts';
import type { Keychain } from '../keychain/keychain.ts';
import { createMessagingClient, type MessagingClient } from '../messaging/messagingClient.ts';
import { appFailure } from '../errors/appErrors.ts';
import type { DomainEvents } from '../lifecycle/domainEvents.ts';
import { createRateBudget, type RateBudget } from '../rate/rateBudget.ts';
import type { MessagingTarget, WorkspaceAddresses } from './workspaceAddresses.ts';

/** What a workspace's requests go out with now; a new object whenever the address or the key changes. */
export interface WorkspaceLink {
  readonly workspaceId: string;
  /** The Create API base, e.g. http://127.0.0.1:4010/api/v1 */
  readonly baseUrl: string;
  /** The key's one budget. */
  readonly budget: RateBudget;
  /** Reads the key from the keychain at each request, so nothing holds it. */
  readonly getApiKey: () => Promise<string>;
  /** Told of every answer (the connection state, a refused key). */
  readonly onResponse: (exchange: Exchange) => void;
}

export interface WorkspaceHttpOptions {
  readonly keychain: Pick<Keychain, 'readBoundSecret'>;
  readonly addresses: Pick<WorkspaceAddresses, 'baseUrlOf' | 'currentBaseUrl' | 'messagingTarget'>;
  /** Hears of every answer (workspace.answered), of a new key (workspace.keyChanged) and a new budget. */
  readonly events: Pick<DomainEvents, 'emit'>;
}

interface LinkEntry {
  readonly link: WorkspaceLink;
  client: CreateApiClient | null;
}

interface MessagingEntry extends MessagingTarget {
  readonly client: MessagingClient;
}

export interface CheckedKey {
  readonly me: Me;
  /** The key is kept: its budget (which counted the check) becomes the workspace's. */
  adopt(): void;
  discard(): void;
}

export class WorkspaceHttp {
  readonly #options: WorkspaceHttpOptions;
  readonly #budgets = new Map<string, RateBudget>();
  readonly #links = new Map<string, LinkEntry>();
  readonly #messaging = new Map<string, MessagingEntry>();
  #closed = false;

  constructor(options: WorkspaceHttpOptions) {
    this.#options = options;
  }

  /** The budget of the workspace's current key, made on first use. */
  budgetFor(workspaceId: string): RateBudget {
    let budget = this.#budgets.get(workspaceId);
    if (!budget) {
      budget = createRateBudget();
      this.#budgets.set(workspaceId, budget);
      this.#options.events.emit('workspace.budgetChanged', { workspaceId });
    }
    return budget;
  }

  /** The budget if one was made (the status bar shows nothing before the first request). */
  existingBudget(workspaceId: string): RateBudget | null {
    return this.#budgets.get(workspaceId) ?? null;
  }

  /** The workspace's link now: for the local workspace, once its sandbox runs. */
  async link(workspaceId: string): Promise<WorkspaceLink> {
    this.#checkOpen();
    const baseUrl = await this.#options.addresses.baseUrlOf(workspaceId);
    this.#checkOpen();
    return this.#linkAt(workspaceId, baseUrl).link;
  }

  /** The link at the address known now, starting nothing; null while the local sandbox is not running. */
  currentLink(workspaceId: string): WorkspaceLink | null {
    if (this.#closed) return null;
    const baseUrl = this.#options.addresses.currentBaseUrl(workspaceId);
    return baseUrl === null ? null : this.#linkAt(workspaceId, baseUrl).link;
  }

  /** The workspace's shared Create API client (the screens', the editor's, the webhooks'). */
  async client(workspaceId: string): Promise<CreateApiClient> {
    this.#checkOpen();
    const baseUrl = await this.#options.addresses.baseUrlOf(workspaceId);
    this.#checkOpen();
    const entry = this.#linkAt(workspaceId, baseUrl);
    const { link } = entry;
    entry.client ??= createApiClient({
      baseUrl: link.baseUrl,
      budget: link.budget,
      getApiKey: link.getApiKey,
      onResponse: link.onResponse,
    });
    return entry.client;
  }

  /** The workspace's Messaging API client, at its Messaging address now. */
  async messaging(workspaceId: string): Promise<MessagingClient> {
    if (this.#closed) throw new AppFailure(appError('client.closed'));
    const target = await this.#options.addresses.messagingTarget(workspaceId);
    const known = this.#messaging.get(workspaceId);
    if (known && known.baseUrl === target.baseUrl && known.defaultCountry === target.defaultCountry)
      return known.client;
    // Closing waits for a request under way; a later one on the old client is refused unsent.
    if (known) void known.client.close();
    const client = createMessagingClient({
      baseUrl: target.baseUrl,
      defaultCountry: target.defaultCountry,
      getApiKey: this.#keyReader(workspaceId, 'messagingApiKey', target.baseUrl),
    });
    this.#messaging.set(workspaceId, { ...target, client });
    return client;
  }

  /**
   * Reads a key at each request to `baseUrl`, and only for the origin it was checked against:
   * a workspace whose address moved to another origin (a typo, a page that changed it) does
   * not send its key there; the user enters the key for the new address.
   */
  #keyReader(workspaceId: string, kind: 'createApiKey' | 'messagingApiKey', baseUrl: string): () => Promise<string> {
    const origin = originOf(baseUrl);
    // Whichever part asked (a screen, the outbox, the poller, an uploader), the user hears of it once.
    const unusable = (failure: AppFailure): AppFailure => {
      if (kind === 'createApiKey') this.#options.events.emit('workspace.keyUnusable', { workspaceId, error: failure });
      return failure;
    };
    return async () => {
      const bound = await this.#options.keychain.readBoundSecret(workspaceId, { kind });
      if (bound === null)
        throw kind === 'createApiKey'
          ? unusable(appFailure('workspace.key_missing'))
          : new AppFailure(appError('messaging.key_missing', MESSAGING_CLIENT_CODES['messaging.key_missing']));
      if (bound.origin !== null && bound.origin !== origin)
        throw unusable(
          appFailure(
            'workspace.key_origin',
            `The ${kind === 'createApiKey' ? 'API' : 'Messaging API'} key was checked against ${bound.origin}; Clipdesk does not send it to ${origin}. Enter the key for the new address in Settings.`,
          ),
        );
      return bound.secret;
    };
  }

  /**
   * Checks a key with GET /me before anything is saved, on the budget the key will keep if
   * it is adopted (a key's budget counts every request made with it, this one included).
   */
  async checkKey(workspaceId: string, baseUrl: string, apiKey: string): Promise<CheckedKey> {
    const budget = createRateBudget();
    const client = createApiClient({ baseUrl, budget, getApiKey: async () => apiKey });
    try {
      const me = await client.me();
      return {
        me: me.data,
        adopt: () => {
          this.#dropKey(workspaceId);
          this.#budgets.set(workspaceId, budget);
          this.#options.events.emit('workspace.budgetChanged', { workspaceId });
          this.#options.events.emit('workspace.keyChanged', { workspaceId });
        },
        discard: () => budget.close(),
      };
    } catch (err) {
      budget.close();
      throw err;
    } finally {
      await client.close();
    }
  }

  /** The key was forgotten: the next request makes a new budget and new clients. */
  forgetKey(workspaceId: string): void {
    this.#dropKey(workspaceId);
    this.#options.events.emit('workspace.budgetChanged', { workspaceId });
    this.#options.events.emit('workspace.keyChanged', { workspaceId });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const clients = [
      ...[...this.#links.values()].map((entry) => entry.client),
      ...[...this.#messaging.values()].map((entry) => entry.client),
    ];
    this.#links.clear();
    this.#messaging.clear();
    await Promise.allSettled(clients.map((client) => client?.close()));
    for (const budget of this.#budgets.values()) budget.close();
    this.#budgets.clear();
  }

  #checkOpen(): void {
    if (this.#closed) throw appFailure('sandbox.stopped', 'Clipdesk is shutting down.');
  }

  #linkAt(workspaceId: string, baseUrl: string): LinkEntry {
    const budget = this.budgetFor(workspaceId);
    const known = this.#links.get(workspaceId);
    if (known && known.link.baseUrl === baseUrl && known.link.budget === budget) return known;
    if (known?.client) void known.client.close();
    const entry: LinkEntry = {
      link: {
        workspaceId,
        baseUrl,
        budget,
        getApiKey: this.#keyReader(workspaceId, 'createApiKey', baseUrl),
        onResponse: (exchange) => this.#options.events.emit('workspace.answered', { workspaceId, exchange }),
      },
      client: null,
    };
    this.#links.set(workspaceId, entry);
    return entry;
  }

  #dropKey(workspaceId: string): void {
    const entry = this.#links.get(workspaceId);
    this.#links.delete(workspaceId);
    if (entry?.client) void entry.client.close();
    this.#budgets.get(workspaceId)?.close();
    this.#budgets.delete(workspaceId);
  }
}

/** scheme://host:port of a base URL: what a key is bound to. */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}
