// Bulk sends of the active workspace (DESIGN.md rule 5): the page sends the messages in
// parts to a draft, the whole is checked and journaled in submissions of at most 500
// numbers before anything is sent (bulkSend.ts), and each run goes on in the background,
// reporting `bulk.progress`. A submission whose outcome is unknown waits for the user's word.
import { randomUUID } from 'node:crypto';
import type { CountryCode } from 'libphonenumber-js';
import { AppFailure, appError, toAppError, type AppError } from '../../../shared/appError.ts';
import type { BulkListItem } from '../../../shared/ipc/messagingViews.ts';
import { SUBMISSION_STATES, type Submission } from '../journal/messagingSendLog.ts';
import { messagingFailure as failure, type ActiveMessaging } from './activeMessaging.ts';
import { createBulkSender, summarise, type BulkSender } from './bulkSend.ts';
import type { MessagingClient } from './messagingClient.ts';

/** A bulk draft not started within this long is dropped. */
const DRAFT_TTL_MS = 30 * 60_000;

interface BulkDraft {
  readonly workspaceId: string;
  readonly title?: string;
  readonly schedule?: { time: string; timeZone: string };
  readonly total: number;
  readonly messages: { number: string; text: string }[];
  readonly timer: NodeJS.Timeout;
}

export class BulkSendRuns {
  readonly #messaging: ActiveMessaging;
  readonly #bulks = new Map<string, Promise<unknown>>();
  /** Stops every bulk run between submissions (never mid-request) when the app closes. */
  readonly #stopBulks = new AbortController();
  readonly #drafts = new Map<string, BulkDraft>();

  constructor(messaging: ActiveMessaging) {
    this.#messaging = messaging;
  }

  /**
   * A bulk sender for the workspace. Each submission goes out on the workspace's Messaging
   * client of that moment (its address may have moved since the bulk began); when there is
   * none to be had, nothing left this machine, so the submission waits as pending.
   */
  #bulkSender(workspaceId: string): BulkSender {
    const { runtime, journal, events } = this.#messaging.deps;
    const defaultCountry = (runtime.workspace(workspaceId).defaultCountry ?? null) as CountryCode | null;
    return createBulkSender({
      client: {
        sendBulkSubmission: async (input) => {
          let client: MessagingClient;
          try {
            client = await this.#messaging.client(workspaceId);
          } catch (err) {
            const error = toAppError(err);
            throw new AppFailure({ ...error, details: { ...error.details, delivery: 'not_sent' } }, { cause: err });
          }
          return client.sendBulkSubmission(input);
        },
      },
      sendLog: journal.messaging,
      workspaceId,
      defaultCountry,
      onProgress: (event) => events.emit('bulk.progress', event),
    });
  }

  bulkBegin(arg: { title?: string; schedule?: { time: string; timeZone: string }; totalMessages: number }) {
    const draftId = randomUUID();
    const timer = setTimeout(() => this.#drafts.delete(draftId), DRAFT_TTL_MS);
    timer.unref();
    this.#drafts.set(draftId, {
      workspaceId: this.#messaging.activeId(),
      title: arg.title,
      schedule: arg.schedule,
      total: arg.totalMessages,
      messages: [],
      timer,
    });
    return { draftId };
  }

  bulkAppend(draftId: string, messages: { number: string; text: string }[]) {
    const draft = this.#drafts.get(draftId);
    if (!draft) throw failure('messaging.draft.not_found');
    if (draft.messages.length + messages.length > draft.total)
      throw failure('messaging.draft.incomplete', 'More messages arrived than announced: start the bulk send again.');
    draft.messages.push(...messages);
    return { received: draft.messages.length };
  }

  async bulkStart(draftId: string): Promise<BulkListItem> {
    const draft = this.#drafts.get(draftId);
    if (!draft) throw failure('messaging.draft.not_found');
    if (draft.messages.length !== draft.total) throw failure('messaging.draft.incomplete');
    const senderId = this.#messaging.senderId(draft.workspaceId);
    const bulk = this.#bulkSender(draft.workspaceId);
    // Checked whole and journaled (every submission `pending`) before anything is sent.
    const planned = bulk.plan({ senderId, title: draft.title, schedule: draft.schedule, messages: draft.messages });
    clearTimeout(draft.timer);
    this.#drafts.delete(draftId);
    this.#run(bulk, planned.bulkId);
    return this.#bulkItem(planned.bulkId);
  }

  #run(bulk: BulkSender, bulkId: string, first?: () => Promise<unknown>): void {
    if (this.#bulks.has(bulkId)) return;
    const done = (async () => {
      if (first) await first();
      await bulk.run(bulkId, { signal: this.#stopBulks.signal });
    })()
      .catch((err: unknown) =>
        this.#messaging.deps.events.emit('bulk.progress', this.#progressOf(bulkId, toAppError(err))),
      )
      .finally(() => this.#bulks.delete(bulkId));
    this.#bulks.set(bulkId, done);
  }

  /** An event that says where a bulk stands after a failure outside any one submission. */
  #progressOf(bulkId: string, error: AppError) {
    const submissions = this.#messaging.deps.journal.messaging.listBulk(bulkId);
    const summary = summarise(bulkId, submissions);
    const last = submissions.find((s) => s.state !== 'sent') ?? submissions[submissions.length - 1];
    return {
      bulkId,
      submission: last?.index ?? 0,
      state: last?.state ?? 'failed',
      sent: summary.sent,
      total: summary.total,
      submissions: Math.max(1, submissions.length),
      error,
    };
  }

  #bulkOf(bulkId: string): Submission[] {
    const submissions = this.#messaging.deps.journal.messaging.listBulk(bulkId);
    if (submissions.length === 0 || submissions[0]!.workspaceId !== this.#messaging.activeId())
      throw new AppFailure(
        appError('messaging.send_log.not_found', `There is no bulk send ${bulkId} in this workspace.`),
      );
    return submissions;
  }

  #bulkItem(bulkId: string): BulkListItem {
    const submissions = this.#messaging.deps.journal.messaging.listBulk(bulkId);
    const payload = (submissions[0]?.payload ?? {}) as {
      title?: string;
      schedule?: { time: string; timeZone: string };
    };
    return {
      ...summarise(bulkId, submissions),
      title: payload.title ?? null,
      schedule: payload.schedule ?? null,
      createdAt: Math.min(...submissions.map((s) => s.createdAt)),
      running: this.#bulks.has(bulkId),
    };
  }

  bulks(): BulkListItem[] {
    const workspaceId = this.#messaging.activeId();
    const ids = new Set<string>();
    for (const state of SUBMISSION_STATES)
      for (const submission of this.#messaging.deps.journal.messaging.list(workspaceId, state))
        ids.add(submission.bulkId);
    return [...ids]
      .map((bulkId) => this.#bulkItem(bulkId))
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, 20);
  }

  async bulkResume(bulkId: string): Promise<BulkListItem> {
    const submissions = this.#bulkOf(bulkId);
    const bulk = this.#bulkSender(submissions[0]!.workspaceId);
    this.#run(bulk, bulkId);
    return this.#bulkItem(bulkId);
  }

  /** The user confirmed: the unknown submission goes again, then the rest of the bulk. */
  async bulkResend(bulkId: string, index: number): Promise<BulkListItem> {
    const submissions = this.#bulkOf(bulkId);
    if (this.#bulks.has(bulkId)) await this.#bulks.get(bulkId);
    const bulk = this.#bulkSender(submissions[0]!.workspaceId);
    // Checked now, so a submission that is not unknown is refused to the user at once.
    const target = submissions.find((s) => s.index === index);
    if (!target || target.state !== 'unknown') {
      await bulk.resendUnknown(bulkId, index, { confirmed: true });
      return this.#bulkItem(bulkId);
    }
    this.#run(bulk, bulkId, () => bulk.resendUnknown(bulkId, index, { confirmed: true }));
    return this.#bulkItem(bulkId);
  }

  async bulkAbandon(bulkId: string, index: number): Promise<BulkListItem> {
    const submissions = this.#bulkOf(bulkId);
    const bulk = this.#bulkSender(submissions[0]!.workspaceId);
    bulk.abandonUnknown(bulkId, index);
    return this.#bulkItem(bulkId);
  }

  /**
   * Runs the workspace's bulks whose submissions wait for the service. A bulk with a failed
   * or unknown submission is left alone: the user looks at it first.
   */
  async resumeWaitingBulks(workspaceId: string): Promise<void> {
    if (this.#messaging.closed) return;
    const waiting = new Set(this.#messaging.deps.journal.messaging.list(workspaceId, 'pending').map((s) => s.bulkId));
    for (const bulkId of waiting) {
      if (this.#bulks.has(bulkId)) continue;
      const states = this.#messaging.deps.journal.messaging.listBulk(bulkId).map((s) => s.state);
      if (states.some((s) => s === 'unknown' || s === 'failed')) continue;
      const bulk = this.#bulkSender(workspaceId);
      this.#run(bulk, bulkId);
    }
  }

  async close(): Promise<void> {
    this.#stopBulks.abort();
    await Promise.allSettled([...this.#bulks.values()]);
    for (const draft of this.#drafts.values()) clearTimeout(draft.timer);
    this.#drafts.clear();
  }
}
