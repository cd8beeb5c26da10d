// What main shows the renderer of its own state (workspaces, keys, the journal, the
// status bar). Plain data, never a secret: a key is "present, ending …abcd, expires on …".
// The service's own resources (Project, Asset, …) cross as shared/api/createTypes.ts reads them.
import { z } from 'zod';
import { AppErrorSchema } from './appErrorSchema.ts';
import { RateBudgetSnapshotSchema } from './api/rateBudgetSnapshot.ts';

/** What may be shown of a key kept in the keychain. */
export const KeyStatusSchema = z.object({
  present: z.boolean(),
  lastFour: z.string().nullable(),
  /** ISO 8601; null when it does not expire or the expiry is not known. */
  expiresAt: z.string().nullable(),
});
export type KeyStatus = z.infer<typeof KeyStatusSchema>;

export const WorkspaceKeysSchema = z.object({ create: KeyStatusSchema, messaging: KeyStatusSchema });
export type WorkspaceKeys = z.infer<typeof WorkspaceKeysSchema>;

export const WorkspaceViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** local: the bundled sandbox on this computer; remote: an account on a service. */
  kind: z.enum(['local', 'remote']),
  /** For the local workspace: the running sandbox's address, null while it is not running. */
  createBaseUrl: z.string().nullable(),
  messagingBaseUrl: z.string().nullable(),
  active: z.boolean(),
  keys: WorkspaceKeysSchema,
});
export type WorkspaceView = z.infer<typeof WorkspaceViewSchema>;

export const CONNECTION_STATES = ['starting', 'online', 'offline'] as const;
export type ConnectionStateName = (typeof CONNECTION_STATES)[number];

export const ConnectionStateSchema = z.object({
  workspaceId: z.string(),
  /** starting: the local sandbox is starting · online: the service answers · offline: it cannot be reached. */
  state: z.enum(CONNECTION_STATES),
  /** Epoch ms of the last change. */
  since: z.number(),
  /** Why it is offline, when known. */
  error: AppErrorSchema.nullable(),
});
export type ConnectionState = z.infer<typeof ConnectionStateSchema>;

/** What the first-launch screen and the shell need before anything else. */
export const AppStateSchema = z.object({
  /** True until the user has chosen a workspace once (the first-launch screen shows until then). */
  firstLaunch: z.boolean(),
  /** electron: the desktop app · browser: browser mode (npm run start:browser). */
  mode: z.enum(['electron', 'browser']),
  version: z.string(),
  activeWorkspace: WorkspaceViewSchema,
  /** A warning from opening the settings (a damaged file was moved aside), for a toast. */
  settingsWarning: z.string().nullable(),
});
export type AppState = z.infer<typeof AppStateSchema>;

/** A job the app follows, as last seen. */
export const TrackedJobViewSchema = z.object({
  workspaceId: z.string(),
  kind: z.string(),
  jobId: z.string(),
  state: z.string(),
  lastSeenAt: z.number(),
  webhookFinished: z.boolean(),
});
export type TrackedJobView = z.infer<typeof TrackedJobViewSchema>;

export const PendingCountsSchema = z.object({
  /** Intents not answered for good yet (pending, sent, accepted). */
  openIntents: z.number().int().nonnegative(),
  /** Of those, the ones not sent yet: they wait for the service. */
  pendingIntents: z.number().int().nonnegative(),
  /** Uploads not finished (including files still being streamed in from the page). */
  uploads: z.number().int().nonnegative(),
});
export type PendingCounts = z.infer<typeof PendingCountsSchema>;

/** Everything the status bar shows. */
export const StatusViewSchema = z.object({
  workspace: WorkspaceViewSchema,
  connection: ConnectionStateSchema,
  budget: RateBudgetSnapshotSchema.nullable(),
  /** The account's wallet, USD, as last read; null until read. */
  walletUsd: z.number().nullable(),
  pending: PendingCountsSchema,
});
export type StatusView = z.infer<typeof StatusViewSchema>;

/** GET /me as the app shows it: who, which account and wallet, which key (its last four only). */
export const AccountViewSchema = z.object({
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  accountName: z.string().nullable(),
  walletUsd: z.number().nullable(),
  key: KeyStatusSchema,
});
export type AccountView = z.infer<typeof AccountViewSchema>;
