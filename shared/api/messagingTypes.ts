// The Messaging API as the app sees it: what the user asks for (inputs, checked by zod for
// shape; main/core/messaging checks the limits) and what the service answers. The spec
// shows no answer body beyond the result code, so every answer field besides `code` is
// optional and anything else is kept as it came (`.loose()`): a different service never
// breaks the client. Every result carries the meaning of its code (shared/messagingCodes.ts).
import { z } from 'zod';
import type { AppError } from '../appError.ts';

// ---- inputs ----------------------------------------------------------------------------

const text = z.string();

export const ContactInputSchema = z.strictObject({
  /** Full name: first and last. */
  name: text,
  /** The contact number; without a country code it is read for the default country. */
  number: text,
  email: text.optional(),
  city: text.optional(),
  state: text.optional(),
  zip: text.optional(),
  country: text.optional(),
  groupId: text.optional(),
  note: text.optional(),
  /** Custom fields (ours: the spec shows no format): name → text. */
  custom: z.record(z.string(), z.string()).optional(),
});
export type ContactInput = z.infer<typeof ContactInputSchema>;

export const EventTimeSchema = z.strictObject({
  /** Local date and time, e.g. 2026-12-01T10:00 (an offset such as +01:00 wins over timeZone). */
  dateTime: text,
  /** IANA time zone, e.g. Europe/London. */
  timeZone: text,
});
export type EventTime = z.infer<typeof EventTimeSchema>;

export const CALENDAR_ACTIVITIES = ['task', 'appointment', 'follow up call'] as const;
export const CALENDAR_PRIORITIES = ['high', 'medium', 'low'] as const;
export const REMINDER_METHODS = ['email', 'sms', 'both'] as const;

export const CalendarEventInputSchema = z.strictObject({
  start: EventTimeSchema,
  end: EventTimeSchema,
  summary: text.optional(),
  description: text.optional(),
  activity: z.enum(CALENDAR_ACTIVITIES).optional(),
  priority: z.enum(CALENDAR_PRIORITIES).optional(),
  reminders: z
    .strictObject({
      method: z.enum(REMINDER_METHODS),
      minutes: z
        .number()
        .int('must be a whole number of minutes')
        .min(0)
        .max(40_320, 'must be at most 40320 (four weeks)'),
    })
    .optional(),
});
export type CalendarEventInput = z.infer<typeof CalendarEventInputSchema>;

/** When to send: `time` as YYYY-MM-DD H:I (24-hour) in `timeZone` (Country/City). Absent: now. */
export const ScheduleSchema = z.strictObject({ time: text, timeZone: text });
export type Schedule = z.infer<typeof ScheduleSchema>;

export const MESSAGE_TYPES = ['text', 'mms'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const SendMessageInputSchema = z.strictObject({
  /** Your approved sender number. */
  senderId: text,
  /** Recipients; ignored when groupId is given (a group overrides contacts). */
  contacts: z.array(text).optional(),
  groupId: text.optional(),
  text,
  /** Checked by the client, so an unknown type gets the limit's message. */
  type: text,
  /** The MMS file on disk (type mms); streamed, never read whole. */
  mmsPath: text.optional(),
  /** Campaign title. */
  title: text.optional(),
  schedule: ScheduleSchema.optional(),
});
export type SendMessageInput = z.infer<typeof SendMessageInputSchema>;

/** A bulk send: a different text per recipient, split by the client into submissions of 500. */
export const BulkSendInputSchema = z.strictObject({
  senderId: text,
  title: text.optional(),
  schedule: ScheduleSchema.optional(),
  messages: z.array(z.strictObject({ number: text, text })).min(1, 'give at least one message'),
});
export type BulkSendInput = z.infer<typeof BulkSendInputSchema>;

/** One request to the bulk operation: the same shape, at most 1000 numbers (500 recommended). */
export const BulkSubmissionInputSchema = BulkSendInputSchema;
export type BulkSubmissionInput = BulkSendInput;

export const ListMessagesQuerySchema = z.strictObject({
  limit: z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100').optional(),
  /** The nextCursor of the previous page. */
  after: text.optional(),
  /** Only the messages of this submissionId. */
  submission: z.number().int().positive().optional(),
});
export type ListMessagesQuery = z.infer<typeof ListMessagesQuerySchema>;

// ---- answers ---------------------------------------------------------------------------

/** Every answer: {status, code, message, requestId, ...}. A numeric code is read as text. */
export const ResultAnswerSchema = z
  .object({
    status: z.string().optional(),
    code: z.union([z.string(), z.number().transform(String)]),
    message: z.string().optional(),
    requestId: z.string().optional(),
  })
  .loose();

/** What every operation's result carries: the code with its meaning, never the code alone. */
export interface ResultFields {
  /** Success, Error or Busy (or a word we do not know, as it came). */
  status: string;
  code: string;
  /** From shared/messagingCodes.ts; the service's message for a code we do not know. */
  meaning: string;
  /** The service's own message. */
  message: string;
  requestId: string | null;
}

export type MessagingResult<Extra> = ResultFields & Extra;

const MessageStatusSchema = z.string().describe('scheduled, queued, sent or delivered (or as it came)');

export const ContactSchema = z
  .object({
    id: z.number().int(),
    name: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    contact: z.string().optional(),
    email: z.string().nullable().optional(),
    groupId: z.string().nullable().optional(),
    createdAt: z.string().optional(),
  })
  .loose();

export const ContactCreatedSchema = z
  .object({ id: z.number().int().optional(), contact: ContactSchema.optional() })
  .loose();
export type ContactCreated = MessagingResult<z.infer<typeof ContactCreatedSchema>>;

export const CalendarEventSchema = z
  .object({
    id: z.number().int(),
    summary: z.string().nullable().optional(),
    start: z.object({ dateTime: z.string(), timeZone: z.string() }).loose().optional(),
    end: z.object({ dateTime: z.string(), timeZone: z.string() }).loose().optional(),
    startsAt: z.string().optional(),
    endsAt: z.string().optional(),
  })
  .loose();

export const CalendarCreatedSchema = z
  .object({ id: z.number().int().optional(), event: CalendarEventSchema.optional() })
  .loose();

export type CalendarCreated = MessagingResult<z.infer<typeof CalendarCreatedSchema>> & { outcome: 'created' };

/** Busy 200: why there is no slot (our sandbox's fields; anything else kept as it came). */
export const CalendarBusySchema = z
  .object({
    reason: z.string().optional(),
    businessHours: z
      .object({ days: z.string(), from: z.string(), to: z.string(), timeZone: z.string() })
      .loose()
      .optional(),
    conflictingEventId: z.number().int().optional(),
  })
  .loose();

/** Busy is an answer, not a crash: the event was not created; `error` is what the UI shows. */
export type CalendarBusy = MessagingResult<z.infer<typeof CalendarBusySchema>> & { outcome: 'busy'; error: AppError };
export type CalendarResult = CalendarCreated | CalendarBusy;

export const SentMessageSchema = z
  .object({ id: z.number().int(), number: z.string(), status: MessageStatusSchema })
  .loose();

export const MessageSentSchema = z
  .object({
    submissionId: z.number().int().optional(),
    type: z.string().optional(),
    count: z.number().int().optional(),
    duplicatesIgnored: z.number().int().optional(),
    scheduledAt: z.string().optional(),
    time: z.string().nullable().optional(),
    timeZone: z.string().nullable().optional(),
    messages: z.array(SentMessageSchema).optional(),
  })
  .loose();
export type MessageSent = MessagingResult<z.infer<typeof MessageSentSchema>>;

export const BulkSubmissionSentSchema = z
  .object({
    submissionId: z.number().int().optional(),
    count: z.number().int().optional(),
    notice: z.string().optional(),
    entries: z.array(z.object({ index: z.number().int(), messages: z.array(SentMessageSchema) }).loose()).optional(),
  })
  .loose();
export type BulkSubmissionSent = MessagingResult<z.infer<typeof BulkSubmissionSentSchema>>;

export const ListedMessageSchema = z
  .object({
    id: z.number().int(),
    submissionId: z.number().int().optional(),
    number: z.string(),
    text: z.string().optional(),
    type: z.string().optional(),
    status: MessageStatusSchema.optional(),
    scheduledAt: z.string().optional(),
    createdAt: z.string().optional(),
  })
  .loose();
export type ListedMessage = z.infer<typeof ListedMessageSchema>;

export const MessagePageSchema = z
  .object({
    messages: z.array(ListedMessageSchema).default([]),
    pagination: z.object({ nextCursor: z.string().nullable() }).loose().optional(),
  })
  .loose();
export type MessagePage = MessagingResult<z.infer<typeof MessagePageSchema>>;
