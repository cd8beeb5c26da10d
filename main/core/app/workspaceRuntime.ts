// The live side of the workspaces: one Create API client and ONE rate budget per workspace
// key (DESIGN rule 3: every caller of a key shares its budget; a new key gets a new one),
// the local sandbox behind the local workspace, and the active workspace's connection
// state and wallet for the status bar. Secrets are read from the keychain per request.
import { AppFailure, toAppError, type AppError } from '../../../shared/appError.ts';
import type { Me } from '../../../shared/api/createTypes.ts';
import type { ConnectionState, ConnectionStateName, WorkspaceView } from '../../../shared/ipcViews.ts';
import { createApiClient, type CreateApiClient } from '../api/createApiClient.ts';
import type { Exchange } from '../api/httpClient.ts';
import type { Keychain } from '../keychain/keychain.ts';
import { createRateBudget, type RateBudget } from '../rate/rateBudget.ts';
import type { Workspace } from '../settings/settingsSchema.ts';
import type { SettingsService } from '../settings/settingsService.ts';
import { appFailure } from './appErrors.ts';
import type { EventBus } from './eventBus.ts';
import { KeyProblems } from './keyProblems.ts';
import type { LocalSandbox } from './localSandbox.ts';
import { workspaceView } from './views.ts';

/** How often the active workspace's service is asked (GET /, which spends no budget) whether it answers. */
export const PROBE_ONLINE_MS = 30_000;
export const PROBE_OFFLINE_MS = 5_000;
/** The status bar hears of budget changes at most this often. */
const BUDGET_EVENT_MS = 250;

const NETWORK_CODES = new Set(['network.unreachable', 'network.timeout', 'network.connection_lost']);

export interface WorkspaceRuntimeOptions {
  readonly settings: SettingsService;
  readonly keychain: Keychain;
  readonly events: EventBus;
  readonly localSandbox: LocalSandbox;
  /** Told when the active workspace's service answers again (the outbox drains then). */
  readonly onOnline?: (workspaceId: string) => void;
  /** Told when a workspace becomes the active one (or is at startup). */
  readonly onActivated?: (workspaceId: string) => void;
  /**
   * Told when a workspace's key was replaced or forgotten: its old budget is closed, so the
   * parts that send with it (jobs, uploads) must be made again with the new one.
   */
  readonly onKeyChanged?: (workspaceId: string) => void;
  readonly log?: (line: string) => void;
}

interface ClientEntry {
  readonly baseUrl: string;
  readonly client: CreateApiClient;
}

export class WorkspaceRuntime {
  /** Keys the service refused, announced once each (key.problem) until replaced. */
  readonly keyProblems: KeyProblems;
  readonly #options: WorkspaceRuntimeOptions;
  readonly #budgets = new Map<string, RateBudget>();
  readonly #clients = new Map<string, ClientEntry>();
  readonly #wallets = new Map<string, number | null>();
  #connection: ConnectionState;
  #unsubscribeBudget: () => void = () => {};
  #budgetTimer: NodeJS.Timeout | undefined;
  #probeTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: WorkspaceRuntimeOptions) {
    this.#options = options;
    this.keyProblems = new KeyProblems({
      events: options.events,
      workspaceName: (id) => options.settings.get().workspaces.find((w) => w.id === id)?.name ?? null,
    });
    this.#connection = { workspaceId: this.activeId(), state: 'starting', since: Date.now(), error: null };
  }

  activeId(): string {
    return this.#options.settings.get().activeWorkspaceId;
  }

  workspace(id: string): Workspace {
    const found = this.#options.settings.get().workspaces.find((w) => w.id === id);
    if (!found) throw appFailure('workspace.not_found', `No workspace has the id "${id}": pick one from the list.`);
    return found;
  }

  async view(id: string): Promise<WorkspaceView> {
    const workspace = this.workspace(id);
    const secrets = await this.#options.keychain.describe(id);
    return workspaceView(workspace, secrets, this.activeId(), this.#options.localSandbox.address());
  }

  async views(): Promise<WorkspaceView[]> {
    return Promise.all(this.#options.settings.get().workspaces.map((w) => this.view(w.id)));
  }

  /** The budget of the workspace's current key, made on first use. */
  budgetFor(workspaceId: string): RateBudget {
    let budget = this.#budgets.get(workspaceId);
    if (!budget) {
      budget = createRateBudget();
      this.#budgets.set(workspaceId, budget);
      if (workspaceId === this.activeId()) this.#watchBudget();
    }
    return budget;
  }

  /** A client of the workspace's service: for the local workspace, once the sandbox runs. */
  async clientFor(workspaceId: string): Promise<CreateApiClient> {
    if (this.#closed) throw appFailure('sandbox.stopped', 'Clipdesk is shutting down.');
    const baseUrl = await this.baseUrlOf(workspaceId);
    const entry = this.#clients.get(workspaceId);
    if (entry && entry.baseUrl === baseUrl) return entry.client;
    if (entry) void entry.client.close();
    const client = createApiClient({
      baseUrl,
      budget: this.budgetFor(workspaceId),
      getApiKey: this.apiKeyReader(workspaceId),
      onResponse: this.exchangeObserver(workspaceId),
    });
    this.#clients.set(workspaceId, { baseUrl, client });
    return client;
  }

  /**
   * Runs a call against the active workspace's service and keeps the connection state honest:
   * a network failure means offline, any answer means online.
   */
  async call<T>(work: (client: CreateApiClient, workspaceId: string) => Promise<T>): Promise<T> {
    const workspaceId = this.activeId();
    const startedAt = Date.now();
    try {
      return await work(await this.clientFor(workspaceId), workspaceId);
    } catch (err) {
      const error = toAppError(err);
      if (NETWORK_CODES.has(error.code) || error.code.startsWith('sandbox.')) this.#seen(workspaceId, 'offline', error);
      this.keyProblems.report(workspaceId, error, startedAt);
      throw err instanceof AppFailure ? err : new AppFailure(error, { cause: err });
    }
  }

  /**
   * Checks a key with GET /me before anything is saved, on the budget the key will keep if
   * it is adopted (a key's budget counts every request made with it, this one included).
   */
  async checkKey(
    workspaceId: string,
    baseUrl: string,
    apiKey: string,
  ): Promise<{ me: Me; adopt(): void; discard(): void }> {
    const budget = createRateBudget();
    const client = createApiClient({ baseUrl, budget, getApiKey: async () => apiKey });
    try {
      const me = await client.me();
      return {
        me: me.data,
        adopt: () => {
          this.#dropKeyState(workspaceId);
          this.#budgets.set(workspaceId, budget);
          if (workspaceId === this.activeId()) this.#watchBudget();
          this.#options.onKeyChanged?.(workspaceId);
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

  /** The workspace's Create API base URL now (for the local workspace: once the sandbox runs). */
  async baseUrlOf(workspaceId: string): Promise<string> {
    const workspace = this.workspace(workspaceId);
    return workspace.kind === 'local' ? (await this.#startLocal()).createBaseUrl : workspace.createBaseUrl;
  }

  /** The address known now, without starting anything (null: the local sandbox is not running). */
  currentBaseUrl(workspaceId: string): string | null {
    const workspace = this.workspace(workspaceId);
    return workspace.kind === 'local'
      ? (this.#options.localSandbox.address()?.createBaseUrl ?? null)
      : workspace.createBaseUrl;
  }

  /** What the core's other HTTP clients (jobs, uploads) read the key with, at each request. */
  apiKeyReader(workspaceId: string): () => Promise<string> {
    return async () => {
      const key = await this.#options.keychain.readSecretForRequest(workspaceId, { kind: 'createApiKey' });
      if (key === null) throw appFailure('workspace.key_missing');
      return key;
    };
  }

  /**
   * What every HTTP client of the workspace (the screens', the jobs service's, the uploader's)
   * is told of each answer: an answer means the service is reachable, and a refused key is
   * announced once (key.problem) whichever request met it.
   */
  exchangeObserver(workspaceId: string): (exchange: Exchange) => void {
    return (exchange) => {
      this.#seen(workspaceId, 'online', null);
      if (exchange.errorCode)
        this.keyProblems.report(
          workspaceId,
          { code: exchange.errorCode, message: keyRefusal(exchange.errorCode), requestId: exchange.requestId },
          Date.now() - exchange.elapsedMs,
        );
    };
  }

  /** Another part of the core (the jobs service) saw the service answer, or not. */
  noteConnection(workspaceId: string, state: 'online' | 'offline', error: AppError | null): void {
    this.#seen(workspaceId, state, error);
  }

  /** A key was replaced or forgotten: the next request makes a new client and a new budget. */
  forgetKeyState(workspaceId: string): void {
    this.#dropKeyState(workspaceId);
    this.#options.onKeyChanged?.(workspaceId);
  }

  #dropKeyState(workspaceId: string): void {
    this.keyProblems.keyChanged(workspaceId);
    const entry = this.#clients.get(workspaceId);
    this.#clients.delete(workspaceId);
    if (entry) void entry.client.close();
    const budget = this.#budgets.get(workspaceId);
    this.#budgets.delete(workspaceId);
    budget?.close();
    if (workspaceId === this.activeId()) this.#watchBudget();
  }

  /** Makes a workspace the active one and starts watching its service. */
  async activate(workspaceId: string): Promise<WorkspaceView> {
    this.workspace(workspaceId);
    this.#options.settings.setActiveWorkspace(workspaceId);
    this.#connection = { workspaceId, state: 'starting', since: Date.now(), error: null };
    this.#options.events.emit('connection.changed', this.#connection);
    this.#watchBudget();
    const view = await this.view(workspaceId);
    this.#options.events.emit('workspace.changed', view);
    this.#options.onActivated?.(workspaceId);
    this.#schedule(0);
    return view;
  }

  /** The local sandbox exited on its own: offline until the next probe starts it again. */
  sandboxStopped(detail: string): void {
    const local = this.#options.settings.get().workspaces.find((w) => w.kind === 'local');
    if (local) this.#seen(local.id, 'offline', toAppError(appFailure('sandbox.stopped', detail)));
  }

  connection(): ConnectionState {
    return { ...this.#connection };
  }

  walletUsd(workspaceId: string): number | null {
    return this.#wallets.get(workspaceId) ?? null;
  }

  setWallet(workspaceId: string, walletUsd: number | null): void {
    if (this.#wallets.get(workspaceId) === walletUsd) return;
    this.#wallets.set(workspaceId, walletUsd);
    this.#options.events.emit('wallet.changed', { workspaceId, walletUsd });
  }

  /** Reads the wallet again (after paid work, or when the service comes back). */
  async refreshWallet(workspaceId: string): Promise<void> {
    const client = await this.clientFor(workspaceId);
    const me = await client.me({ priority: 'background' });
    this.setWallet(workspaceId, me.data.account?.walletUsd ?? null);
  }

  /** Starts watching the active workspace (at startup, after the first launch screen). */
  start(): void {
    this.#watchBudget();
    this.#options.onActivated?.(this.activeId());
    this.#schedule(0);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#probeTimer);
    clearTimeout(this.#budgetTimer);
    this.#unsubscribeBudget();
    await Promise.allSettled([...this.#clients.values()].map((entry) => entry.client.close()));
    for (const budget of this.#budgets.values()) budget.close();
    this.#clients.clear();
    this.#budgets.clear();
  }

  async #startLocal() {
    if (
      this.#connection.workspaceId === this.activeId() &&
      this.#connection.state !== 'online' &&
      !this.#options.localSandbox.address()
    ) {
      this.#seen(this.activeId(), 'starting', null);
    }
    return this.#options.localSandbox.ensureStarted();
  }

  #seen(workspaceId: string, state: ConnectionStateName, error: AppError | null): void {
    if (workspaceId !== this.activeId() || this.#closed) return;
    const before = this.#connection;
    if (
      before.workspaceId === workspaceId &&
      before.state === state &&
      (state !== 'offline' || before.error?.code === error?.code)
    )
      return;
    this.#connection = { workspaceId, state, since: Date.now(), error };
    this.#options.events.emit('connection.changed', this.#connection);
    if (state === 'online' && before.state !== 'online') {
      this.#options.onOnline?.(workspaceId);
      if (!this.#wallets.has(workspaceId)) void this.refreshWallet(workspaceId).catch(() => {});
      this.#schedule(PROBE_ONLINE_MS);
    }
    if (state === 'offline') this.#schedule(PROBE_OFFLINE_MS);
  }

  #schedule(ms: number): void {
    if (this.#closed) return;
    clearTimeout(this.#probeTimer);
    this.#probeTimer = setTimeout(() => void this.#probe(), ms);
    this.#probeTimer.unref();
  }

  async #probe(): Promise<void> {
    const workspaceId = this.activeId();
    try {
      await this.call((client) => client.discovery({ priority: 'background' }));
      this.#seen(workspaceId, 'online', null);
    } catch (err) {
      const error = toAppError(err);
      // Any answer (even an error envelope) means the service is reachable; call() marked real outages.
      if (error.status !== null) this.#seen(workspaceId, 'online', null);
      else this.#seen(workspaceId, 'offline', error);
    }
    if (workspaceId === this.activeId())
      this.#schedule(this.#connection.state === 'online' ? PROBE_ONLINE_MS : PROBE_OFFLINE_MS);
  }

  #watchBudget(): void {
    this.#unsubscribeBudget();
    const workspaceId = this.activeId();
    const budget = this.#budgets.get(workspaceId);
    if (!budget) {
      this.#unsubscribeBudget = () => {};
      return;
    }
    const send = () => {
      this.#budgetTimer = undefined;
      if (this.activeId() === workspaceId)
        this.#options.events.emit('budget.changed', { workspaceId, budget: budget.snapshot() });
    };
    this.#unsubscribeBudget = budget.subscribe(() => {
      // Coalesced: a burst of grants and releases is one status-bar update.
      this.#budgetTimer ??= setTimeout(send, BUDGET_EVENT_MS);
    });
    send();
  }
}

/** The prompt's sentence for a refused key (an exchange carries the code, not the service's message). */
function keyRefusal(code: string): string {
  if (code === 'auth.key_expired') return 'The API key has expired.';
  if (code === 'auth.key_revoked') return 'The API key was revoked.';
  return 'The service does not recognise the API key.';
}
