// The Messaging screen's side of the core: the contact book and contact imports in the
// journal, staged MMS files, and bulk sends in journaled submissions (DESIGN.md rule 5), on
// the workspace's Messaging API client (workspaceHttp.ts owns it). Long work (imports,
// bulks) runs in the background and reports through the event bus; createCore tells it when
// the service answers again (resumeWaitingBulks).
import { randomUUID } from 'node:crypto';
import { AppFailure, appError, toAppError, type AppError } from '../../../shared/appError.ts';
import type { ContactInput } from '../../../shared/api/messagingTypes.ts';
import type { BulkSummary } from '../../../shared/api/messagingEvents.ts';
import type {
  BulkListItem,
  ContactDraft,
  ContactView,
  ImportRowStateName,
  ImportRowView,
  ImportSummary,
  MessagingSettingsView,
} from '../../../shared/ipc/messagingViews.ts';
import { MESSAGING_CLIENT_CODES, type MessagingClientCode } from '../../../shared/messagingFailures.ts';
import type { CountryCode } from 'libphonenumber-js';
import type { ContactImport, ImportRow } from '../journal/contactImports.ts';
import type { BookContact } from '../journal/messagingContacts.ts';
import { SUBMISSION_STATES, type Submission } from '../journal/messagingSendLog.ts';
import type { Journal } from '../journal/journal.ts';
import type { Keychain } from '../keychain/keychain.ts';
import { createBulkSender, type BulkSender } from '../messaging/bulkSend.ts';
import { contactInputOf, runContactImport } from '../messaging/contactImportRunner.ts';
import type { MessagingClient } from '../messaging/messagingClient.ts';
import { createMmsStaging, type MmsStaging } from '../messaging/mmsStaging.ts';
import type { EventBus } from './eventBus.ts';
import type { WorkspaceHttp } from './workspaceHttp.ts';
import type { WorkspaceRuntime } from './workspaceRuntime.ts';

/** The import screen hears of progress at most this often. */
const IMPORT_EVENT_MS = 150;
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

function failure(code: MessagingClientCode, message: string = MESSAGING_CLIENT_CODES[code]): AppFailure {
  return new AppFailure(appError(code, message));
}

function contactView(contact: BookContact): ContactView {
  const d = contact.details as Record<string, unknown>;
  const str = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    number: contact.number,
    name: contact.name,
    email: contact.email,
    groupId: contact.groupId,
    city: str(d.city),
    state: str(d.state),
    zip: str(d.zip),
    country: str(d.country),
    note: str(d.note),
    custom: d.custom && typeof d.custom === 'object' ? (d.custom as Record<string, string>) : {},
    contactId: contact.contactId,
    source: contact.source,
    addedAt: contact.addedAt,
  };
}

function rowView(row: ImportRow): ImportRowView {
  const input = contactInputOf(row.input);
  const base = { row: row.row, number: input.number, name: input.name, state: row.state, attempts: row.attempts };
  const result = row.result as Record<string, unknown> | null;
  if (row.state === 'added' && result) {
    return {
      ...base,
      resultCode: String(result.code ?? '00'),
      errorCode: null,
      message: String(result.meaning ?? 'New contact added'),
      requestId: typeof result.requestId === 'string' ? result.requestId : null,
    };
  }
  if (result && typeof result.code === 'string' && typeof result.message === 'string') {
    const error = toAppError(result);
    const resultCode = error.details?.resultCode;
    return {
      ...base,
      resultCode: typeof resultCode === 'string' ? resultCode : null,
      errorCode: error.code,
      message: error.message,
      requestId: error.requestId,
    };
  }
  const reason = result && typeof result.reason === 'string' ? result.reason : null;
  return {
    ...base,
    resultCode: null,
    errorCode: row.state === 'unknown' ? 'messaging.outcome_unknown' : null,
    message: reason ?? (row.state === 'pending' ? 'Waiting to be sent.' : row.state === 'sending' ? 'Being sent.' : ''),
    requestId: null,
  };
}

export interface MessagingDeps {
  readonly runtime: Pick<WorkspaceRuntime, 'activeId' | 'workspace' | 'view'>;
  /** The workspace's Messaging API client at its address now. */
  readonly http: Pick<WorkspaceHttp, 'messaging'>;
  readonly keychain: Pick<Keychain, 'describe'>;
  readonly journal: Pick<Journal, 'contacts' | 'contactImports' | 'messaging'>;
  readonly events: Pick<EventBus, 'emit'>;
}

export class MessagingCoordinator {
  readonly #deps: MessagingDeps;
  readonly #imports = new Map<string, { controller: AbortController; done: Promise<void> }>();
  readonly #bulks = new Map<string, Promise<unknown>>();
  /** Stops every bulk run between submissions (never mid-request) when the app closes. */
  readonly #stopBulks = new AbortController();
  readonly #drafts = new Map<string, BulkDraft>();
  readonly #mms: MmsStaging = createMmsStaging();
  #closed = false;

  constructor(deps: MessagingDeps) {
    this.#deps = deps;
  }

  // ---- the workspace's clients ------------------------------------------------------------

  async #client(workspaceId: string): Promise<MessagingClient> {
    if (this.#closed) throw new AppFailure(appError('client.closed'));
    return this.#deps.http.messaging(workspaceId);
  }

  /**
   * A bulk sender for the workspace. Each submission goes out on the workspace's Messaging
   * client of that moment (its address may have moved since the bulk began); when there is
   * none to be had, nothing left this machine, so the submission waits as pending.
   */
  #bulkSender(workspaceId: string): BulkSender {
    const { runtime, journal, events } = this.#deps;
    const defaultCountry = (runtime.workspace(workspaceId).defaultCountry ?? null) as CountryCode | null;
    return createBulkSender({
      client: {
        sendBulkSubmission: async (input) => {
          let client: MessagingClient;
          try {
            client = await this.#client(workspaceId);
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

  #active(): string {
    return this.#deps.runtime.activeId();
  }

  // ---- settings --------------------------------------------------------------------------

  async settings(): Promise<MessagingSettingsView> {
    const workspaceId = this.#active();
    const { runtime, keychain } = this.#deps;
    const workspace = runtime.workspace(workspaceId);
    const view = await runtime.view(workspaceId);
    const secrets = await keychain.describe(workspaceId);
    return {
      workspaceId,
      workspaceName: workspace.name,
      defaultCountry: workspace.defaultCountry,
      senderId: workspace.senderId,
      messagingBaseUrl: view.messagingBaseUrl,
      keyPresent: secrets.messagingApiKey.present,
    };
  }

  #senderId(workspaceId: string): string {
    const senderId = this.#deps.runtime.workspace(workspaceId).senderId;
    if (!senderId) throw failure('messaging.sender_missing');
    return senderId;
  }

  // ---- contacts --------------------------------------------------------------------------

  async addContact(draft: ContactDraft) {
    const workspaceId = this.#active();
    const client = await this.#client(workspaceId);
    const input: ContactInput = contactInputOf(draft);
    const created = await client.createContact(input);
    const { status, code, meaning, message, requestId } = created;
    const contact = this.#deps.journal.contacts.add({
      workspaceId,
      number: created.contact?.contact ?? input.number,
      name: created.contact?.name ?? input.name.trim().split(/\s+/).join(' '),
      email: input.email?.trim() || null,
      groupId: input.groupId?.trim() || null,
      details: {
        city: input.city,
        state: input.state,
        zip: input.zip,
        country: input.country,
        note: input.note,
        custom: input.custom,
      },
      contactId: created.id ?? created.contact?.id ?? null,
      source: 'form',
    });
    return { contact: contactView(contact), result: { status, code, meaning, message, requestId } };
  }

  contacts(search: { query?: string; groupId?: string; limit?: number; offset?: number }) {
    const page = this.#deps.journal.contacts.search(this.#active(), {
      query: search.query,
      groupId: search.groupId,
      limit: search.limit ?? 100,
      offset: search.offset ?? 0,
    });
    return { items: page.items.map(contactView), total: page.total };
  }

  groups() {
    return this.#deps.journal.contacts.groups(this.#active());
  }

  // ---- contact imports -------------------------------------------------------------------

  #import(importId: string): ContactImport {
    const found = this.#deps.journal.contactImports.get(importId);
    if (!found || found.workspaceId !== this.#active()) throw failure('messaging.import.not_found');
    return found;
  }

  importSummary(importId: string): ImportSummary {
    const log = this.#deps.journal.contactImports;
    const found = log.get(importId);
    if (!found) throw failure('messaging.import.not_found');
    const counts = log.counts(importId);
    const reason = found.stopReason;
    return {
      importId,
      fileName: found.fileName,
      totalRows: found.totalRows,
      received: Object.values(counts).reduce((a, b) => a + b, 0),
      state: found.state,
      counts,
      stopReason: reason === null ? null : toAppError(reason),
      createdAt: found.createdAt,
      updatedAt: found.updatedAt,
    };
  }

  importBegin(fileName: string, totalRows: number): ImportSummary {
    const created = this.#deps.journal.contactImports.create(this.#active(), fileName, totalRows);
    return this.importSummary(created.importId);
  }

  importAppend(importId: string, firstRow: number, rows: ContactDraft[]): ImportSummary {
    const found = this.#import(importId);
    const log = this.#deps.journal.contactImports;
    if (found.state !== 'filling')
      throw failure('messaging.import.out_of_order', 'Every row of this import has arrived already.');
    let held: number;
    try {
      if (firstRow - 1 + rows.length > found.totalRows) throw new RangeError('more rows than announced');
      held = log.appendRows(importId, firstRow, rows);
    } catch (err) {
      if (err instanceof RangeError)
        throw failure(
          'messaging.import.out_of_order',
          `${MESSAGING_CLIENT_CODES['messaging.import.out_of_order']} (${err.message})`,
        );
      throw err;
    }
    if (held === found.totalRows) log.setState(importId, ['filling'], 'ready');
    return this.importSummary(importId);
  }

  async importStart(importId: string): Promise<ImportSummary> {
    const found = this.#import(importId);
    if (this.#imports.has(importId)) return this.importSummary(importId);
    if (found.state === 'filling') throw failure('messaging.import.incomplete');
    const workspaceId = found.workspaceId;
    const client = await this.#client(workspaceId);
    const log = this.#deps.journal.contactImports;
    // The user's word (resume): unknown rows go again, which is safe for contacts (97 at worst).
    log.requeueUnknown(importId);
    if (!log.setState(importId, ['ready', 'stopped', 'finished'], 'running')) return this.importSummary(importId);

    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const emit = () => {
      timer = undefined;
      this.#deps.events.emit('import.progress', this.importSummary(importId));
    };
    emit();
    const done = runContactImport(
      {
        imports: log,
        book: this.#deps.journal.contacts,
        workspaceId,
        createContact: (input) => client.createContact(input),
        onRow: () => {
          timer ??= setTimeout(emit, IMPORT_EVENT_MS);
        },
      },
      importId,
      controller.signal,
    )
      .then(
        (end) => {
          if (end.reason === 'finished') log.setState(importId, ['running'], 'finished');
          else log.setState(importId, ['running'], 'stopped', end.reason === 'halted' ? end.error : null);
        },
        (err: unknown) => {
          log.setState(importId, ['running'], 'stopped', toAppError(err));
        },
      )
      .finally(() => {
        clearTimeout(timer);
        this.#imports.delete(importId);
        if (!this.#closed) emit();
      });
    this.#imports.set(importId, { controller, done });
    return this.importSummary(importId);
  }

  async importStop(importId: string): Promise<ImportSummary> {
    this.#import(importId);
    const running = this.#imports.get(importId);
    if (running) {
      running.controller.abort();
      await running.done;
    }
    return this.importSummary(importId);
  }

  imports(): ImportSummary[] {
    return this.#deps.journal.contactImports.list(this.#active()).map((found) => this.importSummary(found.importId));
  }

  importRows(importId: string, query: { states?: ImportRowStateName[]; offset?: number; limit?: number }) {
    this.#import(importId);
    const log = this.#deps.journal.contactImports;
    const rows = log.rows(importId, { states: query.states, offset: query.offset ?? 0, limit: query.limit ?? 200 });
    return { rows: rows.map(rowView), total: log.countRows(importId, query.states) };
  }

  // ---- calendar, messages ----------------------------------------------------------------

  async createEvent(input: Parameters<MessagingClient['createCalendarEvent']>[0]) {
    const client = await this.#client(this.#active());
    return client.createCalendarEvent(input);
  }

  mmsBegin(filename: string, sizeBytes: number) {
    return this.#mms.begin(filename, sizeBytes);
  }

  mmsChunk(mmsId: string, offset: number, data: string) {
    return this.#mms.chunk(mmsId, offset, data);
  }

  mmsDiscard(mmsId: string) {
    return { discarded: this.#mms.discard(mmsId) };
  }

  async send(arg: {
    contacts?: string[];
    groupId?: string;
    text: string;
    type: 'text' | 'mms';
    mmsId?: string;
    title?: string;
    schedule?: { time: string; timeZone: string };
  }) {
    const workspaceId = this.#active();
    const senderId = this.#senderId(workspaceId);
    const client = await this.#client(workspaceId);
    const mmsPath = arg.type === 'mms' && arg.mmsId ? this.#mms.pathOf(arg.mmsId) : undefined;
    const sent = await client.sendMessage({
      senderId,
      contacts: arg.contacts,
      groupId: arg.groupId,
      text: arg.text,
      type: arg.type,
      mmsPath,
      title: arg.title,
      schedule: arg.schedule,
    });
    if (arg.mmsId) this.#mms.discard(arg.mmsId);
    return sent;
  }

  async messages(query: { limit?: number; after?: string; submission?: number }) {
    const client = await this.#client(this.#active());
    return client.listMessages(query);
  }

  // ---- bulk sends ------------------------------------------------------------------------

  bulkBegin(arg: { title?: string; schedule?: { time: string; timeZone: string }; totalMessages: number }) {
    const draftId = randomUUID();
    const timer = setTimeout(() => this.#drafts.delete(draftId), DRAFT_TTL_MS);
    timer.unref();
    this.#drafts.set(draftId, {
      workspaceId: this.#active(),
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
    const senderId = this.#senderId(draft.workspaceId);
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
      .catch((err: unknown) => this.#deps.events.emit('bulk.progress', this.#progressOf(bulkId, toAppError(err))))
      .finally(() => this.#bulks.delete(bulkId));
    this.#bulks.set(bulkId, done);
  }

  /** An event that says where a bulk stands after a failure outside any one submission. */
  #progressOf(bulkId: string, error: AppError) {
    const submissions = this.#deps.journal.messaging.listBulk(bulkId);
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
    const submissions = this.#deps.journal.messaging.listBulk(bulkId);
    if (submissions.length === 0 || submissions[0]!.workspaceId !== this.#active())
      throw new AppFailure(
        appError('messaging.send_log.not_found', `There is no bulk send ${bulkId} in this workspace.`),
      );
    return submissions;
  }

  #bulkItem(bulkId: string): BulkListItem {
    const submissions = this.#deps.journal.messaging.listBulk(bulkId);
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
    const workspaceId = this.#active();
    const ids = new Set<string>();
    for (const state of SUBMISSION_STATES)
      for (const submission of this.#deps.journal.messaging.list(workspaceId, state)) ids.add(submission.bulkId);
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
    if (this.#closed) return;
    const waiting = new Set(this.#deps.journal.messaging.list(workspaceId, 'pending').map((s) => s.bulkId));
    for (const bulkId of waiting) {
      if (this.#bulks.has(bulkId)) continue;
      const states = this.#deps.journal.messaging.listBulk(bulkId).map((s) => s.state);
      if (states.some((s) => s === 'unknown' || s === 'failed')) continue;
      const bulk = this.#bulkSender(workspaceId);
      this.#run(bulk, bulkId);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const { controller } of this.#imports.values()) controller.abort();
    this.#stopBulks.abort();
    await Promise.allSettled(
      [...this.#imports.values(), ...[...this.#bulks.values()].map((done) => ({ done }))].map((run) => run.done),
    );
    for (const draft of this.#drafts.values()) clearTimeout(draft.timer);
    this.#drafts.clear();
    this.#mms.close();
  }
}

function summarise(bulkId: string, submissions: readonly Submission[]): BulkSummary {
  const count = (s: Submission) => s.numbers.length;
  return {
    bulkId,
    total: submissions.reduce((n, s) => n + count(s), 0),
    sent: submissions.filter((s) => s.state === 'sent').reduce((n, s) => n + count(s), 0),
    submissions: submissions.map((s) => ({ index: s.index, state: s.state, count: count(s), result: s.result })),
  };
}
