// Runs a contact import from the journal (journal/contactImports.ts): a few workers claim
// rows one at a time (each committed `sending` before its request leaves) and record what
// the service answered. Stopping lets the rows in flight finish (none is cut off
// mid-request); a crash leaves them `sending`, which the journal turns into `unknown` at the
// next start.
//
// Unknown outcomes: the Messaging API has no idempotency, but adding a contact is safe to
// try again, unlike sending a message: if the first attempt did add it, the second only
// answers 97 (the number exists) and nobody is added twice. So a resume (the user's own
// action, which the screen announces) sends `unknown` rows again; nothing is re-sent
// silently in the background.
import { toAppError, type AppError } from '../../../shared/appError.ts';
import type { ContactCreated, ContactInput } from '../../../shared/api/messagingTypes.ts';
import type { ContactImportLog, ImportRow } from '../journal/contactImports.ts';
import type { MessagingContactBook } from '../journal/messagingContacts.ts';

export interface ImportRunnerOptions {
  readonly imports: ContactImportLog;
  readonly book: MessagingContactBook;
  readonly workspaceId: string;
  /** Adds one contact (the messaging client's createContact); it checks the input before sending. */
  readonly createContact: (input: ContactInput) => Promise<ContactCreated>;
  /** Told after each decided row (the caller throttles what it shows). */
  readonly onRow?: (row: number) => void;
  /** Requests in flight at once. */
  readonly concurrency?: number;
}

/** Answers that prove the service did nothing and would refuse every row alike: stop and let the user act. */
const STOPPING_RESULT_CODES = new Set(['01', '02', '401', '500', '404', '405']);

export type RunEnd = { reason: 'finished' } | { reason: 'stopped' } | { reason: 'halted'; error: AppError };

/** Turns an import row as journaled into what the client takes. */
export function contactInputOf(input: unknown): ContactInput {
  const draft = (input ?? {}) as Partial<Record<keyof ContactInput, unknown>>;
  const str = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const custom =
    draft.custom && typeof draft.custom === 'object' && Object.keys(draft.custom).length > 0
      ? (draft.custom as Record<string, string>)
      : undefined;
  return {
    name: typeof draft.name === 'string' ? draft.name : '',
    number: typeof draft.number === 'string' ? draft.number : '',
    email: str(draft.email),
    city: str(draft.city),
    state: str(draft.state),
    zip: str(draft.zip),
    country: str(draft.country),
    groupId: str(draft.groupId),
    note: str(draft.note),
    custom,
  };
}

export async function runContactImport(
  options: ImportRunnerOptions,
  importId: string,
  signal: AbortSignal,
): Promise<RunEnd> {
  const { imports, book } = options;
  let halted: AppError | null = null;

  async function decide(row: ImportRow): Promise<void> {
    const input = contactInputOf(row.input);
    try {
      const created = await options.createContact(input);
      const { status, code, meaning, message, requestId } = created;
      imports.finish(importId, row.row, 'added', { status, code, meaning, message, requestId });
      const contact = created.contact;
      book.add({
        workspaceId: options.workspaceId,
        number: contact?.contact ?? input.number,
        name: contact?.name ?? input.name,
        email: input.email ?? null,
        groupId: input.groupId ?? null,
        details: {
          city: input.city,
          state: input.state,
          zip: input.zip,
          country: input.country,
          note: input.note,
          custom: input.custom,
        },
        contactId: created.id ?? contact?.id ?? null,
        source: 'import',
      });
    } catch (err) {
      const error = toAppError(err);
      const resultCode = typeof error.details?.resultCode === 'string' ? error.details.resultCode : null;
      if (error.details?.delivery === 'not_sent' || (resultCode !== null && STOPPING_RESULT_CODES.has(resultCode))) {
        // Nothing was added, and the next rows would fare the same: this row waits, the run stops.
        imports.returnUnsent(importId, row.row, error);
        halted ??= error;
      } else if (error.code === 'messaging.contacts.97') {
        imports.finish(importId, row.row, 'duplicate', error);
      } else if (error.code === 'messaging.outcome_unknown') {
        imports.finish(importId, row.row, 'unknown', error);
      } else if (error.code.startsWith('messaging.input.')) {
        imports.finish(importId, row.row, 'invalid', error);
      } else {
        imports.finish(importId, row.row, 'failed', error);
      }
    }
    options.onRow?.(row.row);
  }

  async function worker(): Promise<void> {
    while (!signal.aborted && halted === null) {
      const row = imports.claimNext(importId);
      if (!row) return;
      await decide(row);
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, () => worker()));
  if (halted) return { reason: 'halted', error: halted };
  if (signal.aborted && imports.countRows(importId, ['pending']) > 0) return { reason: 'stopped' };
  return { reason: 'finished' };
}
