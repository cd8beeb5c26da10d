// The live side of the workspaces: which one is active, and the active workspace's
// connection state, budget and wallet for the status bar. It is the one source of
// `workspace.online` and `workspace.activated` (lifecycle/domainEvents.ts); the composition
// root hands it what others saw (an answer, a new key, the jobs service's view) through the
// methods below. Addresses are workspaceAddresses.ts's; clients and budgets workspaceHttp.ts's.
import { AppFailure, toAppError, type AppError } from '../../../shared/appError.ts';
import type { ConnectionState, ConnectionStateName, WorkspaceView } from '../../../shared/ipcViews.ts';
import type { CreateApiClient } from '../api/createApiClient.ts';
import type { Exchange } from '../api/httpClient.ts';
import type { Keychain } from '../keychain/keychain.ts';
import { appFailure } from '../errors/appErrors.ts';
import type { DomainEvents } from '../lifecycle/domainEvents.ts';
import type { Workspace } from '../settings/settingsSchema.ts';
import type { SettingsService } from '../settings/settingsService.ts';
import { KeyProblems } from './keyProblems.ts';
import type { MessagingTarget, WorkspaceAddresses } from './workspaceAddresses.ts';
import type { WorkspaceHttp } from './workspaceHttp.ts';
import { workspaceView } from './workspaceViews.ts';

/** How often the active workspace's service is asked (GET /, which spends no budget) whether it answers. */
export const PROBE_ONLINE_MS = 30_000;
export const PROBE_OFFLINE_MS = 5_000;
/** The status bar hears of budget changes at most this often. */
const BUDGET_EVENT_MS = 250;

const NETWORK_CODES = new Set(['network.unreachable', 'network.timeout', 'network.connection_lost']);

export interface WorkspaceRuntimeOptions {
  readonly settings: SettingsService;
  readonly keychain: Keychain;
  readonly events: DomainEvents;
  readonly addresses: WorkspaceAddresses;
  /** The workspaces' clients and budgets. */
  readonly http: Pick<WorkspaceHttp, 'client' | 'existingBudget'>;
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
    return this.#options.addresses.workspace(id);
  }

  async view(id: string): Promise<WorkspaceView> {
    const workspace = this.workspace(id);
    const secrets = await this.#options.keychain.describe(id);
    return workspaceView(workspace, secrets, this.activeId(), this.#options.addresses.sandboxAddress());
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
  baseUrlOf(workspaceId: string): Promise<string> {
    return this.#options.addresses.baseUrlOf(workspaceId);
  }

  /**
   * What every HTTP client of the workspace (the screens', the jobs service's, the uploader's)
   * is told of each answer: an answer means the service is reachable, and a refused key is
   * announced once (key.problem) whichever request met it.
   */
  answered(workspaceId: string, exchange: Exchange): void {
    this.#seen(workspaceId, 'online', null);
    if (exchange.errorCode)
      this.keyProblems.report(
        workspaceId,
        { code: exchange.errorCode, message: keyRefusal(exchange.errorCode), requestId: exchange.requestId },
        Date.now() - exchange.elapsedMs,
      );
  }

  /** Another part of the core (the jobs service) saw the service answer, or not. */
  noteConnection(workspaceId: string, state: 'online' | 'offline', error: AppError | null): void {
    this.#seen(workspaceId, state, error);
  }

  /** The workspace's Messaging API address and default country (the local sandbox serves both APIs). */
  messagingTarget(workspaceId: string): Promise<MessagingTarget> {
    return this.#options.addresses.messagingTarget(workspaceId);
  }

  /** A key was replaced or forgotten (workspaceHttp.ts dropped its budget and clients). */
  keyChanged(workspaceId: string): void {
    this.keyProblems.keyChanged(workspaceId);
    this.budgetChanged(workspaceId);
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
    this.#options.events.emit('workspace.activated', { workspaceId });
    this.#schedule(0);
    return view;
  }

  /** The local sandbox exited on its own: offline until the next probe starts it again. */
  sandboxStopped(detail: string): void {
    if (this.#closed) return;
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
    this.#options.events.emit('workspace.activated', { workspaceId: this.activeId() });
    this.#schedule(0);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#probeTimer);
    clearTimeout(this.#budgetTimer);
    this.#unsubscribeBudget();
  }

  /** The local sandbox is being started for a request: the status bar says so until it answers. */
  sandboxStarting(): void {
    if (this.#connection.workspaceId === this.activeId() && this.#connection.state !== 'online')
      this.#seen(this.activeId(), 'starting', null);
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
      this.#options.events.emit('workspace.online', { workspaceId });
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
      // Sent now: a coalescing timer still pending (of this budget or the one watched before) is not needed.
      clearTimeout(this.#budgetTimer);
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
