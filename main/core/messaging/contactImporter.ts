// Contact imports of the active workspace: the page sends a file's rows in parts, the
// journal keeps them (contactImports), and a run adds them one by one through the Messaging
// API in the background (contactImportRunner.ts), reporting `import.progress`.
import { toAppError } from '../../../shared/appError.ts';
import { MESSAGING_CLIENT_CODES } from '../../../shared/messagingFailures.ts';
import type {
  ContactDraft,
  ImportRowStateName,
  ImportRowView,
  ImportSummary,
} from '../../../shared/ipc/messagingViews.ts';
import type { ContactImport, ImportRow } from '../journal/contactImports.ts';
import { messagingFailure as failure, type ActiveMessaging } from './activeMessaging.ts';
import { contactInputOf, runContactImport } from './contactImportRunner.ts';

/** The import screen hears of progress at most this often. */
const IMPORT_EVENT_MS = 150;

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

export class ContactImporter {
  readonly #messaging: ActiveMessaging;
  readonly #imports = new Map<string, { controller: AbortController; done: Promise<void> }>();

  constructor(messaging: ActiveMessaging) {
    this.#messaging = messaging;
  }

  #import(importId: string): ContactImport {
    const found = this.#messaging.deps.journal.contactImports.get(importId);
    if (!found || found.workspaceId !== this.#messaging.activeId()) throw failure('messaging.import.not_found');
    return found;
  }

  importSummary(importId: string): ImportSummary {
    const log = this.#messaging.deps.journal.contactImports;
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
    const created = this.#messaging.deps.journal.contactImports.create(this.#messaging.activeId(), fileName, totalRows);
    return this.importSummary(created.importId);
  }

  importAppend(importId: string, firstRow: number, rows: ContactDraft[]): ImportSummary {
    const found = this.#import(importId);
    const log = this.#messaging.deps.journal.contactImports;
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
    const client = await this.#messaging.client(workspaceId);
    const log = this.#messaging.deps.journal.contactImports;
    // The user's word (resume): unknown rows go again, which is safe for contacts (97 at worst).
    log.requeueUnknown(importId);
    if (!log.setState(importId, ['ready', 'stopped', 'finished'], 'running')) return this.importSummary(importId);

    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const emit = () => {
      timer = undefined;
      this.#messaging.deps.events.emit('import.progress', this.importSummary(importId));
    };
    emit();
    const done = runContactImport(
      {
        imports: log,
        book: this.#messaging.deps.journal.contacts,
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
        if (!this.#messaging.closed) emit();
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
    return this.#messaging.deps.journal.contactImports
      .list(this.#messaging.activeId())
      .map((found) => this.importSummary(found.importId));
  }

  importRows(importId: string, query: { states?: ImportRowStateName[]; offset?: number; limit?: number }) {
    this.#import(importId);
    const log = this.#messaging.deps.journal.contactImports;
    const rows = log.rows(importId, { states: query.states, offset: query.offset ?? 0, limit: query.limit ?? 200 });
    return { rows: rows.map(rowView), total: log.countRows(importId, query.states) };
  }

  /** Stops every run (the rows under way end as the runner leaves them) and waits for them. */
  async close(): Promise<void> {
    for (const { controller } of this.#imports.values()) controller.abort();
    await Promise.allSettled([...this.#imports.values()].map((run) => run.done));
  }
}
