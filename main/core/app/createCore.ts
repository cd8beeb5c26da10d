// The composition root (DESIGN.md "One lifecycle"): builds each long-lived core part once,
// in dependency order, and registers it — and every subscription between parts — in one
// DisposableStore as it is made; close() disposes the store, in reverse. Parts announce facts
// on one typed emitter (lifecycle/domainEvents.ts) and never name a part built after them;
// the page's bus only bridges the contract's events. The transports (the Electron shell,
// browser mode) get one object: `handlers` for every request of the contract (each
// validates its argument), the page's events, and close(). Plain Node: tests and browser
// mode run it as it is.
import { resolve } from 'node:path';
import type { IpcReply } from '../../../shared/ipc.ts';
import type { AssetDownloads } from '../media/assetDownloads.ts';
import type { ChooseSavePath } from '../media/mediaServices.ts';
import type { MediaCache } from '../mediaCache/mediaCache.ts';
import type { SecretStore } from '../keychain/secretStore.ts';
import { DisposableStore } from '../lifecycle/disposableStore.ts';
import type { WindowState } from '../settings/settingsSchema.ts';
import type { ConfirmTunnelCommand } from '../webhooks/tunnelConfirmation.ts';
import type { WebhooksFactory } from '../webhooks/webhooksEngineContract.ts';
import {
  buildEditor,
  buildFoundations,
  buildJobsScreen,
  buildMessaging,
  buildWebhooks,
  buildWork,
  buildWorkspace,
} from './coreParts.ts';
import { checkedHandlers, dispatchRequest, type CheckedHandlers } from './dispatch.ts';
import { bridgeToPage, type EventBus } from './eventBus.ts';
import { createApiReadHandlers } from './createApiReadHandlers.ts';
import { jobsHandlers } from './jobsHandlers.ts';
import { mediaHandlers } from './mediaHandlers.ts';
import { messagingHandlers } from './messagingHandlers.ts';
import { preferencesHandlers } from './preferencesHandlers.ts';
import { previewHandlers } from './previewHandlers.ts';
import { productionHandlers } from './productionHandlers.ts';
import { lockProfile, type ProfileLock } from './profileLock.ts';
import { settingsHandlers } from './settingsHandlers.ts';
import { submitAndUploadHandlers } from './submitAndUploadHandlers.ts';
import { themeBootScript } from './themeBoot.ts';
import { timelineHandlers } from './timelineHandlers.ts';
import { workspaceHandlers } from './workspaceHandlers.ts';
import { createActionKeys } from '../production/actionKeys.ts';

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
   * CLIPDESK_SANDBOX_JOB_SECONDS (how long the local sandbox's jobs take),
   * CLIPDESK_SANDBOX_TRANSCRIBE_CHUNK_MS (the chunk length of its long transcriptions; tests make it short).
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly mode?: 'electron' | 'browser';
  readonly version?: string;
  /** sandbox/main.ts; by default found beside main/ in this checkout. */
  readonly sandboxScript?: string;
  /** The program that runs the sandbox (node, or Electron as Node); by default this process's. */
  readonly execPath?: string;
  /** The webhook receiver and tunnel (webhooksEngineContract.ts; webhooksEngine.ts by default); null: jobs are only polled. */
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
  /** Listeners still subscribed to the core's emitters, and parts not closed: all 0 after close() (a leak check). */
  openCounts(): { domainListeners: number; pageListeners: number; parts: number };
  /** Disposes every part and subscription, in reverse order of making; a part that fails to close is logged. */
  close(): Promise<void>;
}

const DEFAULT_SANDBOX_SCRIPT = resolve(import.meta.dirname, '../../../sandbox/main.ts');

export function createCore(options: CoreOptions): Core {
  const userDataDir = resolve(options.userDataDir);
  // First: a second app on this profile must not touch the first one's journal (profile.in_use).
  const profileLock = options.profileLock ?? lockProfile(userDataDir);
  const store = new DisposableStore();
  store.add(() => profileLock.release(), 'the profile lock');
  try {
    return build(options, userDataDir, store);
  } catch (err) {
    // What was made is closed again; the lock (synchronous, made first) is free when this throws.
    void store.dispose().catch(() => {});
    throw err;
  }
}

function build(options: CoreOptions, userDataDir: string, store: DisposableStore): Core {
  const log = options.log ?? (() => {});
  const mode = options.mode ?? 'browser';
  const base = buildFoundations({ ...options, userDataDir, log }, store);
  const { settings, keychain, journal, events, bus, firstLaunch } = base;
  const workspace = buildWorkspace(
    base,
    {
      sandboxScript: options.sandboxScript ?? DEFAULT_SANDBOX_SCRIPT,
      execPath: options.execPath,
      jobSeconds: options.env?.CLIPDESK_SANDBOX_JOB_SECONDS,
      transcribeChunkMs: options.env?.CLIPDESK_SANDBOX_TRANSCRIBE_CHUNK_MS,
    },
    store,
  );
  const { runtime, http, localSandbox } = workspace;
  const work = buildWork(base, workspace, store);
  const webhooks = buildWebhooks(base, workspace, work, options.webhooks, store);
  const messaging = buildMessaging(base, workspace, store);
  const editor = buildEditor(base, workspace, work, options.chooseSavePath, store);
  const jobsScreen = buildJobsScreen(base, workspace, store);
  // Last, so every core part hears an event before the page does.
  bridgeToPage(events, bus, store);

  const handlers = checkedHandlers({
    ...workspaceHandlers({
      mode,
      version: options.version ?? '0.0.0',
      settings,
      keychain,
      runtime,
      http,
      localSandbox,
      firstLaunch,
    }),
    ...createApiReadHandlers({ runtime }),
    ...submitAndUploadHandlers({ runtime, http, journal, ...work }),
    ...mediaHandlers({ mode, runtime, uploads: work.uploads, media: editor.media }),
    ...jobsHandlers({ runtime, journal, ...jobsScreen }),
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
    ...timelineHandlers({ runtime, jobs: work.jobs, undoStacks: journal.undoStacks, ...editor.timeline }),
    ...productionHandlers({
      mode,
      runtime,
      jobs: work.jobs,
      client: editor.production,
      actionKeys: createActionKeys(),
      chooseSavePath: options.chooseSavePath,
    }),
    ...messagingHandlers(messaging),
    ...previewHandlers({ runtime, settings, cache: editor.mediaCache }),
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
    events: bus,
    dispatch: (name, arg) => dispatchRequest(handlers, name, arg, log),
    assetDownloads: editor.media.downloads,
    mediaCache: editor.mediaCache,
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
    openCounts: () => ({
      domainListeners: events.listenerCount(),
      pageListeners: bus.listenerCount(),
      parts: store.size,
    }),
    close() {
      closing ??= store.dispose().catch((err: unknown) => log(err instanceof Error ? err.message : String(err)));
      return closing;
    },
  };
}
