// The Messaging screen's part of the contract (shared/ipc.ts spreads these in): contacts and
// their CSV imports, calendar events, text and MMS messages, bulk sends and the sent list.
// Everything goes to the ACTIVE workspace's Messaging API. Large inputs (import rows, bulk
// messages, an MMS file) come in ordered chunks, so no frame outgrows the wire.
// Its views are in ./messagingViews.ts.
import { z } from 'zod';
import {
  CalendarEventInputSchema,
  MESSAGE_TYPES,
  type CalendarResult,
  type MessageSent,
  type ResultFields,
} from '../api/messagingTypes.ts';
import { BULK_PROGRESS_EVENT, BulkProgressSchema } from '../api/messagingEvents.ts';
import { MESSAGING_LIMITS } from '../limits.ts';
import { none, request } from './contractParts.ts';
import {
  ContactDraftSchema,
  ImportSummarySchema,
  IMPORT_ROW_STATES,
  MESSAGING_CHUNK_ROWS,
  MESSAGING_MAX_ROWS,
  MMS_CHUNK_MAX_BYTES,
  type BulkListItem,
  type ContactView,
  type ImportRowView,
  type ImportSummary,
  type MessagesPage,
  type MessagingSettingsView,
} from './messagingViews.ts';

const handle = z.string().min(1).max(100);
const short = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const ScheduleArgSchema = z.strictObject({ time: short(40), timeZone: short(100) });

export const MESSAGING_REQUESTS = {
  /**
   * The active workspace's messaging settings (default country, sender ID; changed with
   * settings.updateWorkspace) and whether its Messaging API key is set.
   */
  'messaging.settings': request<MessagingSettingsView>()(none),
  /** Adds one contact (lead); 97 (the number exists) and every other refusal come back as an AppError. */
  'messaging.addContact': request<{ contact: ContactView; result: ResultFields }>()(ContactDraftSchema),
  /** The contacts this app added, newest first, searched by name, number, email or group. */
  'messaging.contacts': request<{ items: ContactView[]; total: number }>()(
    z.strictObject({
      query: short(200).optional(),
      groupId: short(100).optional(),
      limit: z.int().min(1).max(500).optional(),
      offset: z.int().min(0).optional(),
    }),
  ),
  'messaging.groups': request<{ groupId: string; count: number }[]>()(none),

  /** A CSV import: begin, append its rows in order (chunks), then start; stop and start again to resume. */
  'messaging.importBegin': request<ImportSummary>()(
    z.strictObject({
      fileName: short(255),
      totalRows: z
        .int()
        .min(1, 'the file has no rows')
        .max(MESSAGING_MAX_ROWS, `an import takes at most ${MESSAGING_MAX_ROWS} rows: split the file`),
    }),
  ),
  'messaging.importAppend': request<ImportSummary>()(
    z.strictObject({
      importId: handle,
      /** The first row's number in the file, from 1: rows arrive in order. */
      firstRow: z.int().min(1),
      rows: z.array(ContactDraftSchema).min(1).max(MESSAGING_CHUNK_ROWS),
    }),
  ),
  /** Starts (or resumes) sending; rows whose outcome is unknown are sent again (a duplicate only answers 97). */
  'messaging.importStart': request<ImportSummary>()(z.strictObject({ importId: handle })),
  /** Stops after the rows in flight; none is cut off mid-request. */
  'messaging.importStop': request<ImportSummary>()(z.strictObject({ importId: handle })),
  'messaging.imports': request<ImportSummary[]>()(none),
  'messaging.importRows': request<{ rows: ImportRowView[]; total: number }>()(
    z.strictObject({
      importId: handle,
      states: z.array(z.enum(IMPORT_ROW_STATES)).max(IMPORT_ROW_STATES.length).optional(),
      offset: z.int().min(0).optional(),
      limit: z.int().min(1).max(1000).optional(),
    }),
  ),

  /** A Busy answer resolves with outcome `busy` (nothing was created); every other refusal is an AppError. */
  'messaging.createEvent': request<CalendarResult>()(CalendarEventInputSchema),

  /** An MMS file from the page: begin, chunks in order; the message then names it by mmsId. */
  'messaging.mmsBegin': request<{ mmsId: string }>()(
    z.strictObject({
      filename: z.string().min(1, 'give the file name').max(255),
      sizeBytes: z
        .int()
        .min(1, 'the file is empty')
        .max(
          MESSAGING_LIMITS.mmsMaxBytes,
          `an MMS file is at most ${MESSAGING_LIMITS.mmsMaxBytes.toLocaleString('en-US')} bytes: choose a smaller file`,
        ),
    }),
  ),
  'messaging.mmsChunk': request<{ receivedBytes: number }>()(
    z.strictObject({
      mmsId: handle,
      offset: z.int().min(0),
      data: z.base64('must be base64').max(Math.ceil(MMS_CHUNK_MAX_BYTES / 3) * 4),
    }),
  ),
  'messaging.mmsDiscard': request<{ discarded: boolean }>()(z.strictObject({ mmsId: handle })),

  /** One text or MMS to numbers or a group, now or scheduled, from the sender ID in the settings. */
  'messaging.send': request<MessageSent>()(
    z.strictObject({
      contacts: z
        .array(short(64))
        .max(MESSAGING_LIMITS.contactsPerRequest * 2)
        .optional(),
      groupId: short(100).optional(),
      text: short(10_000),
      type: z.enum(MESSAGE_TYPES),
      mmsId: handle.optional(),
      title: short(400).optional(),
      schedule: ScheduleArgSchema.optional(),
    }),
  ),

  /** A bulk send: begin, append its messages in order (chunks), then start; submissions of 500 are journaled first. */
  'messaging.bulkBegin': request<{ draftId: string }>()(
    z.strictObject({
      title: short(400).optional(),
      schedule: ScheduleArgSchema.optional(),
      totalMessages: z
        .int()
        .min(1, 'give at least one message')
        .max(MESSAGING_MAX_ROWS, `a bulk send takes at most ${MESSAGING_MAX_ROWS} messages`),
    }),
  ),
  'messaging.bulkAppend': request<{ received: number }>()(
    z.strictObject({
      draftId: handle,
      messages: z
        .array(z.strictObject({ number: short(64), text: short(10_000) }))
        .min(1)
        .max(MESSAGING_CHUNK_ROWS),
    }),
  ),
  'messaging.bulkStart': request<BulkListItem>()(z.strictObject({ draftId: handle })),
  'messaging.bulks': request<BulkListItem[]>()(none),
  /** Sends the bulk's pending submissions again (after it waited for the service). */
  'messaging.bulkResume': request<BulkListItem>()(z.strictObject({ bulkId: handle })),
  /** Only with the user's word: a submission whose outcome is unknown may already have gone out. */
  'messaging.bulkResend': request<BulkListItem>()(
    z.strictObject({ bulkId: handle, index: z.int().min(0), confirmed: z.literal(true) }),
  ),
  /** The user decides an unknown submission is not sent again. */
  'messaging.bulkAbandon': request<BulkListItem>()(z.strictObject({ bulkId: handle, index: z.int().min(0) })),

  /** Sent and scheduled messages, one per recipient, newest first. */
  'messaging.messages': request<MessagesPage>()(
    z.strictObject({
      limit: z.int().min(1).max(100).optional(),
      after: z.string().min(1).max(200).optional(),
      submission: z.int().positive().optional(),
    }),
  ),
} as const;

export const MESSAGING_EVENTS = {
  /** A bulk submission changed state. */
  [BULK_PROGRESS_EVENT]: BulkProgressSchema,
  /** A contact import moved on (at most a few times a second), stopped or finished. */
  'import.progress': ImportSummarySchema,
} as const satisfies Record<string, z.ZodType>;
