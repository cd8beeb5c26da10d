// The contract's names, and nothing else: what the preload and the renderer's socket client
// check a name against before they send it. Kept apart from shared/ipc.ts so that neither
// carries zod and the contract's schemas (the preload only forwards; main validates every
// argument). tsc checks both ways that these lists are exactly the names in ipc.ts: a request
// or event added there fails to compile until it is named here too.
import type { EventName, RequestName } from './ipc.ts';

export const REQUEST_NAMES = [
  'app.state',
  'workspaces.list',
  'workspaces.current',
  'workspaces.useLocal',
  'workspaces.addRemote',
  'workspaces.switch',
  'workspaces.keyStatus',
  'workspaces.forgetKey',
  'workspaces.replaceKey',
  'workspaces.repairLocalKey',
  'account.me',
  'projects.list',
  'projects.create',
  'projects.get',
  'projects.rename',
  'models.list',
  'assets.list',
  'assets.get',
  'assets.upload',
  'assets.streamBegin',
  'assets.streamChunk',
  'assets.streamEnd',
  'assets.streamAbort',
  'generations.submit',
  'generations.list',
  'generations.get',
  'jobs.list',
  'jobs.cancelIntent',
  'jobs.cancelJob',
  'exports.list',
  'exports.get',
  'exports.submit',
  'status.get',
  'media.brands',
  'media.brandAssets',
  'media.attachments',
  'media.attach',
  'media.preview',
  'media.download',
  'media.links',
  'media.createLink',
  'media.revokeLink',
  'uploads.list',
  'uploads.pause',
  'uploads.resume',
  'uploads.cancel',
  'messaging.settings',
  'messaging.addContact',
  'messaging.contacts',
  'messaging.groups',
  'messaging.importBegin',
  'messaging.importAppend',
  'messaging.importStart',
  'messaging.importStop',
  'messaging.imports',
  'messaging.importRows',
  'messaging.createEvent',
  'messaging.mmsBegin',
  'messaging.mmsChunk',
  'messaging.mmsDiscard',
  'messaging.send',
  'messaging.bulkBegin',
  'messaging.bulkAppend',
  'messaging.bulkStart',
  'messaging.bulks',
  'messaging.bulkResume',
  'messaging.bulkResend',
  'messaging.bulkAbandon',
  'messaging.messages',
  'jobs.overview',
  'settings.workspace',
  'settings.updateWorkspace',
  'keys.problems',
  'preferences.get',
  'preferences.update',
  'preferences.place',
  'preferences.updatePlace',
  'timeline.catalog',
  'timeline.get',
  'timeline.apply',
  'timeline.dismissEdits',
  'timeline.render',
  'timeline.reframe',
  'timeline.revisions',
  'timeline.revision',
  'timeline.strip',
  'timeline.mediaChunk',
  'transcriptions.submit',
  'transcriptions.list',
  'transcriptions.get',
  'transcriptions.captionFile',
  'speech.submit',
  'speech.list',
  'speech.get',
  'reviews.submit',
  'reviews.list',
  'reviews.get',
  'finishes.submit',
  'finishes.list',
  'finishes.get',
  'templates.list',
  'templates.get',
  'templates.publish',
  'templates.variants',
  'batches.submit',
  'batches.get',
  'preview.media',
  'preview.cacheUsage',
  'preview.setCacheLimit',
  'preview.clearCache',
] as const satisfies readonly RequestName[];

export const EVENT_NAMES = [
  'workspace.changed',
  'connection.changed',
  'budget.changed',
  'wallet.changed',
  'pending.changed',
  'job.updated',
  'queue.changed',
  'intent.updated',
  'upload.progress',
  'upload.finished',
  'upload.failed',
  'bulk.progress',
  'import.progress',
  'key.problem',
  'timeline.edit',
  'preview.media',
] as const satisfies readonly EventName[];

/** `true` only when no name of `All` is missing from `Listed`: the other way round from `satisfies`. */
type ListsAll<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;
export const LISTS_EVERY_NAME: ListsAll<RequestName, (typeof REQUEST_NAMES)[number]> &
  ListsAll<EventName, (typeof EVENT_NAMES)[number]> = true;

const requestNames: ReadonlySet<string> = new Set(REQUEST_NAMES);
const eventNames: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isRequestName(name: unknown): name is RequestName {
  return typeof name === 'string' && requestNames.has(name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && eventNames.has(name);
}

/** Electron IPC channel names: one per request and one per event, all under one prefix. */
export const requestChannel = (name: RequestName): string => `clipdesk:request:${name}`;
export const eventChannel = (name: EventName): string => `clipdesk:event:${name}`;
