// The Messaging API client (spec/messaging-api.md): contacts, calendar events, text and MMS
// messages, bulk submissions and the sent-message list, on undici.
//
// The Messaging API has no idempotency (DESIGN.md rule 5), so no write is ever sent twice by
// this client: a write that got no readable answer after it may have reached the service
// (a timeout, a dropped connection) fails with `messaging.outcome_unknown`, and only the user
// decides whether to send it again. Only reads (the list) are retried. Every input is checked
// against the documented limits before anything is sent (messagingInput.ts).
import { openAsBlob } from 'node:fs';
import type { CountryCode } from 'libphonenumber-js';
import type { z } from 'zod';
import { AppFailure, appError, toAppError, type AppError } from '../../../shared/appError.ts';
import {
  BulkSubmissionInputSchema,
  BulkSubmissionSentSchema,
  CalendarBusySchema,
  CalendarCreatedSchema,
  CalendarEventInputSchema,
  ContactCreatedSchema,
  ContactInputSchema,
  ListMessagesQuerySchema,
  MessagePageSchema,
  MessageSentSchema,
  SendMessageInputSchema,
  type BulkSubmissionInput,
  type BulkSubmissionSent,
  type CalendarEventInput,
  type CalendarResult,
  type ContactCreated,
  type ContactInput,
  type ListMessagesQuery,
  type MessagePage,
  type MessagingResult,
  type MessageSent,
  type SendMessageInput,
} from '../../../shared/api/messagingTypes.ts';
import { MESSAGING_LIMITS } from '../../../shared/limits.ts';
import type { MessagingOperation } from '../../../shared/messagingCodes.ts';
import { MESSAGING_CLIENT_CODES } from '../../../shared/messagingFailures.ts';
import type { HttpTimeouts } from '../api/httpClient.ts';
import { decideRetry, DEFAULT_RETRY, type RetryDecision, type RetryOptions } from '../api/retryPolicy.ts';
import {
  checkAttachment,
  checkContactExtras,
  checkContactNumber,
  checkEventTimes,
  checkFullName,
  checkGroupId,
  checkRecipients,
  checkSchedule,
  checkSender,
  checkText,
  checkTitle,
  checkType,
  inputFailure,
  invalidNumbers,
  parseInput,
} from './messagingInput.ts';
import { createMessagingHttp, FormData, type MessagingExchange, type MessagingRequest } from './messagingHttp.ts';
import { failureOf, readAnswer, successOf, type ReadAnswer } from './messagingResult.ts';
import { toE164 } from './phoneNumbers.ts';

export interface MessagingClientOptions {
  /** The workspace's Messaging API address ({legacy_base_url}). */
  baseUrl: string;
  /** Read for every request, so a replaced key is used at once. */
  getApiKey: () => Promise<string>;
  /** The workspace's default country (settings) for numbers written without +country code; null: all need one. */
  defaultCountry: CountryCode | null;
  timeouts?: Partial<HttpTimeouts>;
  /** How reads are retried (writes never are). */
  retry?: Partial<RetryOptions>;
  random?: () => number;
  onExchange?(exchange: MessagingExchange): void;
  /** Told about every retried read. */
  onRetry?(info: {
    path: string;
    attempt: number;
    decision: Extract<RetryDecision, { retry: true }>;
    code: string;
  }): void;
}

export type ListedPage = MessagePage & { nextCursor: string | null };

export interface MessagingClient {
  createContact(input: ContactInput): Promise<ContactCreated>;
  /** A Busy answer (no free slot) resolves with outcome `busy`: nothing was created. */
  createCalendarEvent(input: CalendarEventInput): Promise<CalendarResult>;
  sendMessage(input: SendMessageInput): Promise<MessageSent>;
  /** One submission of a bulk send: at most 1000 numbers, each with its own text. */
  sendBulkSubmission(input: BulkSubmissionInput): Promise<BulkSubmissionSent>;
  listMessages(query?: ListMessagesQuery, options?: { signal?: AbortSignal }): Promise<ListedPage>;
  close(): Promise<void>;
}

const PATHS = {
  calendar: '/calendar_api',
  contacts: '/contacts_api',
  send: '/app/smsapi/sms/post',
  bulk: '/app/smsapi/sms/bulk',
  list: '/app/smsapi/sms/list',
} as const;

/** True for a failure whose write may or may not have taken effect. */
export function isOutcomeUnknown(error: AppError): boolean {
  return error.code === 'messaging.outcome_unknown';
}

/** A write that got no usable answer: unless it provably never left, its outcome is unknown. */
function writeFailure(err: unknown, path: string): AppFailure {
  const error = toAppError(err);
  if (error.details?.delivery === 'not_sent') return err instanceof AppFailure ? err : new AppFailure(error);
  return new AppFailure(
    appError('messaging.outcome_unknown', `${error.message} ${MESSAGING_CLIENT_CODES['messaging.outcome_unknown']}`, {
      status: error.status,
      requestId: error.requestId,
      details: { cause: error.code, path },
    }),
    { cause: err },
  );
}

/**
 * A write the service says succeeded, checked against what its operation returns. An answer
 * that fails the check still said the write took effect, so it is never a plain failure the
 * user might send again: its outcome is unknown.
 */
function succeeded<Schema extends z.ZodType>(
  read: ReadAnswer,
  schema: Schema,
  path: string,
): MessagingResult<z.output<Schema>> {
  try {
    return successOf(read, schema);
  } catch (err) {
    const error = toAppError(err);
    throw new AppFailure(
      appError(
        'messaging.outcome_unknown',
        `The Messaging API said the ${read.operation} write succeeded (result code ${read.fields.code}), but the rest of its answer could not be read, so it most likely took effect: check before sending it again. (${error.message})`,
        { status: read.httpStatus, requestId: read.fields.requestId, details: { cause: error.code, path } },
      ),
      { cause: err },
    );
  }
}

export function createMessagingClient(options: MessagingClientOptions): MessagingClient {
  const http = createMessagingHttp({
    baseUrl: options.baseUrl,
    timeouts: options.timeouts,
    onExchange: options.onExchange,
  });
  const country = options.defaultCountry;
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...options.retry };
  const random = options.random ?? Math.random;

  async function apiKey(): Promise<string> {
    try {
      return await options.getApiKey();
    } catch (err) {
      // No key, no request: whatever failed, nothing was sent.
      const error = toAppError(err);
      throw new AppFailure({ ...error, details: { ...error.details, delivery: 'not_sent' } }, { cause: err });
    }
  }

  /** Sends a write once; never again, whatever happens. */
  async function write(operation: MessagingOperation, build: (key: string) => MessagingRequest): Promise<ReadAnswer> {
    const request = build(await apiKey());
    let answer;
    try {
      answer = await http.send(request);
    } catch (err) {
      throw writeFailure(err, request.path);
    }
    try {
      return readAnswer(operation, answer);
    } catch (err) {
      // An answer we cannot read says nothing about whether the write took effect.
      throw writeFailure(err, request.path);
    }
  }

  function refused(read: ReadAnswer): never {
    throw new AppFailure(failureOf(read));
  }

  return {
    async createContact(raw) {
      const input = parseInput(ContactInputSchema, raw, 'contact');
      const name = checkFullName(input.name);
      const contact = checkContactNumber(input.number, country);
      const groupId = checkGroupId(input.groupId, 'groupId');
      checkContactExtras(input);
      const read = await write('contacts', (key) => ({
        method: 'POST',
        path: PATHS.contacts,
        apiKey: key,
        json: {
          key,
          contact,
          name,
          email: input.email?.trim() || undefined,
          city: input.city,
          state: input.state,
          zip: input.zip,
          country: input.country,
          group_id: groupId,
          note: input.note,
          custom: input.custom,
        },
      }));
      if (read.outcome !== 'success') refused(read);
      return succeeded(read, ContactCreatedSchema, PATHS.contacts);
    },

    async createCalendarEvent(raw) {
      const input = parseInput(CalendarEventInputSchema, raw, 'calendar event');
      const { start, end } = checkEventTimes(input.start, input.end);
      const read = await write('calendar', (key) => ({
        method: 'POST',
        path: PATHS.calendar,
        apiKey: key,
        // The calendar takes its key as apiKey (spec: Authentication).
        json: { ...input, apiKey: key, start, end },
      }));
      if (read.outcome === 'success')
        return { ...succeeded(read, CalendarCreatedSchema, PATHS.calendar), outcome: 'created' };
      if (read.outcome === 'busy') {
        return { ...successOf(read, CalendarBusySchema), outcome: 'busy', error: failureOf(read) };
      }
      return refused(read);
    },

    async sendMessage(raw) {
      const input = parseInput(SendMessageInputSchema, raw, 'message');
      const senderid = checkSender(input.senderId, country);
      const type = checkType(input.type);
      const msg = checkText(input.text);
      const title = checkTitle(input.title);
      // A group overrides contacts (spec: Message fields), so the contacts are neither checked nor sent.
      const groupid = checkGroupId(input.groupId, 'groupId');
      const contacts = groupid ? undefined : checkRecipients(input.contacts ?? [], country).join(',');
      const schedule = input.schedule && checkSchedule(input.schedule);
      const mms = await checkAttachment(type, input.mmsPath);
      const fields = {
        senderid,
        contacts,
        groupid,
        msg,
        type,
        title,
        time: schedule?.time,
        time_zone: schedule?.timeZone,
      };

      // A file-backed Blob: undici streams it from disk while the part is written.
      const file = mms && (await openAsBlob(mms.path, { type: mms.contentType }));
      const read = await write('send', (key) => {
        if (!file || !mms) return { method: 'POST', path: PATHS.send, apiKey: key, json: { key, ...fields } };
        const form = new FormData();
        for (const [name, value] of Object.entries({ key, ...fields }))
          if (value !== undefined) form.append(name, value);
        form.append('mms', file, mms.filename);
        return { method: 'POST', path: PATHS.send, apiKey: key, form };
      });
      if (read.outcome !== 'success') refused(read);
      return succeeded(read, MessageSentSchema, PATHS.send);
    },

    async sendBulkSubmission(raw) {
      const input = parseInput(BulkSubmissionInputSchema, raw, 'bulk submission');
      const senderid = checkSender(input.senderId, country);
      const title = checkTitle(input.title);
      const schedule = input.schedule && checkSchedule(input.schedule);
      const max = MESSAGING_LIMITS.contactsPerRequest;
      if (input.messages.length > max) {
        throw inputFailure(
          'messaging.input.too_many_numbers',
          `The submission has ${input.messages.length} numbers; one takes at most ${max} (${MESSAGING_LIMITS.contactsPerBulkSubmission} recommended): split it.`,
          { field: 'messages', count: input.messages.length, max },
        );
      }
      const invalid: string[] = [];
      const messages = input.messages.map((m, i) => {
        const contact = toE164(m.number, country);
        if (!contact) invalid.push(m.number);
        return {
          contact: contact ?? '',
          msg: checkText(m.text, `messages[${i}].text`),
          time: schedule?.time,
          time_zone: schedule?.timeZone,
        };
      });
      if (invalid.length > 0) throw invalidNumbers('messages', invalid, country);
      const read = await write('bulk', (key) => ({
        method: 'POST',
        path: PATHS.bulk,
        apiKey: key,
        json: { key, senderid, type: 'text', title, messages },
      }));
      if (read.outcome !== 'success') refused(read);
      return succeeded(read, BulkSubmissionSentSchema, PATHS.bulk);
    },

    async listMessages(raw = {}, { signal } = {}) {
      const query = parseInput(ListMessagesQuerySchema, raw, 'list query');
      const started = Date.now();
      for (let attempt = 1; ; attempt++) {
        let failure: AppFailure;
        try {
          const key = await apiKey();
          const answer = await http.send({
            method: 'GET',
            path: PATHS.list,
            apiKey: key,
            query: { key, limit: query.limit, after: query.after, submission: query.submission },
            signal,
          });
          const read = readAnswer('list', answer);
          if (read.outcome !== 'success') refused(read);
          const page = successOf(read, MessagePageSchema);
          return { ...page, nextCursor: page.pagination?.nextCursor ?? null };
        } catch (err) {
          failure = err instanceof AppFailure ? err : new AppFailure(toAppError(err), { cause: err });
        }
        // A read changes nothing, so it may be sent again.
        const decision = decideRetry(
          { method: 'GET', hasIdempotencyKey: false, error: failure, attempt, elapsedMs: Date.now() - started },
          retry,
          random,
        );
        if (!decision.retry || signal?.aborted) throw failure;
        options.onRetry?.({ path: PATHS.list, attempt, decision, code: failure.code });
        await new Promise((resolve) => setTimeout(resolve, decision.delayMs));
        if (signal?.aborted) throw failure;
      }
    },

    close: () => http.close(),
  };
}
