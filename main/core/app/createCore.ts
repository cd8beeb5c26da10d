// The composition root (DESIGN.md): builds every core part once, with explicit
// dependencies, and hands the transports (the Electron shell, browser mode) one object:
// `handlers` for every request of the contract (each validates its argument), the event
// bus, and close(). Plain Node: tests and browser mode run it as it is.
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { IpcReply } from '../../../shared/ipc.ts';
import { openJournal } from '../journal/journal.ts';
import { FallbackSecretStore } from '../keychain/fallbackSecretStore.ts';
import { Keychain } from '../keychain/keychain.ts';
import { DEFAULT_KEYCHAIN_SERVICE, KeytarSecretStore } from '../keychain/keytarSecretStore.ts';
import type { SecretStore } from '../keychain/secretStore.ts';
import { ConfSettingsBackend } from '../settings/settingsBackend.ts';
import { LOCAL_WORKSPACE_ID, type WindowState } from '../settings/settingsSchema.ts';
import { openSettings } from '../settings/settingsService.ts';
import type { HttpDownload } from '../api/httpClient.ts';
import type { AssetDownloads } from '../media/assetDownloads.ts';
import { createMediaServices, type ChooseSavePath } from '../media/mediaServices.ts';
import { createActionKeys } from '../production/actionKeys.ts';
import { createProductionClient } from '../production/productionClient.ts';
import type { Priority } from '../rate/rateBudget.ts';
import { createClipStrips } from '../timeline/clipStrips.ts';
import { createEditorReads } from '../timeline/editorReads.ts';
import { createEditTracker } from '../timeline/editTracker.ts';
import { createRenderMedia } from '../timeline/renderMedia.ts';
import { createMediaCache, type MediaCache } from '../mediaCache/mediaCache.ts';
import { checkedHandlers, dispatchRequest, type CheckedHandlers } from './dispatch.ts';
import { createEventBus, type EventBus } from './eventBus.ts';
import { firstLaunchMarker } from './firstLaunch.ts';
import { lockProfile, type ProfileLock } from './profileLock.ts';
import { watchJobActivity } from './jobActivity.ts';
import { createJobCosts } from './jobCosts.ts';
import { JobsCoordinator } from './jobsCoordinator.ts';
import { MessagingCoordinator } from './messagingCoordinator.ts';
import { messagingHandlers } from './messagingHandlers.ts';
import { jobsHandlers } from './jobsHandlers.ts';
import { preferencesHandlers } from './preferencesHandlers.ts';
import { themeBootScript } from './themeBoot.ts';
import { settingsHandlers } from './settingsHandlers.ts';
import { timelineHandlers } from './timelineHandlers.ts';
import { productionHandlers } from './productionHandlers.ts';
import { mediaHandlers } from './mediaHandlers.ts';
import { previewHandlers } from './previewHandlers.ts';
import { createLocalSandbox, type SandboxAddress, type SandboxKeys } from './localSandbox.ts';
import { serviceHandlers } from './serviceHandlers.ts';
import { createStreamedUploads } from './streamedUploads.ts';
import { UploadsCoordinator } from './uploadsCoordinator.ts';
import { createWebhooksEngine } from './webhooksEngine.ts';
import type { WebhooksEngine, WebhooksFactory } from './webhooksSeam.ts';
import type { ConfirmTunnelCommand } from '../webhooks/tunnelConfirmation.ts';
import { workHandlers } from './workHandlers.ts';
import { workspaceHandlers } from './workspaceHandlers.ts';
import { originOf, WorkspaceHttp } from './workspaceHttp.ts';
import { WorkspaceRuntime } from './workspaceRuntime.ts';

export interface CoreOptions {
  /** The app's data folder: settings, the journal, the local sandbox's data, staged files. */
  readonly userDataDir: string;
  /** Where secrets are kept; by default the OS keychain through keytar. */
  readonly secretStore?: SecretStore;
  /**
   * Where a remote account's keys go when the OS keychain cannot be used: the desktop app's
   * safeStorage-backed store, where the OS offers real encryption; null or absent: refused
   * with what is missing. (The local workspace's keys then live for the session only.)
   */
  readonly encryptedSecretStore?: SecretStore | null;
  /**
   * Read for: CLIPDESK_KEYCHAIN_SERVICE (the keychain service name; tests use their own),
   * CLIPDESK_SANDBOX_JOB_SECONDS (how long the local sandbox's jobs take).
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly mode?: 'electron' | 'browser';
  readonly version?: string;
  /** sandbox/main.ts; by default found beside main/ in this checkout. */
  readonly sandboxScript?: string;
  /** The program that runs the sandbox (node, or Electron as Node); by default this process's. */
  readonly execPath?: string;
  /** The webhook receiver and tunnel (webhooksSeam.ts; webhooksEngine.ts by default); null: jobs are only polled. */
  readonly webhooks?: WebhooksFactory | null;
  /**
   * The desktop app's native dialog asking the user to allow a new tunnel command (shown
   * exactly as it will run); without it (browser mode) the page cannot set one.
   */
  readonly confirmTunnelCommand?: ConfirmTunnelCommand;
  /**
   * A tunnel command from the command line (browser mode's --tunnel-command): the user's own,
   * set as the active remote workspace's tunnel at start.
   */
  readonly tunnelCommand?: string;
  /** The desktop app's save dialog for downloads; without it (browser mode) a download is a single-use link. */
  readonly chooseSavePath?: ChooseSavePath;
  readonly log?: (line: string) => void;
  /**
   * The profile's lock, when the caller took it already (browser mode does, before it
   * listens); the core releases it on close either way.
   */
  readonly profileLock?: ProfileLock;
}

export interface Core {
  /** One per contract request; each validates its argument and throws AppFailure. */
  readonly handlers: CheckedHandlers;
  readonly events: Pick<EventBus, 'subscribe' | 'on'>;
  /** A request from a transport: never throws, answers an IpcReply. */
  dispatch(name: unknown, arg: unknown): Promise<IpcReply>;
  /** Where the window was (the Electron shell restores and saves it; settings keep it). */
  readonly windowState: { read(): WindowState; save(state: Partial<WindowState>): void };
  /** The script that sets the saved theme before the first paint (themeBoot.ts); both shells serve it. */
  themeBootScript(): string;
  /** Browser mode redeems download tickets (media.download) with this. */
  readonly assetDownloads: Pick<AssetDownloads, 'redeem'>;
  /** Both transports serve the monitor's cached media (`/media/<ticket>`) with this. */
  readonly mediaCache: Pick<MediaCache, 'open'>;
  close(): Promise<void>;
}

const DEFAULT_SANDBOX_SCRIPT = resolve(import.meta.dirname, '../../../sandbox/main.ts');

export function createCore(options: CoreOptions): Core {
  const userDataDir = resolve(options.userDataDir);
  // First: a second app on this profile must not touch the first one's journal (profile.in_use).
  const profileLock = options.profileLock ?? lockProfile(userDataDir);
  try {
    return build(options, userDataDir, profileLock);
  } catch (err) {
    profileLock.release();
    throw err;
  }
}

function build(options: CoreOptions, userDataDir: string, profileLock: ProfileLock): Core {
  const env = options.env ?? {};
  const log = options.log ?? (() => {});

  const settings = openSettings(new ConfSettingsBackend({ cwd: userDataDir }));
  if (settings.warning) log(`settings: ${settings.warning.message}`);
  const keychain = new Keychain(
    new FallbackSecretStore(
      options.secretStore ?? new KeytarSecretStore(env.CLIPDESK_KEYCHAIN_SERVICE || DEFAULT_KEYCHAIN_SERVICE),
      { encrypted: options.encryptedSecretStore ?? null, log },
    ),
  );
  const journal = openJournal({ dataDir: userDataDir });
  const recovered = journal.recoverAtStartup();
  if (recovered.unknownSubmissions > 0)
    log(`journal: ${recovered.unknownSubmissions} message submissions have an unknown outcome`);
  const events = createEventBus(log);
  const firstLaunch = firstLaunchMarker(userDataDir);

  const local = settings.get().workspaces.find((w) => w.id === LOCAL_WORKSPACE_ID);
  const jobSeconds = env.CLIPDESK_SANDBOX_JOB_SECONDS;
  const localSandbox = createLocalSandbox({
    script: options.sandboxScript ?? DEFAULT_SANDBOX_SCRIPT,
    execPath: options.execPath,
    dataDir: (local?.kind === 'local' && local.dataFolder) || join(userDataDir, 'sandbox'),
    port: local?.kind === 'local' ? local.port : 0,
    extraArgs: jobSeconds ? ['--job-seconds', jobSeconds] : [],
    masterSecret: () => localMasterSecret(keychain),
    saveKeys: (keys, address) => saveLocalKeys(keychain, keys, address),
    onUnexpectedExit: (detail) => {
      log(detail);
      runtime.sandboxStopped(detail);
    },
    log,
  });

  // The runtime and the HTTP owner ask each other (addresses one way, clients the other), and
  // the runtime's callbacks name parts made just below: all are called only once a workspace is active.
  const http: WorkspaceHttp = new WorkspaceHttp({
    keychain,
    createBaseUrl: (workspaceId) => runtime.baseUrlOf(workspaceId),
    currentCreateBaseUrl: (workspaceId) => runtime.currentBaseUrl(workspaceId),
    messagingTarget: (workspaceId) => runtime.messagingTarget(workspaceId),
    observe: (workspaceId) => runtime.exchangeObserver(workspaceId),
    onKeyChanged: (workspaceId) => runtime.keyChanged(workspaceId),
    onBudgetChanged: (workspaceId) => runtime.budgetChanged(workspaceId),
  });
  const runtime = new WorkspaceRuntime({
    settings,
    keychain,
    events,
    localSandbox,
    http,
    // Back online (or the local sandbox came back on another port): the outbox drains, uploads
    // go on, bulk sends waiting for the service go out.
    onOnline: (workspaceId) => {
      void jobs.activate(workspaceId).catch(() => {});
      void uploads.activate(workspaceId).catch(() => {});
      void messaging.resumeWaitingBulks(workspaceId).catch(() => {});
    },
    onActivated: (workspaceId) => {
      void jobs.activate(workspaceId).catch(() => {});
      void uploads.activate(workspaceId).catch(() => {});
      webhooks?.activate(workspaceId);
    },
    onKeyChanged: (workspaceId) => {
      if (workspaceId !== runtime.activeId()) return;
      void jobs.activate(workspaceId).catch(() => {});
      void uploads.activate(workspaceId).catch(() => {});
    },
    log,
  });

  function pendingCounts(workspaceId: string) {
    const open = journal.intents.listOpen(workspaceId);
    return {
      openIntents: open.length,
      pendingIntents: open.filter((intent) => intent.state === 'pending').length,
      uploads: uploads.openCount(workspaceId) + streams.openCount(workspaceId),
    };
  }

  function pendingChanged(workspaceId: string): void {
    events.emit('pending.changed', { workspaceId, pending: pendingCounts(workspaceId) });
  }

  const jobs = new JobsCoordinator({ journal, runtime, http, events, queueChanged: pendingChanged, log });
  const uploads = new UploadsCoordinator({
    journal,
    http,
    events,
    changed: pendingChanged,
    resumedStagedFile: (path) =>
      streams.isStaged(path) ? (done) => void done.finally(() => streams.discard(path)).catch(() => {}) : null,
    log,
  });
  const openUploadFiles = new Set(
    settings.get().workspaces.flatMap((w) => journal.uploads.listOpen(w.id).map((session) => session.filePath)),
  );
  const streams = createStreamedUploads({
    stagingDir: join(userDataDir, 'staging'),
    startUpload: (workspaceId, request, settled) => uploads.start(workspaceId, request, settled),
    changed: pendingChanged,
    stillNeeded: (path) => openUploadFiles.has(path),
  });
  const webhooks: WebhooksEngine | null =
    (options.webhooks === undefined ? createWebhooksEngine : options.webhooks)?.({
      journal,
      keychain,
      workspace: (workspaceId) => runtime.workspace(workspaceId),
      client: (workspaceId) => http.client(workspaceId),
      onVerifiedEvent: (workspaceId, event) => {
        const service = jobs.current();
        if (service?.workspaceId === workspaceId) service.onWebhookEvent(event);
      },
      log,
    }) ?? null;
  // A saved tunnel choice of the active workspace takes effect at once (the same choice changes nothing).
  const stopWatchingTunnel = events.on('workspace.changed', (workspace) => {
    if (workspace.id === runtime.activeId()) webhooks?.activate(workspace.id);
  });

  const messaging = new MessagingCoordinator({ runtime, http, keychain, journal, events });

  const media = createMediaServices({
    cacheDir: join(userDataDir, 'previews'),
    http,
    chooseSavePath: options.chooseSavePath,
  });

  // The editor's services: reads, strips and renders through the workspace's shared client.
  const assetOpener =
    (priority: Priority) =>
    async (workspaceId: string, assetId: number, signal: AbortSignal): Promise<HttpDownload> =>
      (await http.client(workspaceId)).assets.content(assetId, { priority, signal });
  const scopeOf = async (workspaceId: string) => (await http.client(workspaceId)).baseUrl;
  const editorReads = createEditorReads({ clientFor: (workspaceId) => http.client(workspaceId) });
  const strips = createClipStrips({
    cacheDir: join(userDataDir, 'timeline', 'strips'),
    baseUrlOf: scopeOf,
    openContent: assetOpener('background'),
  });
  const renders = createRenderMedia({
    cacheDir: join(userDataDir, 'timeline', 'renders'),
    baseUrlOf: scopeOf,
    openContent: assetOpener('user'),
  });
  const tracker = createEditTracker({
    intent: (intentId) => journal.intents.get(intentId),
    openIntents: (workspaceId) => journal.intents.listOpen(workspaceId),
    cancel: (intentId) => jobs.cancel(intentId),
    emit: (event) => events.emit('timeline.edit', event),
  });
  // The service's answer to an edit comes just before its intent is done: the tracker puts it on the ack.
  const stopHearingAnswers = jobs.onAnswered((answer) => {
    if (answer.kind === 'editor-commands') tracker.onAnswer(answer.intentId, answer.data);
  });
  const stopTrackingEdits = events.on('intent.updated', (update) =>
    tracker.onIntent(update.workspaceId, update.intent),
  );

  // The Jobs screen's: every job.updated heard from the start, and prices read from the service.
  const jobActivity = watchJobActivity(events);
  const jobCosts = createJobCosts({
    call: (work) => runtime.call(work),
    online: (workspaceId) => {
      const connection = runtime.connection();
      return connection.workspaceId === workspaceId && connection.state === 'online';
    },
    log,
  });

  const production = createProductionClient({ clientFor: (workspaceId) => http.client(workspaceId) });
  const mode = options.mode ?? 'browser';

  const mediaCache = createMediaCache({
    root: join(userDataDir, 'media-cache'),
    // Known offline (no sandbox port, no request): the local sandbox by its data, a remote account by its address.
    scopeOf: (workspaceId) => {
      const workspace = runtime.workspace(workspaceId);
      return workspace.kind === 'local' ? `local:${workspace.dataFolder ?? 'default'}` : workspace.createBaseUrl;
    },
    // The user is waiting for a picture: the monitor asks only for the assets around the playhead.
    openContent: async (workspaceId, assetId, range, signal) =>
      (await http.client(workspaceId)).assets.content(assetId, { priority: 'user', signal }, range),
    limitBytes: () => settings.get().preferences.mediaCacheLimitBytes,
    emit: (workspaceId, media) => events.emit('preview.media', { workspaceId, media }),
    log,
  });

  const handlers = checkedHandlers({
    ...workspaceHandlers({
      mode,
      version: options.version ?? '0.0.0',
      settings,
      keychain,
      runtime,
      http,
      firstLaunch,
    }),
    ...serviceHandlers({ runtime }),
    ...workHandlers({ runtime, http, journal, jobs, uploads, streams, pendingCounts }),
    ...mediaHandlers({ mode, runtime, uploads, media }),
    ...jobsHandlers({ runtime, journal, activity: jobActivity, costs: jobCosts }),
    ...settingsHandlers({
      runtime,
      http,
      settings,
      keychain,
      events,
      webhookTunnel: (workspaceId) => webhooks?.status?.(workspaceId) ?? null,
      confirmTunnelCommand: options.confirmTunnelCommand,
    }),
    ...preferencesHandlers({ settings }),
    ...timelineHandlers({ runtime, jobs, reads: editorReads, strips, renders, tracker }),
    ...productionHandlers({
      mode,
      runtime,
      jobs,
      client: production,
      actionKeys: createActionKeys(),
      chooseSavePath: options.chooseSavePath,
    }),
    ...messagingHandlers(messaging),
    ...previewHandlers({ runtime, settings, cache: mediaCache }),
  });

  if (options.tunnelCommand) {
    const active = settings.get().workspaces.find((w) => w.id === settings.get().activeWorkspaceId);
    if (active) settings.saveWorkspace({ ...active, tunnel: { mode: 'command', command: options.tunnelCommand } });
  }

  // Until the user has chosen a workspace nothing starts: the first-launch screen decides.
  if (!firstLaunch.isFirstLaunch()) runtime.start();

  let closing: Promise<void> | null = null;
  return {
    handlers,
    events,
    dispatch: (name, arg) => dispatchRequest(handlers, name, arg, log),
    assetDownloads: media.downloads,
    mediaCache,
    themeBootScript: () => themeBootScript(settings.get().preferences.theme),
    windowState: {
      read: () => settings.get().window,
      save: (state) => {
        try {
          settings.setWindowState(state);
        } catch (err) {
          log(`window state not saved: ${err instanceof Error ? err.message : String(err)}`);
        }
      },
    },
    close() {
      closing ??= (async () => {
        stopWatchingTunnel();
        stopTrackingEdits();
        stopHearingAnswers();
        jobActivity.stop();
        await streams.close();
        await Promise.allSettled([media.close(), strips.close(), Promise.resolve(renders.close())]);
        await mediaCache.close();
        await messaging.close();
        await Promise.allSettled([jobs.close(), uploads.close(), webhooks?.close()]);
        await runtime.close();
        await http.close();
        await localSandbox.stop();
        journal.close();
        profileLock.release();
      })();
      return closing;
    },
  };
}

/**
 * What the local service derives its keys and webhook signing secrets from: made once and kept
 * in the keychain (for the session only where there is none), so its database holds no secret
 * and a restart gives the same keys.
 */
async function localMasterSecret(keychain: Keychain): Promise<string> {
  const name = { kind: 'serviceMasterSecret' } as const;
  const kept = await keychain.readSecretForRequest(LOCAL_WORKSPACE_ID, name);
  if (kept) return kept;
  const made = randomBytes(32).toString('base64url');
  await keychain.store(LOCAL_WORKSPACE_ID, name, made);
  return made;
}

/**
 * The sandbox prints its keys at each start; they go to the keychain, bound to the addresses it
 * answers at this time (written only when the key or its address changed).
 */
async function saveLocalKeys(keychain: Keychain, keys: SandboxKeys, address: SandboxAddress): Promise<void> {
  const save = async (kind: 'createApiKey' | 'messagingApiKey', key: string, baseUrl: string) => {
    const origin = originOf(baseUrl);
    const current = await keychain.readBoundSecret(LOCAL_WORKSPACE_ID, { kind });
    if (current?.secret !== key || current.origin !== origin)
      await keychain.store(LOCAL_WORKSPACE_ID, { kind }, key, { origin });
  };
  await save('createApiKey', keys.apiKey, address.createBaseUrl);
  await save('messagingApiKey', keys.messagingApiKey, address.messagingBaseUrl);
}
