// A bulk send: a different text for each of many numbers (DESIGN.md rule 5). Everything is
// checked first; then the numbers are split into submissions of at most 500, all journaled
// `pending` in one transaction before anything is sent; then they go out one at a time:
// `sending` is committed before the request leaves, and the answer makes it `sent`, `failed`
// (a definite refusal: nothing was written) or `unknown` (no answer: it may have gone out).
// When no connection could be made at all, it is `pending` again and the run waits for the
// service (DESIGN.md rule 2: offline is a state, not an error), then goes on.
//
// An `unknown` submission, whether from a timeout, a dropped connection or a crash (the
// journal's recoverAtStartup turns `sending` into `unknown`), is never sent again unless the
// user confirms it (resendUnknown). A run stops at the first submission that is not `sent`,
// so the user sees what happened before more goes out; run() again continues with the
// `pending` ones.
import type { CountryCode } from 'libphonenumber-js';
import { AppFailure, appError, toAppError, type AppError } from '../../../shared/appError.ts';
import type { BulkProgress, BulkSummary } from '../../../shared/api/messagingEvents.ts';
import { BulkSendInputSchema, type BulkSendInput, type Schedule } from '../../../shared/api/messagingTypes.ts';
import { MESSAGING_LIMITS } from '../../../shared/limits.ts';
import type { MessagingSendLog, Submission, SubmissionState } from '../journal/messagingSendLog.ts';
import type { MessagingClient } from './messagingClient.ts';
import { checkSchedule, checkSender, checkText, checkTitle, invalidNumbers, parseInput } from './messagingInput.ts';
import { toE164 } from './phoneNumbers.ts';

/** What the journal keeps besides the numbers: enough to send the submission again after a restart. */
interface SubmissionPayload {
  senderId: string;
  title?: string;
  schedule?: Schedule;
  /** One text per number, in the order of the numbers. */
  texts: string[];
}

export interface BulkSenderOptions {
  client: Pick<MessagingClient, 'sendBulkSubmission'>;
  sendLog: MessagingSendLog;
  workspaceId: string;
  defaultCountry: CountryCode | null;
  onProgress?(event: BulkProgress): void;
  /** While the service cannot be reached: the first wait before trying again, doubling to `maxMs`. */
  offlineRetry?: { baseMs: number; maxMs: number };
}

export interface BulkSender {
  /** Checks everything and journals every submission as `pending`; sends nothing. */
  plan(input: BulkSendInput): BulkSummary;
  /**
   * Sends the bulk's `pending` submissions in order, one at a time, until one is `failed` or
   * `unknown`; while the service cannot be reached it waits and tries again, until aborted.
   */
  run(bulkId: string, options?: { signal?: AbortSignal }): Promise<BulkSummary>;
  /** plan, then run. */
  send(input: BulkSendInput, options?: { signal?: AbortSignal }): Promise<BulkSummary>;
  /** After a restart: runs every bulk of this workspace that has `pending` submissions. */
  resumePending(): Promise<BulkSummary[]>;
  /** Only on the user's word: sends an `unknown` submission again (its messages may already have gone out). */
  resendUnknown(bulkId: string, index: number, confirmation: { confirmed: boolean }): Promise<BulkSummary>;
  /** The user decides an `unknown` submission is not to be sent again: it becomes `failed`. */
  abandonUnknown(bulkId: string, index: number): BulkSummary;
  summary(bulkId: string): BulkSummary;
}

/** Refusals that prove nothing was written: the service's answer, a check before sending, no connection. */
function isDefinite(error: AppError): boolean {
  return error.code.startsWith('messaging.bulk.') || error.code.startsWith('messaging.input.');
}

function waitOrAbort(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A bulk send's numbers counted: all, sent, and per submission. */
export function summarise(bulkId: string, submissions: readonly Submission[]): BulkSummary {
  const count = (s: Submission) => s.numbers.length;
  return {
    bulkId,
    total: submissions.reduce((n, s) => n + count(s), 0),
    sent: submissions.filter((s) => s.state === 'sent').reduce((n, s) => n + count(s), 0),
    submissions: submissions.map((s) => ({ index: s.index, state: s.state, count: count(s), result: s.result })),
  };
}

export function createBulkSender(options: BulkSenderOptions): BulkSender {
  const { client, sendLog, workspaceId } = options;
  const country = options.defaultCountry;

  function summary(bulkId: string): BulkSummary {
    const submissions = sendLog.listBulk(bulkId);
    if (submissions.length === 0)
      throw new AppFailure(
        appError('messaging.send_log.not_found', `There is no bulk send ${bulkId} in the send log.`),
      );
    return summarise(bulkId, submissions);
  }

  function emit(bulkId: string, index: number, state: SubmissionState, error: AppError | null): void {
    if (!options.onProgress) return;
    const { sent, total, submissions } = summary(bulkId);
    try {
      options.onProgress({ bulkId, submission: index, state, sent, total, submissions: submissions.length, error });
    } catch {
      // A listener that throws must not stop a send halfway or change what the journal says.
    }
  }

  /** One submission, from `pending`: the only place a bulk request is sent. */
  async function sendSubmission(submission: Submission): Promise<SubmissionState> {
    const { bulkId, index } = submission;
    // Committed before the request leaves; false: another run took it, so it is not ours to send.
    if (!sendLog.markSending(bulkId, index)) return sendLog.get(bulkId, index)?.state ?? 'pending';
    emit(bulkId, index, 'sending', null);
    const payload = submission.payload as SubmissionPayload;
    let state: SubmissionState;
    let error: AppError | null = null;
    try {
      const result = await client.sendBulkSubmission({
        senderId: payload.senderId,
        title: payload.title,
        schedule: payload.schedule,
        messages: submission.numbers.map((number, i) => ({ number, text: payload.texts[i]! })),
      });
      const { status, code, meaning, message, requestId, submissionId, count } = result;
      sendLog.markSent(bulkId, index, { status, code, meaning, message, requestId, submissionId, count });
      state = 'sent';
    } catch (err) {
      error = toAppError(err);
      if (error.details?.delivery === 'not_sent') {
        // Offline: nothing left this machine, so it waits as pending and goes when the service answers.
        state = 'pending';
        sendLog.returnUnsent(bulkId, index, error);
      } else {
        state = isDefinite(error) ? 'failed' : 'unknown';
        if (state === 'failed') sendLog.markFailed(bulkId, index, error);
        else sendLog.markUnknown(bulkId, index, error);
      }
    }
    emit(bulkId, index, state, error);
    return state;
  }

  async function run(bulkId: string, { signal }: { signal?: AbortSignal } = {}): Promise<BulkSummary> {
    summary(bulkId); // a bulk that does not exist is refused
    const { baseMs, maxMs } = options.offlineRetry ?? { baseMs: 1_000, maxMs: 30_000 };
    let offlineWaitMs = baseMs;
    for (;;) {
      // Read again each time: another caller may have moved a submission meanwhile.
      const next = sendLog.listBulk(bulkId).find((s) => s.state === 'pending');
      // A submission is never cut off mid-request (that would make it `unknown`): only between them.
      if (!next || signal?.aborted) break;
      const state = await sendSubmission(next);
      if (state === 'sent') {
        offlineWaitMs = baseMs;
        continue;
      }
      if (state !== 'pending') break;
      // The service could not be reached: wait, then try the same submission again (until aborted).
      await waitOrAbort(offlineWaitMs, signal);
      offlineWaitMs = Math.min(maxMs, offlineWaitMs * 2);
    }
    return summary(bulkId);
  }

  function plan(raw: BulkSendInput): BulkSummary {
    const input = parseInput(BulkSendInputSchema, raw, 'bulk send');
    const senderId = checkSender(input.senderId, country);
    const title = checkTitle(input.title);
    const schedule = input.schedule && checkSchedule(input.schedule);
    const numbers: string[] = [];
    const texts: string[] = [];
    const invalid: string[] = [];
    input.messages.forEach((m, i) => {
      texts.push(checkText(m.text, `messages[${i}].text`));
      const number = toE164(m.number, country);
      if (number) numbers.push(number);
      else invalid.push(m.number);
    });
    if (invalid.length > 0) throw invalidNumbers('messages', invalid, country);

    const size = MESSAGING_LIMITS.contactsPerBulkSubmission;
    const textChunks = chunks(texts, size);
    const planned = sendLog.planBulk(
      workspaceId,
      chunks(numbers, size).map((part, i) => ({
        numbers: part,
        payload: { senderId, title, schedule, texts: textChunks[i]! } satisfies SubmissionPayload,
      })),
    );
    return summarise(planned[0]!.bulkId, planned);
  }

  return {
    plan,
    run,
    async send(input, runOptions) {
      return run(plan(input).bulkId, runOptions);
    },

    async resumePending() {
      const bulkIds = [...new Set(sendLog.list(workspaceId, 'pending').map((s) => s.bulkId))];
      const results: BulkSummary[] = [];
      for (const bulkId of bulkIds) results.push(await run(bulkId));
      return results;
    },

    async resendUnknown(bulkId, index, confirmation) {
      if (confirmation?.confirmed !== true) {
        throw new AppFailure(
          appError(
            'messaging.resend.confirmation_required',
            `Submission ${index} of bulk ${bulkId} may already have been sent: confirm to send it again.`,
          ),
        );
      }
      const submission = sendLog.get(bulkId, index);
      if (!submission)
        throw new AppFailure(appError('messaging.send_log.not_found', `Bulk ${bulkId} has no submission ${index}.`));
      if (submission.state !== 'unknown' || !sendLog.requeueUnknownOnUserRequest(bulkId, index)) {
        throw new AppFailure(
          appError(
            'messaging.resend.not_unknown',
            `Submission ${index} of bulk ${bulkId} is ${sendLog.get(bulkId, index)?.state}, not unknown: it is not sent again.`,
          ),
        );
      }
      emit(bulkId, index, 'pending', null);
      await sendSubmission(sendLog.get(bulkId, index)!);
      return summary(bulkId);
    },

    abandonUnknown(bulkId, index) {
      if (!sendLog.abandonUnknownOnUserRequest(bulkId, index)) {
        const state = sendLog.get(bulkId, index)?.state;
        throw new AppFailure(
          state
            ? appError(
                'messaging.resend.not_unknown',
                `Submission ${index} of bulk ${bulkId} is ${state}, not unknown.`,
              )
            : appError('messaging.send_log.not_found', `Bulk ${bulkId} has no submission ${index}.`),
        );
      }
      emit(bulkId, index, 'failed', null);
      return summary(bulkId);
    },

    summary,
  };
}
