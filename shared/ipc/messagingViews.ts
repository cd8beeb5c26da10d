// What the Messaging screen's part of the contract carries (shared/ipc/messaging.ts): the chunk
// sizes, the loose contact draft, and the views main shows (settings, contacts, imports, bulk
// sends). Plain schemas and types, which the renderer and main import directly.
import { z } from 'zod';
import { AppErrorSchema } from '../appErrorSchema.ts';
import type { MessagePage } from '../api/messagingTypes.ts';
import { BulkSummarySchema } from '../api/messagingEvents.ts';

/** Import rows and bulk messages come in chunks of at most this many. */
export const MESSAGING_CHUNK_ROWS = 200;
/** An MMS file comes in chunks of at most this many bytes (base64 on the wire). */
export const MMS_CHUNK_MAX_BYTES = 512 * 1024;
/** The most rows one contact import takes, and the most messages one bulk send takes. */
export const MESSAGING_MAX_ROWS = 20_000;

const short = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/**
 * A contact as the form or a CSV row gives it: loose on purpose (a row may lack its number),
 * because the core checks it and says what is wrong before anything is sent.
 */
export const ContactDraftSchema = z.strictObject({
  name: short(300),
  number: short(64),
  email: short(300).optional(),
  city: short(200).optional(),
  state: short(200).optional(),
  zip: short(40).optional(),
  country: short(200).optional(),
  groupId: short(100).optional(),
  note: short(4000).optional(),
  custom: z.record(short(100), short(1000)).optional(),
});
export type ContactDraft = z.infer<typeof ContactDraftSchema>;

export const MessagingSettingsViewSchema = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  /** ISO 3166 code numbers without +country code are read for; null: every number needs one. */
  defaultCountry: z.string().nullable(),
  /** The approved sender number messages go out from; null until set. */
  senderId: z.string().nullable(),
  messagingBaseUrl: z.string().nullable(),
  /** Whether a Messaging API key is in the keychain (never the key). */
  keyPresent: z.boolean(),
});
export type MessagingSettingsView = z.infer<typeof MessagingSettingsViewSchema>;

export const ContactViewSchema = z.object({
  number: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  groupId: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  note: z.string().nullable(),
  custom: z.record(z.string(), z.string()),
  contactId: z.number().nullable(),
  source: z.enum(['form', 'import']),
  addedAt: z.number(),
});
export type ContactView = z.infer<typeof ContactViewSchema>;

export const IMPORT_ROW_STATES = ['pending', 'sending', 'added', 'duplicate', 'invalid', 'failed', 'unknown'] as const;
export type ImportRowStateName = (typeof IMPORT_ROW_STATES)[number];
export const IMPORT_STATES = ['filling', 'ready', 'running', 'stopped', 'finished'] as const;

export const ImportCountsSchema = z.object(
  Object.fromEntries(IMPORT_ROW_STATES.map((s) => [s, z.number().int().nonnegative()])) as Record<
    ImportRowStateName,
    z.ZodNumber
  >,
);

export const ImportSummarySchema = z.object({
  importId: z.string(),
  fileName: z.string(),
  /** Rows the file has (without its header). */
  totalRows: z.number().int().nonnegative(),
  /** Rows main holds so far (they arrive in chunks). */
  received: z.number().int().nonnegative(),
  state: z.enum(IMPORT_STATES),
  counts: ImportCountsSchema,
  /** Why it stopped by itself (the service cannot be reached, a key error); null otherwise. */
  stopReason: AppErrorSchema.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const ImportRowViewSchema = z.object({
  row: z.number().int().positive(),
  number: z.string(),
  name: z.string(),
  state: z.enum(IMPORT_ROW_STATES),
  /** The service's result code (00, 97…) when it answered; null otherwise. */
  resultCode: z.string().nullable(),
  /** The failure's AppError code (messaging.contacts.97, messaging.input.invalid_number…); null for an added row. */
  errorCode: z.string().nullable(),
  /** What happened: the code's meaning, or why the row was not sent. */
  message: z.string(),
  requestId: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
});
export type ImportRowView = z.infer<typeof ImportRowViewSchema>;

/** A bulk send as the screen lists it. */
export const BulkListItemSchema = BulkSummarySchema.extend({
  title: z.string().nullable(),
  /** The schedule all its messages share, or null for "now". */
  schedule: z.object({ time: z.string(), timeZone: z.string() }).nullable(),
  createdAt: z.number(),
  /** True while this app is sending it. */
  running: z.boolean(),
});
export type BulkListItem = z.infer<typeof BulkListItemSchema>;

export type MessagesPage = MessagePage & { nextCursor: string | null };
