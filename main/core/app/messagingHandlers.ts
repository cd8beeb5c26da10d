// The Messaging screen's requests (shared/ipc/messaging.ts), each already validated by the
// contract, handed to the coordinator of the active workspace's Messaging API.
import type { ContractHandlers } from '../../../shared/ipc.ts';
import type { MESSAGING_REQUESTS } from '../../../shared/ipc/messaging.ts';
import type { MessagingCoordinator } from './messagingCoordinator.ts';

type MessagingRequests = keyof typeof MESSAGING_REQUESTS;

export function messagingHandlers(messaging: MessagingCoordinator): Pick<ContractHandlers, MessagingRequests> {
  return {
    'messaging.settings': () => messaging.settings(),

    'messaging.addContact': (draft) => messaging.addContact(draft),
    'messaging.contacts': async (search) => messaging.contacts(search),
    'messaging.groups': async () => messaging.groups(),

    'messaging.importBegin': async ({ fileName, totalRows }) => messaging.importBegin(fileName, totalRows),
    'messaging.importAppend': async ({ importId, firstRow, rows }) => messaging.importAppend(importId, firstRow, rows),
    'messaging.importStart': ({ importId }) => messaging.importStart(importId),
    'messaging.importStop': ({ importId }) => messaging.importStop(importId),
    'messaging.imports': async () => messaging.imports(),
    'messaging.importRows': async ({ importId, ...query }) => messaging.importRows(importId, query),

    'messaging.createEvent': (input) => messaging.createEvent(input),

    'messaging.mmsBegin': async ({ filename, sizeBytes }) => messaging.mmsBegin(filename, sizeBytes),
    'messaging.mmsChunk': async ({ mmsId, offset, data }) => messaging.mmsChunk(mmsId, offset, data),
    'messaging.mmsDiscard': async ({ mmsId }) => messaging.mmsDiscard(mmsId),
    'messaging.send': (arg) => messaging.send(arg),

    'messaging.bulkBegin': async (arg) => messaging.bulkBegin(arg),
    'messaging.bulkAppend': async ({ draftId, messages }) => messaging.bulkAppend(draftId, messages),
    'messaging.bulkStart': ({ draftId }) => messaging.bulkStart(draftId),
    'messaging.bulks': async () => messaging.bulks(),
    'messaging.bulkResume': ({ bulkId }) => messaging.bulkResume(bulkId),
    'messaging.bulkResend': ({ bulkId, index }) => messaging.bulkResend(bulkId, index),
    'messaging.bulkAbandon': ({ bulkId, index }) => messaging.bulkAbandon(bulkId, index),

    'messaging.messages': (query) => messaging.messages(query),
  };
}
