// The contract between the renderer and main (DESIGN.md "One contract, two transports"):
// every request (name → zod argument schema → result type) and every event (name → zod
// payload schema). The Electron shell binds it to ipcMain.handle / webContents.send,
// browser mode to a WebSocket; main validates every argument with these schemas, because
// the renderer is never trusted. Errors cross as plain AppError objects. No result and no
// event carries a secret: only the arguments that hand a new key to main do.
import { z } from 'zod';
import type { AppError } from './appError.ts';
import {
  ExportInputSchema,
  GenerationInputSchema,
  MODEL_KIND_QUERIES,
  type Asset,
  type Export,
  type Generation,
  type Model,
  type Page,
  type Project,
} from './api/createTypes.ts';
import {
  IntentUpdatedEventSchema,
  JobUpdatedEventSchema,
  QueueChangedEventSchema,
  type IntentSummary,
} from './api/jobEvents.ts';
import { RateBudgetSnapshotSchema } from './api/rateBudgetSnapshot.ts';
import {
  apiKey,
  baseUrl,
  id,
  none,
  pageQuery,
  request,
  workspaceId,
  workspaceName,
  type RequestSpec,
} from './ipc/contractParts.ts';
import { MEDIA_REQUESTS } from './ipc/media.ts';
import { JOBS_EVENTS, JOBS_REQUESTS } from './ipc/jobs.ts';
import { SETTINGS_EVENTS, SETTINGS_REQUESTS } from './ipc/settings.ts';
import { PREFERENCES_REQUESTS } from './ipc/preferences.ts';
import { TIMELINE_EVENTS, TIMELINE_REQUESTS } from './ipc/timeline.ts';
import { PRODUCTION_EVENTS, PRODUCTION_REQUESTS } from './ipc/production.ts';
import { PREVIEW_EVENTS, PREVIEW_REQUESTS } from './ipc/preview.ts';
import { UPLOAD_EVENTS, UploadRequestSchema } from './api/uploads.ts';
import { CREATE_LIMITS, STREAM_CHUNK_MAX_BYTES, UPLOAD_LIMITS } from './limits.ts';
import { MESSAGING_EVENTS, MESSAGING_REQUESTS } from './ipc/messaging.ts';
import {
  ConnectionStateSchema,
  PendingCountsSchema,
  WorkspaceViewSchema,
  type AccountView,
  type AppState,
  type KeyStatus,
  type StatusView,
  type TrackedJobView,
  type WorkspaceKeys,
  type WorkspaceView,
} from './ipcViews.ts';
import { atMostCharacters } from './textRules.ts';

/** A project's name, counted in characters as the limit says (projects.create and projects.rename). */
const projectName = z
  .string()
  .trim()
  .min(CREATE_LIMITS.projectName.min, 'give the project a name')
  .refine(
    atMostCharacters(CREATE_LIMITS.projectName.max),
    `a project name is at most ${CREATE_LIMITS.projectName.max} characters`,
  );
const keyKind = z.enum(['create', 'messaging']);

export const AddRemoteWorkspaceSchema = z.strictObject({
  name: workspaceName,
  createBaseUrl: baseUrl,
  /** Where the Messaging API lives; needed with messagingApiKey. */
  messagingBaseUrl: baseUrl.optional(),
  apiKey,
  messagingApiKey: apiKey.optional(),
});
export type AddRemoteWorkspace = z.infer<typeof AddRemoteWorkspaceSchema>;

export const REQUESTS = {
  /** What the shell needs first: first launch or not, the active workspace. */
  'app.state': request<AppState>()(none),

  'workspaces.list': request<WorkspaceView[]>()(none),
  'workspaces.current': request<WorkspaceView>()(none),
  /** Chooses the bundled local sandbox (first launch, or back from a remote account); it works at once. */
  'workspaces.useLocal': request<WorkspaceView>()(none),
  /** Checks the key with GET /me before anything is saved; a refused key saves nothing. */
  'workspaces.addRemote': request<WorkspaceView>()(AddRemoteWorkspaceSchema),
  'workspaces.switch': request<WorkspaceView>()(z.strictObject({ workspaceId })),
  'workspaces.keyStatus': request<WorkspaceKeys>()(z.strictObject({ workspaceId })),
  'workspaces.forgetKey': request<KeyStatus>()(z.strictObject({ workspaceId, which: keyKind })),
  /** A new Create API key is checked with GET /me before it replaces the old one. */
  'workspaces.replaceKey': request<KeyStatus>()(z.strictObject({ workspaceId, which: keyKind, apiKey })),
  /**
   * The local workspace makes itself a working key again: its service is restarted and
   * provisions the app's key from the master secret the app keeps, for the address it answers at.
   */
  'workspaces.repairLocalKey': request<WorkspaceView>()(none),

  /** GET /me of the active workspace: who, which account, the wallet. */
  'account.me': request<AccountView>()(none),

  'projects.list': request<Page<Project>>()(z.strictObject(pageQuery)),
  'projects.create': request<Project>()(
    z.strictObject({
      name: projectName,
      aspectRatio: z.string().regex(/^[1-9]\d{0,2}:[1-9]\d{0,2}$/, 'must look like "16:9"'),
      /** A reframed copy: the new project holds this one's timeline, its media attached. */
      fromProjectId: id.optional(),
    }),
  ),
  'projects.get': request<Project>()(z.strictObject({ id })),
  /** A stale revision fails with AppError revision.conflict whose details.current is the project as it is now. */
  /** The project's own shape; a stale revision fails as projects.rename does (details.current). */
  'projects.reshape': request<Project>()(
    z.strictObject({
      id,
      aspectRatio: z.string().regex(/^[1-9]\d{0,2}:[1-9]\d{0,2}$/, 'must look like "16:9"'),
      /** The updatedAt the user last saw. */
      revision: z.string().min(1, 'send the updatedAt read last').max(64),
    }),
  ),
  'projects.rename': request<Project>()(
    z.strictObject({
      id,
      name: projectName,
      /** The updatedAt the user last saw. */
      revision: z.string().min(1, 'send the updatedAt read last').max(64),
    }),
  ),

  'models.list': request<Model[]>()(z.strictObject({ kind: z.enum(MODEL_KIND_QUERIES).optional() })),

  'assets.list': request<Page<Asset>>()(
    z.strictObject({ ...pageQuery, projectId: id.optional(), brandId: id.optional() }),
  ),
  'assets.get': request<Asset>()(z.strictObject({ id })),
  /** Upload a file main can read (Electron: a path from a dialog or a drop). Progress comes as upload.* events. */
  'assets.upload': request<{ uploadId: string }>()(UploadRequestSchema),
  /**
   * A file that exists only in the page (a drop in browser mode) is streamed to main:
   * streamBegin, then streamChunk in order, then streamEnd (which starts the upload), or streamAbort.
   */
  'assets.streamBegin': request<{ streamId: string }>()(
    z
      .strictObject({
        filename: z.string().min(1, 'give the file name').max(255, 'a file name is at most 255 characters'),
        sizeBytes: z
          .int()
          .min(1, 'the file is empty')
          .max(UPLOAD_LIMITS.resumableMaxBytes, 'the file is larger than 2 GiB'),
        projectId: id.optional(),
        brandId: id.optional(),
      })
      .refine((r) => (r.projectId === undefined) !== (r.brandId === undefined), {
        message: 'Give projectId or brandId, not both.',
        path: ['projectId'],
      }),
  ),
  'assets.streamChunk': request<{ receivedBytes: number }>()(
    z.strictObject({
      streamId: z.string().min(1).max(100),
      /** Where this chunk starts: the bytes received so far. */
      offset: z.int().min(0),
      /** The chunk, base64 (JSON carries it on both transports). */
      data: z
        .base64('must be base64')
        .max(Math.ceil(STREAM_CHUNK_MAX_BYTES / 3) * 4, `a chunk is at most ${STREAM_CHUNK_MAX_BYTES} bytes`),
    }),
  ),
  'assets.streamEnd': request<{ uploadId: string }>()(z.strictObject({ streamId: z.string().min(1).max(100) })),
  'assets.streamAbort': request<{ aborted: boolean }>()(z.strictObject({ streamId: z.string().min(1).max(100) })),

  /** Journals the intent (with its idempotency key) before anything is sent; the outbox sends it, now or when the service answers. */
  'generations.submit': request<IntentSummary>()(z.strictObject({ input: GenerationInputSchema })),
  'generations.list': request<Page<Generation>>()(z.strictObject({ ...pageQuery, projectId: id.optional() })),
  'generations.get': request<Generation>()(z.strictObject({ id })),

  /** The open intents (oldest first: the order they are sent in) and the jobs still followed. */
  'jobs.list': request<{ intents: IntentSummary[]; jobs: TrackedJobView[] }>()(none),
  /** Only an intent not sent yet can be cancelled; false when sending has begun or it already ended. */
  'jobs.cancelIntent': request<{ cancelled: boolean }>()(z.strictObject({ intentId: z.string().min(1).max(100) })),
  /**
   * Asks the service to cancel a running job of the active workspace, where it offers a
   * cancel (transcriptions, reviews, finishes, speech edits, batches): it stops and refunds
   * it. False when it had already ended; refused for a kind the service cannot cancel.
   */
  'jobs.cancelJob': request<{ cancelled: boolean }>()(
    z.strictObject({ kind: z.string().min(1).max(40), jobId: z.string().min(1).max(64) }),
  ),

  'exports.list': request<Page<Export>>()(z.strictObject({ ...pageQuery, projectId: id.optional() })),
  'exports.get': request<Export>()(z.strictObject({ id })),
  /** Like generations.submit: journaled first, sent by the outbox (a clip list: at most 80 clips and 30 minutes). */
  'exports.submit': request<IntentSummary>()(z.strictObject({ input: ExportInputSchema })),

  /** Everything the status bar shows. */
  'status.get': request<StatusView>()(none),
  ...MEDIA_REQUESTS,
  ...MESSAGING_REQUESTS,
  ...JOBS_REQUESTS,
  ...SETTINGS_REQUESTS,
  ...PREFERENCES_REQUESTS,
  ...TIMELINE_REQUESTS,
  ...PRODUCTION_REQUESTS,
  ...PREVIEW_REQUESTS,
} as const;

export const EVENTS = {
  'workspace.changed': WorkspaceViewSchema,
  'connection.changed': ConnectionStateSchema,
  'budget.changed': z.object({ workspaceId: z.string(), budget: RateBudgetSnapshotSchema }),
  'wallet.changed': z.object({ workspaceId: z.string(), walletUsd: z.number().nullable() }),
  /** What the status bar counts as pending: open intents and uploads under way. */
  'pending.changed': z.object({ workspaceId: z.string(), pending: PendingCountsSchema }),
  /** From the jobs service (main/core/jobs), as it sends them. */
  'job.updated': JobUpdatedEventSchema,
  'queue.changed': QueueChangedEventSchema,
  'intent.updated': IntentUpdatedEventSchema,
  ...UPLOAD_EVENTS,
  ...MESSAGING_EVENTS,
  ...JOBS_EVENTS,
  ...SETTINGS_EVENTS,
  ...TIMELINE_EVENTS,
  ...PRODUCTION_EVENTS,
  ...PREVIEW_EVENTS,
} as const;

export type Requests = typeof REQUESTS;
export type RequestName = keyof Requests;
export type RequestArgSchema<N extends RequestName> = Requests[N]['arg'];
/** What the renderer passes. */
export type RequestArg<N extends RequestName> = z.input<RequestArgSchema<N>>;
/** What main's handler receives, after validation. */
export type ValidRequestArg<N extends RequestName> = z.output<RequestArgSchema<N>>;
export type RequestResult<N extends RequestName> =
  Requests[N] extends RequestSpec<z.ZodType, infer Result> ? Result : never;

export type Events = typeof EVENTS;
export type EventName = keyof Events;
export type EventPayload<N extends EventName> = z.infer<Events[N]>;

// The names alone (no zod), for the preload and the renderer: see ipcNames.ts.
export { EVENT_NAMES, REQUEST_NAMES, eventChannel, isEventName, isRequestName, requestChannel } from './ipcNames.ts';

/** A request without an argument may be invoked with none. */
export type InvokeArgs<N extends RequestName> =
  undefined extends RequestArg<N> ? [arg?: RequestArg<N>] : [arg: RequestArg<N>];

/** window.clipdesk: exactly the contract. invoke rejects with a plain AppError. */
export interface ClipdeskApi {
  invoke<N extends RequestName>(name: N, ...args: InvokeArgs<N>): Promise<RequestResult<N>>;
  /** Returns the unsubscribe function. */
  on<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void;
}

/** Main's side: one handler per request, given the validated argument. */
export type ContractHandlers = {
  [N in RequestName]: (arg: ValidRequestArg<N>) => Promise<RequestResult<N>>;
};

/** What a request answers on the wire: the result, or the AppError (never a thrown Error, which would lose its fields). */
export type IpcReply<Result = unknown> = { ok: true; value: Result } | { ok: false; error: AppError };
