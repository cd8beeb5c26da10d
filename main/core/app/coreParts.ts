// The composition root's steps (createCore.ts runs them in this order). Each step builds
// its parts from those of the steps before it — never from a later one — and registers
// each part, and each subscription it makes between parts, in the core's store as it is
// made, so the store closes them in reverse: subscriptions first, then the parts that
// depend on others, the foundations (journal, profile lock) last.
import { join } from 'node:path';
import type { HttpDownload } from '../api/httpClient.ts';
import { watchJobActivity } from '../jobs/jobActivity.ts';
import { createJobCosts } from '../jobs/jobCosts.ts';
import { JobsCoordinator } from '../jobs/jobsCoordinator.ts';
import { openJournal } from '../journal/journal.ts';
import { FallbackSecretStore } from '../keychain/fallbackSecretStore.ts';
import { Keychain } from '../keychain/keychain.ts';
import { DEFAULT_KEYCHAIN_SERVICE, KeytarSecretStore } from '../keychain/keytarSecretStore.ts';
import type { SecretStore } from '../keychain/secretStore.ts';
import type { DisposableStore } from '../lifecycle/disposableStore.ts';
import { createDomainEvents } from '../lifecycle/domainEvents.ts';
import { createMediaServices, type ChooseSavePath } from '../media/mediaServices.ts';
import { createMediaCache } from '../mediaCache/mediaCache.ts';
import { ActiveMessaging } from '../messaging/activeMessaging.ts';
import { BulkSendRuns } from '../messaging/bulkSendRuns.ts';
import { ContactBook } from '../messaging/contactBook.ts';
import { ContactImporter } from '../messaging/contactImporter.ts';
import { MessageSender } from '../messaging/messageSender.ts';
import { createProductionClient } from '../production/productionClient.ts';
import type { Priority } from '../rate/rateBudget.ts';
import { ConfSettingsBackend } from '../settings/settingsBackend.ts';
import { LOCAL_WORKSPACE_ID } from '../settings/settingsSchema.ts';
import { openSettings } from '../settings/settingsService.ts';
import { createClipStrips } from '../timeline/clipStrips.ts';
import { createEditorReads } from '../timeline/editorReads.ts';
import { createEditTracker } from '../timeline/editTracker.ts';
import { createRenderMedia } from '../timeline/renderMedia.ts';
import { createStreamedUploads } from '../uploads/streamedUploads.ts';
import { UploadsCoordinator } from '../uploads/uploadsCoordinator.ts';
import { createWebhooksEngine } from '../webhooks/webhooksEngine.ts';
import type { WebhooksEngine, WebhooksFactory } from '../webhooks/webhooksEngineContract.ts';
import { firstLaunchMarker } from '../workspace/firstLaunch.ts';
import { localMasterSecret, saveLocalKeys } from '../workspace/localKeys.ts';
import { createLocalSandbox } from '../workspace/localSandbox.ts';
import { WorkspaceAddresses } from '../workspace/workspaceAddresses.ts';
import { WorkspaceHttp } from '../workspace/workspaceHttp.ts';
import { WorkspaceRuntime } from '../workspace/workspaceRuntime.ts';
import { createEventBus } from './eventBus.ts';
import { announcePending, pendingWork } from './pendingWork.ts';

export interface FoundationOptions {
  readonly userDataDir: string;
  readonly secretStore?: SecretStore;
  readonly encryptedSecretStore?: SecretStore | null;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly log: (line: string) => void;
}

/** Settings, keychain, journal and the two emitters: what every later step stands on. */
export function buildFoundations(options: FoundationOptions, store: DisposableStore) {
  const { userDataDir, log } = options;
  const env = options.env ?? {};
  const settings = openSettings(new ConfSettingsBackend({ cwd: userDataDir }));
  if (settings.warning) log(`settings: ${settings.warning.message}`);
  const profile = settings.profile();
  const keychain = new Keychain(
    new FallbackSecretStore(
      options.secretStore ?? new KeytarSecretStore(env.CLIPDESK_KEYCHAIN_SERVICE || DEFAULT_KEYCHAIN_SERVICE),
      { encrypted: options.encryptedSecretStore ?? null, log },
    ),
    {
      // Entries named by this profile's id: another profile of this OS user never reads them.
      profileId: profile.id,
      unscoped: profile.adoptsUnscopedKeychain
        ? {
            workspaceIds: () => settings.get().workspaces.map((w) => w.id),
            adopted: () => settings.markUnscopedKeychainAdopted(),
            log,
          }
        : null,
    },
  );
  const journal = openJournal({ dataDir: userDataDir });
  store.add(() => journal.close(), 'the journal');
  const recovered = journal.recoverAtStartup();
  if (recovered.unknownSubmissions > 0)
    log(`journal: ${recovered.unknownSubmissions} message submissions have an unknown outcome`);
  return {
    userDataDir,
    log,
    settings,
    keychain,
    journal,
    events: createDomainEvents(log),
    bus: createEventBus(log),
    firstLaunch: firstLaunchMarker(userDataDir),
  };
}

export type Foundations = ReturnType<typeof buildFoundations>;

/** The local sandbox, the addresses, the HTTP owner and the runtime, in that order. */
export function buildWorkspace(
  base: Foundations,
  sandbox: {
    readonly sandboxScript: string;
    readonly execPath?: string;
    readonly jobSeconds?: string | undefined;
    readonly transcribeChunkMs?: string | undefined;
  },
  store: DisposableStore,
) {
  const { settings, keychain, events, log } = base;
  const local = settings.get().workspaces.find((w) => w.id === LOCAL_WORKSPACE_ID);
  const localSandbox = createLocalSandbox({
    script: sandbox.sandboxScript,
    execPath: sandbox.execPath,
    dataDir: (local?.kind === 'local' && local.dataFolder) || join(base.userDataDir, 'sandbox'),
    port: local?.kind === 'local' ? local.port : 0,
    extraArgs: [
      ...(sandbox.jobSeconds ? ['--job-seconds', sandbox.jobSeconds] : []),
      ...(sandbox.transcribeChunkMs ? ['--transcribe-chunk-ms', sandbox.transcribeChunkMs] : []),
    ],
    masterSecret: () => localMasterSecret(keychain),
    saveKeys: (keys, address) => saveLocalKeys(keychain, keys, address),
    onUnexpectedExit: (detail) => {
      log(detail);
      events.emit('localSandbox.exited', { detail });
    },
    log,
  });
  store.add(() => localSandbox.stop(), 'the local sandbox');
  const addresses = new WorkspaceAddresses({ settings, localSandbox, events });
  const http = new WorkspaceHttp({ keychain, addresses, events });
  store.add(() => http.close(), 'the workspaces’ HTTP clients');
  const runtime = new WorkspaceRuntime({ settings, keychain, events, addresses, http, log });
  store.add(() => runtime.close(), 'the workspace runtime');
  store.add(events.on('workspace.answered', ({ workspaceId, exchange }) => runtime.answered(workspaceId, exchange)));
  store.add(events.on('workspace.keyChanged', ({ workspaceId }) => runtime.keyChanged(workspaceId)));
  // A key the app would not send (checked against another address, or gone): the same one prompt
  // as a key the service refused, whichever part met it.
  store.add(
    events.on('workspace.keyUnusable', ({ workspaceId, error }) => runtime.keyProblems.report(workspaceId, error)),
  );
  store.add(events.on('workspace.budgetChanged', ({ workspaceId }) => runtime.budgetChanged(workspaceId)));
  store.add(events.on('localSandbox.starting', () => runtime.sandboxStarting()));
  store.add(events.on('localSandbox.exited', ({ detail }) => runtime.sandboxStopped(detail)));
  return { localSandbox, addresses, http, runtime };
}

export type WorkspaceParts = ReturnType<typeof buildWorkspace>;

/** Paid work and files of the active workspace: the jobs service, the uploader, the page's streams. */
export function buildWork(base: Foundations, workspace: WorkspaceParts, store: DisposableStore) {
  const { journal, events, settings, log } = base;
  const { http, runtime } = workspace;
  const jobs = new JobsCoordinator({ journal, http, events, log });
  store.add(() => jobs.close(), 'the jobs service');
  store.add(
    events.on('jobs.connection', ({ workspaceId, state, error }) => runtime.noteConnection(workspaceId, state, error)),
  );
  // Paid work that ended may have changed the wallet.
  store.add(
    events.on('job.updated', (job) => {
      if (job.terminal) void runtime.refreshWallet(job.workspaceId).catch(() => {});
    }),
  );

  const uploads = new UploadsCoordinator({ journal, http, events, log });
  store.add(() => uploads.close(), 'the uploader');
  const openUploadFiles = new Set(
    settings.get().workspaces.flatMap((w) => journal.uploads.listOpen(w.id).map((session) => session.filePath)),
  );
  const streams = createStreamedUploads({
    stagingDir: join(base.userDataDir, 'staging'),
    startUpload: (workspaceId, request) => uploads.start(workspaceId, request),
    events,
    stillNeeded: (path) => openUploadFiles.has(path),
  });
  store.add(() => streams.close(), 'the page’s file streams');
  // A file staged from the page is deleted once its upload is over (also one resumed after a restart).
  store.add(
    events.on('upload.settled', ({ filePath }) => {
      if (streams.isStaged(filePath)) void streams.discard(filePath).catch(() => {});
    }),
  );
  const pendingCounts = pendingWork({ journal, uploads, streams });
  store.add(announcePending(events, pendingCounts));

  // Back online, another workspace active, or a new key: the outbox drains, uploads go on.
  const activate = (workspaceId: string) => {
    void jobs.activate(workspaceId).catch(() => {});
    void uploads.activate(workspaceId).catch(() => {});
  };
  store.add(events.on('workspace.online', ({ workspaceId }) => activate(workspaceId)));
  store.add(events.on('workspace.activated', ({ workspaceId }) => activate(workspaceId)));
  store.add(
    events.on('workspace.keyChanged', ({ workspaceId }) => {
      if (workspaceId === runtime.activeId()) activate(workspaceId);
    }),
  );
  return { jobs, uploads, streams, pendingCounts };
}

export type WorkParts = ReturnType<typeof buildWork>;

/** The active workspace's webhook receiver and tunnel (null: jobs are only polled). */
export function buildWebhooks(
  base: Foundations,
  workspace: WorkspaceParts,
  work: WorkParts,
  factory: WebhooksFactory | null | undefined,
  store: DisposableStore,
): WebhooksEngine | null {
  const { journal, keychain, events, log } = base;
  const { addresses, http, runtime } = workspace;
  store.add(events.on('webhook.verified', ({ workspaceId, event }) => work.jobs.webhookEvent(workspaceId, event)));
  const webhooks =
    (factory === undefined ? createWebhooksEngine : factory)?.({
      journal,
      keychain,
      workspace: (workspaceId) => addresses.workspace(workspaceId),
      client: (workspaceId) => http.client(workspaceId),
      onVerifiedEvent: (workspaceId, event) => events.emit('webhook.verified', { workspaceId, event }),
      log,
    }) ?? null;
  if (!webhooks) return null;
  store.add(() => webhooks.close(), 'the webhooks');
  store.add(events.on('workspace.activated', ({ workspaceId }) => webhooks.activate(workspaceId)));
  // A saved tunnel choice of the active workspace takes effect at once (the same choice changes nothing).
  store.add(
    events.on('workspace.changed', (view) => {
      if (view.id === runtime.activeId()) webhooks.activate(view.id);
    }),
  );
  return webhooks;
}

/** The Messaging screen's parts: the contact book, imports, single sends and bulk sends. */
export function buildMessaging(base: Foundations, workspace: WorkspaceParts, store: DisposableStore) {
  const { journal, keychain, events } = base;
  const active = new ActiveMessaging({ runtime: workspace.runtime, http: workspace.http, keychain, journal, events });
  const book = new ContactBook(active);
  const importer = new ContactImporter(active);
  store.add(() => importer.close(), 'contact imports');
  const sender = new MessageSender(active);
  store.add(() => sender.close(), 'message sends');
  const bulks = new BulkSendRuns(active);
  store.add(() => bulks.close(), 'bulk sends');
  // Registered after the parts, so it is closed before them: no new request goes out while they stop.
  store.add(() => active.close(), 'messaging requests');
  // Bulk sends waiting for the service go out when it answers again.
  store.add(
    events.on('workspace.online', ({ workspaceId }) => void bulks.resumeWaitingBulks(workspaceId).catch(() => {})),
  );
  return { book, importer, sender, bulks };
}

/** The Media screen's and the editor's parts, reading through the workspace's shared client. */
export function buildEditor(
  base: Foundations,
  workspace: WorkspaceParts,
  work: WorkParts,
  chooseSavePath: ChooseSavePath | undefined,
  store: DisposableStore,
) {
  const { journal, events, settings, userDataDir, log } = base;
  const { http, addresses } = workspace;
  const media = createMediaServices({ cacheDir: join(userDataDir, 'previews'), http, chooseSavePath });
  store.add(() => media.close(), 'media previews');
  const assetOpener =
    (priority: Priority) =>
    async (workspaceId: string, assetId: number, signal: AbortSignal): Promise<HttpDownload> =>
      (await http.client(workspaceId)).assets.content(assetId, { priority, signal });
  const scopeOf = async (workspaceId: string) => (await http.client(workspaceId)).baseUrl;
  const reads = createEditorReads({ clientFor: (workspaceId) => http.client(workspaceId) });
  const strips = createClipStrips({
    cacheDir: join(userDataDir, 'timeline', 'strips'),
    baseUrlOf: scopeOf,
    openContent: assetOpener('background'),
  });
  store.add(() => strips.close(), 'clip strips');
  const renders = createRenderMedia({
    cacheDir: join(userDataDir, 'timeline', 'renders'),
    baseUrlOf: scopeOf,
    openContent: assetOpener('user'),
  });
  store.add(() => renders.close(), 'timeline renders');
  const tracker = createEditTracker({
    intent: (intentId) => journal.intents.get(intentId),
    openIntents: (workspaceId) => journal.intents.listOpen(workspaceId),
    cancel: (intentId) => work.jobs.cancel(intentId),
    emit: (event) => events.emit('timeline.edit', event),
  });
  store.add(
    events.on('intent.updated', ({ workspaceId, intent, answer }) => tracker.onIntent(workspaceId, intent, answer)),
  );
  const production = createProductionClient({ clientFor: (workspaceId) => http.client(workspaceId) });
  const mediaCache = createMediaCache({
    root: join(userDataDir, 'media-cache'),
    // Known offline (no sandbox port, no request): the local sandbox by its data, a remote account by its address.
    scopeOf: (workspaceId) => {
      const found = addresses.workspace(workspaceId);
      return found.kind === 'local' ? `local:${found.dataFolder ?? 'default'}` : found.createBaseUrl;
    },
    // The user is waiting for a picture: the monitor asks only for the assets around the playhead.
    openContent: async (workspaceId, assetId, range, signal) =>
      (await http.client(workspaceId)).assets.content(assetId, { priority: 'user', signal }, range),
    limitBytes: () => settings.get().preferences.mediaCacheLimitBytes,
    emit: (workspaceId, cached) => events.emit('preview.media', { workspaceId, media: cached }),
    log,
  });
  store.add(() => mediaCache.close(), 'the media cache');
  return { media, production, mediaCache, timeline: { reads, strips, renders, tracker } };
}

/** The Jobs screen's: every job.updated heard from the start, and prices read from the service. */
export function buildJobsScreen(base: Foundations, workspace: WorkspaceParts, store: DisposableStore) {
  const { runtime } = workspace;
  const activity = watchJobActivity(base.events);
  store.add(() => activity.stop(), 'the jobs activity');
  const costs = createJobCosts({
    call: (work) => runtime.call(work),
    online: (workspaceId) => {
      const connection = runtime.connection();
      return connection.workspaceId === workspaceId && connection.state === 'online';
    },
    log: base.log,
  });
  return { activity, costs };
}
