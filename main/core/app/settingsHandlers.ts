// The Settings screen's requests: a workspace's own settings (its name, a remote account's
// addresses, the webhook tunnel, the messaging defaults) and the keys the service refused.
// Every change goes through the settings schema (a refused one names the field); a new
// Create API address is checked with GET /me, with the saved key, before it is saved.
import { AppFailure, appError } from '../../../shared/appError.ts';
import type { ContractHandlers } from '../../../shared/ipc.ts';
import type { WebhookStatus, WorkspaceSettingsView } from '../../../shared/ipc/settingsView.ts';
import type { Workspace, WorkspaceInput } from '../settings/settingsSchema.ts';
import { appFailure } from '../errors/appErrors.ts';
import type { Keychain } from '../keychain/keychain.ts';
import type { SettingsService } from '../settings/settingsService.ts';
import type { TunnelStatus } from '../webhooks/tunnel.ts';
import { approveTunnelCommand, type ConfirmTunnelCommand } from '../webhooks/tunnelConfirmation.ts';
import type { DomainEvents } from '../lifecycle/domainEvents.ts';
import { originOf, type WorkspaceHttp } from '../workspace/workspaceHttp.ts';
import { normaliseBaseUrl } from './workspaceHandlers.ts';
import type { WorkspaceRuntime } from '../workspace/workspaceRuntime.ts';

type SettingsRequests = 'settings.workspace' | 'settings.updateWorkspace' | 'keys.problems';

/** How job results reach the app for this workspace, as the running tunnel reports it. */
export function webhookStatus(workspace: Workspace, tunnel: TunnelStatus | null): WebhookStatus {
  if (workspace.tunnel.mode === 'none') return { state: 'polling', message: 'No tunnel: job results are polled.' };
  if (!tunnel) {
    return {
      state: 'polling',
      message: `The ${workspace.tunnel.mode} tunnel starts when this workspace is the active one; until then job results are polled.`,
    };
  }
  const fallback = tunnel.state === 'ready' ? '' : ' Meanwhile job results are polled.';
  return { state: tunnel.state, message: `${tunnel.message}${fallback}` };
}

export function workspaceSettingsView(workspace: Workspace, tunnel: TunnelStatus | null = null): WorkspaceSettingsView {
  return {
    workspaceId: workspace.id,
    name: workspace.name,
    kind: workspace.kind,
    createBaseUrl: workspace.kind === 'remote' ? workspace.createBaseUrl : null,
    messagingBaseUrl: workspace.kind === 'remote' ? workspace.messagingBaseUrl : null,
    tunnel: workspace.tunnel,
    defaultCountry: workspace.defaultCountry,
    senderId: workspace.senderId,
    webhooks: webhookStatus(workspace, tunnel),
  };
}

export interface SettingsDeps {
  readonly runtime: Pick<WorkspaceRuntime, 'workspace' | 'activeId' | 'activate' | 'view' | 'keyProblems'>;
  readonly http: Pick<WorkspaceHttp, 'checkKey'>;
  readonly settings: Pick<SettingsService, 'saveWorkspace'>;
  readonly keychain: Pick<Keychain, 'readBoundSecret' | 'store' | 'forget'>;
  readonly events: Pick<DomainEvents, 'emit'>;
  /** The webhook tunnel's state for a workspace; null when none runs for it (or webhooks are off). */
  readonly webhookTunnel: (workspaceId: string) => TunnelStatus | null;
  /** The desktop app's native dialog for a new tunnel command; absent in browser mode (refused there). */
  readonly confirmTunnelCommand?: ConfirmTunnelCommand;
}

export function settingsHandlers(deps: SettingsDeps): Pick<ContractHandlers, SettingsRequests> {
  const { runtime, http, settings, keychain, events, webhookTunnel } = deps;

  /**
   * A new Messaging API address: the saved Messaging key goes along only on its own origin;
   * on another one the key for it must be given (it is stored once the change is saved).
   */
  async function checkMessagingOrigin(
    workspaceId: string,
    messagingBaseUrl: string | null,
    messagingApiKey: string | undefined,
    keysToStore: (() => Promise<unknown>)[],
  ): Promise<void> {
    if (messagingBaseUrl === null) {
      keysToStore.push(() => keychain.forget(workspaceId, { kind: 'messagingApiKey' }));
      return;
    }
    const origin = originOf(messagingBaseUrl);
    if (messagingApiKey !== undefined) {
      keysToStore.push(() => keychain.store(workspaceId, { kind: 'messagingApiKey' }, messagingApiKey, { origin }));
      return;
    }
    const bound = await keychain.readBoundSecret(workspaceId, { kind: 'messagingApiKey' });
    const current = runtime.workspace(workspaceId);
    const was =
      bound?.origin ??
      (current.kind === 'remote' && current.messagingBaseUrl ? originOf(current.messagingBaseUrl) : null);
    if (bound !== null && was !== origin)
      throw appFailure(
        'workspace.key_origin',
        `The saved Messaging API key was checked against ${was}; Clipdesk does not send it to ${origin}. Give the Messaging API key for the new address.`,
      );
  }

  return {
    async 'settings.workspace'({ workspaceId }) {
      return workspaceSettingsView(runtime.workspace(workspaceId), webhookTunnel(workspaceId));
    },

    async 'settings.updateWorkspace'({ workspaceId, ...change }) {
      const current = runtime.workspace(workspaceId);
      const next: WorkspaceInput = { ...current };
      if (change.name !== undefined) next.name = change.name;
      if (change.tunnel !== undefined) {
        // A program main would run: only with the user's word, given outside the page.
        if (change.tunnel.mode === 'command')
          await approveTunnelCommand(
            current.name,
            change.tunnel.command,
            current.tunnel.mode === 'command' ? current.tunnel.command : null,
            deps.confirmTunnelCommand,
          );
        next.tunnel = change.tunnel;
      }
      if (change.defaultCountry !== undefined) next.defaultCountry = change.defaultCountry;
      if (change.senderId !== undefined) next.senderId = change.senderId;
      const addressChange = change.createBaseUrl !== undefined || change.messagingBaseUrl !== undefined;
      if (addressChange && next.kind !== 'remote') {
        throw new AppFailure(
          appError('request.invalid', 'The local workspace runs on this computer: its address cannot be changed.'),
        );
      }
      let adopt: (() => void) | null = null;
      /** Keys for new addresses, stored once the change is saved. */
      const keysToStore: (() => Promise<unknown>)[] = [];
      if (next.kind === 'remote') {
        if (change.messagingBaseUrl !== undefined) {
          const messagingBaseUrl =
            change.messagingBaseUrl === null ? null : normaliseBaseUrl(change.messagingBaseUrl, null);
          await checkMessagingOrigin(workspaceId, messagingBaseUrl, change.messagingApiKey, keysToStore);
          next.messagingBaseUrl = messagingBaseUrl;
        } else if (change.messagingApiKey !== undefined) {
          throw new AppFailure(
            appError(
              'request.invalid',
              'Give the Messaging API key together with the new Messaging API address it is for.',
            ),
          );
        }
        const createBaseUrl =
          change.createBaseUrl === undefined ? next.createBaseUrl : normaliseBaseUrl(change.createBaseUrl, '/api/v1');
        if (createBaseUrl !== next.createBaseUrl) {
          // The key must work at the new address before anything is saved; the saved key is
          // checked there only when the address stays on the origin it was checked against.
          const bound = await keychain.readBoundSecret(workspaceId, { kind: 'createApiKey' });
          const origin = originOf(createBaseUrl);
          const sameOrigin = bound !== null && (bound.origin ?? originOf(next.createBaseUrl)) === origin;
          const key = change.apiKey ?? (sameOrigin ? bound.secret : null);
          if (key === null) {
            throw bound === null
              ? appFailure('workspace.key_missing')
              : appFailure(
                  'workspace.key_origin',
                  `The saved API key was checked against ${bound.origin ?? originOf(next.createBaseUrl)}; Clipdesk does not send it to ${origin}. Give the API key for the new address.`,
                );
          }
          const checked = await http.checkKey(workspaceId, createBaseUrl, key);
          adopt = checked.adopt;
          next.createBaseUrl = createBaseUrl;
          try {
            settings.saveWorkspace(next);
          } catch (err) {
            checked.discard();
            throw err;
          }
          keysToStore.push(() =>
            keychain.store(workspaceId, { kind: 'createApiKey' }, key, {
              expiresAt: checked.me.key?.expiresAt ?? null,
              origin,
            }),
          );
        } else if (change.apiKey !== undefined) {
          throw new AppFailure(
            appError(
              'request.invalid',
              'Give the Create API key of the new address with it (or replace the key first).',
            ),
          );
        }
      } else if (change.apiKey !== undefined || change.messagingApiKey !== undefined) {
        throw new AppFailure(appError('request.invalid', 'The local workspace makes its own keys: it takes none.'));
      }
      const saved = settings.saveWorkspace(next);
      for (const store of keysToStore) await store();
      if (adopt) adopt();
      if (saved.id === runtime.activeId()) {
        // A new address restarts the workspace's clients, jobs and uploads there; a new name is shown at once.
        if (adopt) await runtime.activate(saved.id);
        else events.emit('workspace.changed', await runtime.view(saved.id));
      }
      return workspaceSettingsView(saved, webhookTunnel(saved.id));
    },

    async 'keys.problems'() {
      return runtime.keyProblems.list();
    },
  };
}
