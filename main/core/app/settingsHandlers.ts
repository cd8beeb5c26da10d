// The Settings screen's requests: a workspace's own settings (its name, a remote account's
// addresses, the webhook tunnel, the messaging defaults) and the keys the service refused.
// Every change goes through the settings schema (a refused one names the field); a new
// Create API address is checked with GET /me, with the saved key, before it is saved.
import { AppFailure, appError } from '../../../shared/appError.ts';
import type { ContractHandlers } from '../../../shared/ipc.ts';
import type { WebhookStatus, WorkspaceSettingsView } from '../../../shared/ipc/settingsView.ts';
import type { Workspace, WorkspaceInput } from '../settings/settingsSchema.ts';
import { appFailure } from './appErrors.ts';
import type { Keychain } from '../keychain/keychain.ts';
import type { SettingsService } from '../settings/settingsService.ts';
import type { TunnelStatus } from '../webhooks/tunnel.ts';
import type { EventBus } from './eventBus.ts';
import type { WorkspaceHttp } from './workspaceHttp.ts';
import { normaliseBaseUrl } from './workspaceHandlers.ts';
import type { WorkspaceRuntime } from './workspaceRuntime.ts';

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
  readonly keychain: Pick<Keychain, 'readSecretForRequest'>;
  readonly events: Pick<EventBus, 'emit'>;
  /** The webhook tunnel's state for a workspace; null when none runs for it (or webhooks are off). */
  readonly webhookTunnel: (workspaceId: string) => TunnelStatus | null;
}

export function settingsHandlers(deps: SettingsDeps): Pick<ContractHandlers, SettingsRequests> {
  const { runtime, http, settings, keychain, events, webhookTunnel } = deps;

  return {
    async 'settings.workspace'({ workspaceId }) {
      return workspaceSettingsView(runtime.workspace(workspaceId), webhookTunnel(workspaceId));
    },

    async 'settings.updateWorkspace'({ workspaceId, ...change }) {
      const current = runtime.workspace(workspaceId);
      const next: WorkspaceInput = { ...current };
      if (change.name !== undefined) next.name = change.name;
      if (change.tunnel !== undefined) next.tunnel = change.tunnel;
      if (change.defaultCountry !== undefined) next.defaultCountry = change.defaultCountry;
      if (change.senderId !== undefined) next.senderId = change.senderId;
      const addressChange = change.createBaseUrl !== undefined || change.messagingBaseUrl !== undefined;
      if (addressChange && next.kind !== 'remote') {
        throw new AppFailure(
          appError(
            'request.invalid',
            'createBaseUrl: the local workspace runs on this computer; its address cannot be changed.',
          ),
        );
      }
      let adopt: (() => void) | null = null;
      if (next.kind === 'remote') {
        if (change.messagingBaseUrl !== undefined)
          next.messagingBaseUrl =
            change.messagingBaseUrl === null ? null : normaliseBaseUrl(change.messagingBaseUrl, null);
        const createBaseUrl =
          change.createBaseUrl === undefined ? next.createBaseUrl : normaliseBaseUrl(change.createBaseUrl, '/api/v1');
        if (createBaseUrl !== next.createBaseUrl) {
          // The saved key must work at the new address before anything is saved.
          const key = await keychain.readSecretForRequest(workspaceId, { kind: 'createApiKey' });
          if (key === null) throw appFailure('workspace.key_missing');
          const checked = await http.checkKey(workspaceId, createBaseUrl, key);
          adopt = checked.adopt;
          next.createBaseUrl = createBaseUrl;
          try {
            settings.saveWorkspace(next);
          } catch (err) {
            checked.discard();
            throw err;
          }
        }
      }
      const saved = settings.saveWorkspace(next);
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
