// The workspace requests: choosing the local sandbox or a remote account, switching, and
// the keys. A key is checked with GET /me before it is saved, and saved only in the keychain;
// what comes back is its last four and expiry.
import { randomBytes } from 'node:crypto';
import { AppFailure, appError } from '../../../shared/appError.ts';
import type { AddRemoteWorkspace, ContractHandlers } from '../../../shared/ipc.ts';
import type { WorkspaceView } from '../../../shared/ipcViews.ts';
import type { Keychain } from '../keychain/keychain.ts';
import { LOCAL_WORKSPACE_ID, remoteWorkspaceSchema, type RemoteWorkspace } from '../settings/settingsSchema.ts';
import type { SettingsService } from '../settings/settingsService.ts';
import { appFailure } from '../errors/appErrors.ts';
import type { FirstLaunch } from '../workspace/firstLaunch.ts';
import type { LocalSandbox } from '../workspace/localSandbox.ts';
import { keyStatus } from '../workspace/workspaceViews.ts';
import { originOf, type WorkspaceHttp } from '../workspace/workspaceHttp.ts';
import type { WorkspaceRuntime } from '../workspace/workspaceRuntime.ts';

type WorkspaceRequests =
  | 'app.state'
  | 'workspaces.list'
  | 'workspaces.current'
  | 'workspaces.useLocal'
  | 'workspaces.addRemote'
  | 'workspaces.switch'
  | 'workspaces.keyStatus'
  | 'workspaces.forgetKey'
  | 'workspaces.replaceKey'
  | 'workspaces.repairLocalKey';

const SECRET_KIND = { create: 'createApiKey', messaging: 'messagingApiKey' } as const;

/** The spec's base address is the host root plus /api/v1: a bare host gets it added. */
export function normaliseBaseUrl(raw: string, apiPath: string | null): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  const url = URL.parse(trimmed);
  if (url && apiPath !== null && (url.pathname === '' || url.pathname === '/')) return `${trimmed}${apiPath}`;
  return trimmed;
}

function newWorkspaceId(name: string, taken: readonly string[]): string {
  const slug =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'account';
  for (;;) {
    const id = `${slug}-${randomBytes(3).toString('hex')}`;
    if (!taken.includes(id)) return id;
  }
}

export interface WorkspaceDeps {
  readonly mode: 'electron' | 'browser';
  readonly version: string;
  readonly settings: Pick<SettingsService, 'get' | 'saveWorkspace' | 'warning'>;
  readonly keychain: Pick<Keychain, 'store' | 'forget' | 'forgetWorkspace' | 'describe'>;
  readonly runtime: Pick<
    WorkspaceRuntime,
    'activeId' | 'view' | 'views' | 'activate' | 'workspace' | 'baseUrlOf' | 'messagingTarget'
  >;
  readonly http: Pick<WorkspaceHttp, 'checkKey' | 'forgetKey'>;
  readonly localSandbox: Pick<LocalSandbox, 'restart'>;
  readonly firstLaunch: FirstLaunch;
}

function remoteWorkspace(settings: WorkspaceDeps['settings'], input: AddRemoteWorkspace): RemoteWorkspace {
  if (input.messagingApiKey !== undefined && input.messagingBaseUrl === undefined) {
    throw new AppFailure(appError('request.invalid', 'Give the Messaging API address together with its key.'));
  }
  const taken = settings.get().workspaces.map((w) => w.id);
  const parsed = remoteWorkspaceSchema.safeParse({
    id: newWorkspaceId(input.name, taken),
    name: input.name,
    kind: 'remote',
    createBaseUrl: normaliseBaseUrl(input.createBaseUrl, '/api/v1'),
    messagingBaseUrl: input.messagingBaseUrl === undefined ? null : normaliseBaseUrl(input.messagingBaseUrl, null),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new AppFailure(appError('request.invalid', problems.join('; ')));
  }
  return parsed.data;
}

export function workspaceHandlers(deps: WorkspaceDeps): Pick<ContractHandlers, WorkspaceRequests> {
  const { runtime, http, settings, keychain, firstLaunch } = deps;
  /** One repair at a time: a second click waits for the first and shares its outcome. */
  let repairing: Promise<WorkspaceView> | null = null;

  async function repairLocalKey(): Promise<WorkspaceView> {
    if (!settings.get().workspaces.some((w) => w.id === LOCAL_WORKSPACE_ID))
      throw appFailure(
        'workspace.not_found',
        'There is no local workspace to repair: choose "Use the local sandbox" first.',
      );
    // Its start provisions a key that works at its address now and saves it in this profile's entry.
    await deps.localSandbox.restart();
    // The old key's budget, clients and refusal are over; the workspace's work goes on with the new one.
    http.forgetKey(LOCAL_WORKSPACE_ID);
    return runtime.activeId() === LOCAL_WORKSPACE_ID
      ? runtime.activate(LOCAL_WORKSPACE_ID)
      : runtime.view(LOCAL_WORKSPACE_ID);
  }

  return {
    async 'app.state'() {
      return {
        firstLaunch: firstLaunch.isFirstLaunch(),
        mode: deps.mode,
        version: deps.version,
        activeWorkspace: await runtime.view(runtime.activeId()),
        settingsWarning: settings.warning?.message ?? null,
      };
    },

    'workspaces.list': () => runtime.views(),

    'workspaces.current': () => runtime.view(runtime.activeId()),

    async 'workspaces.useLocal'() {
      if (!settings.get().workspaces.some((w) => w.id === LOCAL_WORKSPACE_ID)) {
        settings.saveWorkspace({
          id: LOCAL_WORKSPACE_ID,
          name: 'Local sandbox',
          kind: 'local',
          tunnel: { mode: 'loopback' },
        });
      }
      // Started first, so the workspace is ready (and its key in the keychain) when the screen shows it.
      await runtime.baseUrlOf(LOCAL_WORKSPACE_ID);
      const view = await runtime.activate(LOCAL_WORKSPACE_ID);
      firstLaunch.markDone();
      return view;
    },

    async 'workspaces.addRemote'(input) {
      const workspace = remoteWorkspace(settings, input);
      const checked = await http.checkKey(workspace.id, workspace.createBaseUrl, input.apiKey);
      try {
        await keychain.store(workspace.id, { kind: 'createApiKey' }, input.apiKey, {
          expiresAt: checked.me.key?.expiresAt ?? null,
          origin: originOf(workspace.createBaseUrl),
        });
        if (input.messagingApiKey !== undefined && workspace.messagingBaseUrl)
          await keychain.store(workspace.id, { kind: 'messagingApiKey' }, input.messagingApiKey, {
            origin: originOf(workspace.messagingBaseUrl),
          });
        settings.saveWorkspace(workspace);
      } catch (err) {
        checked.discard();
        await keychain.forgetWorkspace(workspace.id).catch(() => false);
        throw err;
      }
      checked.adopt();
      const view = await runtime.activate(workspace.id);
      firstLaunch.markDone();
      return view;
    },

    async 'workspaces.switch'({ workspaceId }) {
      const view = await runtime.activate(workspaceId);
      firstLaunch.markDone();
      return view;
    },

    async 'workspaces.keyStatus'({ workspaceId }) {
      runtime.workspace(workspaceId);
      const secrets = await keychain.describe(workspaceId);
      return { create: keyStatus(secrets.createApiKey), messaging: keyStatus(secrets.messagingApiKey) };
    },

    async 'workspaces.forgetKey'({ workspaceId, which }) {
      runtime.workspace(workspaceId);
      await keychain.forget(workspaceId, { kind: SECRET_KIND[which] });
      if (which === 'create') http.forgetKey(workspaceId);
      return keyStatus((await keychain.describe(workspaceId))[SECRET_KIND[which]]);
    },

    'workspaces.repairLocalKey'() {
      repairing ??= repairLocalKey().finally(() => {
        repairing = null;
      });
      return repairing;
    },

    async 'workspaces.replaceKey'({ workspaceId, which, apiKey }) {
      const workspace = runtime.workspace(workspaceId);
      if (which === 'messaging') {
        // The Messaging API has no identity call to check a key with; it is checked on first use.
        const messagingBaseUrl = (await runtime.messagingTarget(workspaceId)).baseUrl;
        const origin = originOf(messagingBaseUrl);
        return keyStatus(await keychain.store(workspace.id, { kind: 'messagingApiKey' }, apiKey, { origin }));
      }
      const baseUrl = await runtime.baseUrlOf(workspaceId);
      const checked = await http.checkKey(workspaceId, baseUrl, apiKey);
      let stored;
      try {
        stored = await keychain.store(workspaceId, { kind: 'createApiKey' }, apiKey, {
          expiresAt: checked.me.key?.expiresAt ?? null,
          origin: originOf(baseUrl),
        });
      } catch (err) {
        checked.discard();
        throw err;
      }
      checked.adopt();
      return keyStatus(stored);
    },
  };
}
