// The live side of the workspaces: which one is active, the local sandbox behind the local
// workspace, the addresses of each, and the active workspace's connection state, budget
// and wallet for the status bar. The HTTP clients and budgets are workspaceHttp.ts's.
import { AppFailure, appError, toAppError, type AppError } from '../../../shared/appError.ts';
import type { CountryCode } from 'libphonenumber-js';
import type { ConnectionState, ConnectionStateName, WorkspaceView } from '../../../shared/ipcViews.ts';
import { MESSAGING_CLIENT_CODES } from '../../../shared/messagingFailures.ts';
import type { CreateApiClient } from '../api/createApiClient.ts';
import type { Exchange } from '../api/httpClient.ts';
import type { Keychain } from '../keychain/keychain.ts';
import type { Workspace } from '../settings/settingsSchema.ts';
import type { SettingsService } from '../settings/settingsService.ts';
import { appFailure } from './appErrors.ts';
import type { EventBus } from './eventBus.ts';
import { KeyProblems } from './keyProblems.ts';
import type { LocalSandbox } from './localSandbox.ts';
import { workspaceView } from './views.ts';
import type { MessagingTarget, WorkspaceHttp } from './workspaceHttp.ts';

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
  /** The workspaces' clients and budgets (it asks this runtime for addresses). */
  readonly http: Pick<WorkspaceHttp, 'client' | 'existingBudget'>;
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

export class WorkspaceRuntime {
  /** Keys the service refused, announced once each (key.problem) until replaced. */
  readonly keyProblems: KeyProblems;
  readonly #options: WorkspaceRuntimeOptions;
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

  /**
   * Runs a call against the active workspace's service and keeps the connection state honest:
   * a network failure means offline, any answer means online.
   */
  async call<T>(work: (client: CreateApiClient, workspaceId: string) => Promise<T>): Promise<T> {
    const workspaceId = this.activeId();
    const startedAt = Date.now();
    try {
      if (this.#closed) throw appFailure('sandbox.stopped', 'Clipdesk is shutting down.');
      return await work(await this.#options.http.client(workspaceId), workspaceId);
    } catch (err) {
      const error = toAppError(err);
      if (NETWORK_CODES.has(error.code) || error.code.startsWith('sandbox.')) this.#seen(workspaceId, 'offline', error);
      this.keyProblems.report(workspaceId, error, startedAt);
      throw err instanceof AppFailure ? err : new AppFailure(error, { cause: err });
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

  /** The workspace's Messaging API address and default country (the local sandbox serves both APIs). */
  async messagingTarget(workspaceId: string): Promise<MessagingTarget> {
    const workspace = this.workspace(workspaceId);
    const defaultCountry = (workspace.defaultCountry ?? null) as CountryCode | null;
    if (workspace.kind === 'remote') {
      if (!workspace.messagingBaseUrl) throw notConfigured();
      return { baseUrl: workspace.messagingBaseUrl, defaultCountry };
    }
    return { baseUrl: (await this.#startLocal()).messagingBaseUrl, defaultCountry };
  }

  /** A key was replaced or forgotten (workspaceHttp.ts dropped its budget and clients). */
  keyChanged(workspaceId: string): void {
    this.keyProblems.keyChanged(workspaceId);
    this.budgetChanged(workspaceId);
    this.#options.onKeyChanged?.(workspaceId);
  }

  /** A workspace's budget was made or replaced: the status bar follows the active one's. */
  budgetChanged(workspaceId: string): void {
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
    const client = await this.#options.http.client(workspaceId);
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
    const budget = this.#options.http.existingBudget(workspaceId);
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

function notConfigured(): AppFailure {
  return new AppFailure(appError('messaging.not_configured', MESSAGING_CLIENT_CODES['messaging.not_configured']));
}

/** The prompt's sentence for a refused key (an exchange carries the code, not the service's message). */
function keyRefusal(code: string): string {
  if (code === 'auth.key_expired') return 'The API key has expired.';
  if (code === 'auth.key_revoked') return 'The API key was revoked.';
  return 'The service does not recognise the API key.';
}
