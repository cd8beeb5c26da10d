// The Messaging screen's requests (shared/ipc/messaging.ts), each already validated by the
// contract, handed to the part of the active workspace's messaging it concerns.
import type { ContractHandlers } from '../../../shared/ipc.ts';
import type { MESSAGING_REQUESTS } from '../../../shared/ipc/messaging.ts';
import type { BulkSendRuns } from '../messaging/bulkSendRuns.ts';
import type { ContactBook } from '../messaging/contactBook.ts';
import type { ContactImporter } from '../messaging/contactImporter.ts';
import type { MessageSender } from '../messaging/messageSender.ts';

type MessagingRequests = keyof typeof MESSAGING_REQUESTS;

export interface MessagingParts {
  readonly book: ContactBook;
  readonly importer: ContactImporter;
  readonly sender: MessageSender;
  readonly bulks: BulkSendRuns;
}

export function messagingHandlers({
  book,
  importer,
  sender,
  bulks,
}: MessagingParts): Pick<ContractHandlers, MessagingRequests> {
  return {
    'messaging.settings': () => book.settings(),

    'messaging.addContact': (draft) => book.addContact(draft),
    'messaging.contacts': async (search) => book.contacts(search),
    'messaging.groups': async () => book.groups(),

    'messaging.importBegin': async ({ fileName, totalRows }) => importer.importBegin(fileName, totalRows),
    'messaging.importAppend': async ({ importId, firstRow, rows }) => importer.importAppend(importId, firstRow, rows),
    'messaging.importStart': ({ importId }) => importer.importStart(importId),
    'messaging.importStop': ({ importId }) => importer.importStop(importId),
    'messaging.imports': async () => importer.imports(),
    'messaging.importRows': async ({ importId, ...query }) => importer.importRows(importId, query),

    'messaging.createEvent': (input) => sender.createEvent(input),

    'messaging.mmsBegin': async ({ filename, sizeBytes }) => sender.mmsBegin(filename, sizeBytes),
    'messaging.mmsChunk': async ({ mmsId, offset, data }) => sender.mmsChunk(mmsId, offset, data),
    'messaging.mmsDiscard': async ({ mmsId }) => sender.mmsDiscard(mmsId),
    'messaging.send': (arg) => sender.send(arg),

    'messaging.bulkBegin': async (arg) => bulks.bulkBegin(arg),
    'messaging.bulkAppend': async ({ draftId, messages }) => bulks.bulkAppend(draftId, messages),
    'messaging.bulkStart': ({ draftId }) => bulks.bulkStart(draftId),
    'messaging.bulks': async () => bulks.bulks(),
    'messaging.bulkResume': ({ bulkId }) => bulks.bulkResume(bulkId),
    'messaging.bulkResend': ({ bulkId, index }) => bulks.bulkResend(bulkId, index),
    'messaging.bulkAbandon': ({ bulkId, index }) => bulks.bulkAbandon(bulkId, index),

    'messaging.messages': (query) => sender.messages(query),
  };
}
