// Where each workspace's services are: a remote account's addresses from the settings, the
// local workspace's from its sandbox (started on the first request that needs it). Both the
// HTTP owner (workspaceHttp.ts) and the runtime ask here; it asks neither, so the three are
// built in that order with no reference forward.
import type { CountryCode } from 'libphonenumber-js';
import { AppFailure, appError } from '../../../shared/appError.ts';
import { MESSAGING_CLIENT_CODES } from '../../../shared/messagingFailures.ts';
import { appFailure } from '../errors/appErrors.ts';
import type { DomainEvents } from '../lifecycle/domainEvents.ts';
import type { Workspace } from '../settings/settingsSchema.ts';
import type { SettingsService } from '../settings/settingsService.ts';
import type { LocalSandbox, SandboxAddress } from './localSandbox.ts';

/** Where a workspace's Messaging API is, and how numbers without a country code are read. */
export interface MessagingTarget {
  readonly baseUrl: string;
  readonly defaultCountry: CountryCode | null;
}

export interface WorkspaceAddressesOptions {
  readonly settings: Pick<SettingsService, 'get'>;
  readonly localSandbox: Pick<LocalSandbox, 'address' | 'ensureStarted'>;
  readonly events: Pick<DomainEvents, 'emit'>;
}

export class WorkspaceAddresses {
  readonly #options: WorkspaceAddressesOptions;

  constructor(options: WorkspaceAddressesOptions) {
    this.#options = options;
  }

  workspace(id: string): Workspace {
    const found = this.#options.settings.get().workspaces.find((w) => w.id === id);
    if (!found) throw appFailure('workspace.not_found', `No workspace has the id "${id}": pick one from the list.`);
    return found;
  }

  /** The local sandbox's addresses while it runs (null otherwise). */
  sandboxAddress(): SandboxAddress | null {
    return this.#options.localSandbox.address();
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

  /** The workspace's Messaging API address and default country (the local sandbox serves both APIs). */
  async messagingTarget(workspaceId: string): Promise<MessagingTarget> {
    const workspace = this.workspace(workspaceId);
    const defaultCountry = (workspace.defaultCountry ?? null) as CountryCode | null;
    if (workspace.kind === 'remote') {
      if (!workspace.messagingBaseUrl)
        throw new AppFailure(appError('messaging.not_configured', MESSAGING_CLIENT_CODES['messaging.not_configured']));
      return { baseUrl: workspace.messagingBaseUrl, defaultCountry };
    }
    return { baseUrl: (await this.#startLocal()).messagingBaseUrl, defaultCountry };
  }

  async #startLocal(): Promise<SandboxAddress> {
    if (!this.#options.localSandbox.address()) this.#options.events.emit('localSandbox.starting', {});
    return this.#options.localSandbox.ensureStarted();
  }
}
