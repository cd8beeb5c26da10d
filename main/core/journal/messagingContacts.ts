// The contacts this app has added to a workspace's Messaging API (answered 00), kept in the
// journal: the service has no call that lists contacts, so this is the only place the
// Messaging screen can search them and pick message recipients from. One row per number
// (E.164) per workspace.
import type { StatementSync } from 'node:sqlite';
import { transaction, type JournalDb } from './database.ts';
import { integer, json, text, textOrNull, type Row } from './rows.ts';

export interface BookContact {
  readonly workspaceId: string;
  /** E.164, as it was sent. */
  readonly number: string;
  readonly name: string;
  readonly email: string | null;
  readonly groupId: string | null;
  /** City, state, zip, country, note and custom fields, as they were sent. */
  readonly details: Record<string, unknown>;
  /** The service's id for the contact, when it gave one. */
  readonly contactId: number | null;
  readonly source: 'form' | 'import';
  readonly addedAt: number;
}

export type NewBookContact = Omit<BookContact, 'addedAt'>;

export interface ContactSearch {
  /** Words that must each appear in the name, number, email or group. */
  readonly query?: string;
  readonly groupId?: string;
  readonly limit: number;
  readonly offset: number;
}

/** LIKE with the user's text taken literally. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class MessagingContactBook {
  readonly #db: JournalDb;
  readonly #now: () => number;
  readonly #insert: StatementSync;
  readonly #groups: StatementSync;
  readonly #byNumbers: StatementSync;

  constructor(db: JournalDb, now: () => number) {
    this.#db = db;
    this.#now = now;
    this.#insert = db.prepare(
      `INSERT INTO messaging_contacts (workspace_id, number, name, email, group_id, details_json, contact_id, source, added_at)
       VALUES ($workspaceId, $number, $name, $email, $groupId, $details, $contactId, $source, $now)
       ON CONFLICT (workspace_id, number) DO UPDATE SET name = excluded.name, email = excluded.email,
         group_id = excluded.group_id, details_json = excluded.details_json, contact_id = excluded.contact_id`,
    );
    this.#groups = db.prepare(
      `SELECT group_id, COUNT(*) AS n FROM messaging_contacts WHERE workspace_id = ? AND group_id IS NOT NULL
       GROUP BY group_id ORDER BY group_id`,
    );
    this.#byNumbers = db.prepare(
      'SELECT * FROM messaging_contacts WHERE workspace_id = ? AND number IN (SELECT value FROM json_each(?))',
    );
  }

  add(contact: NewBookContact): BookContact {
    const addedAt = this.#now();
    transaction(this.#db, () =>
      this.#insert.run({
        workspaceId: contact.workspaceId,
        number: contact.number,
        name: contact.name,
        email: contact.email,
        groupId: contact.groupId,
        details: JSON.stringify(contact.details),
        contactId: contact.contactId,
        source: contact.source,
        now: addedAt,
      }),
    );
    return { ...contact, addedAt };
  }

  /** Newest first; every word of the query must match somewhere. */
  search(workspaceId: string, search: ContactSearch): { items: BookContact[]; total: number } {
    const where = ['workspace_id = ?'];
    const params: (string | number)[] = [workspaceId];
    for (const word of (search.query ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
      where.push(
        "(name LIKE ? ESCAPE '\\' OR number LIKE ? ESCAPE '\\' OR coalesce(email, '') LIKE ? ESCAPE '\\' OR coalesce(group_id, '') LIKE ? ESCAPE '\\')",
      );
      // A number is found by its digits however it is typed ("(212) 555" finds +1212555…).
      const digits = word.replace(/[\s().+-]/g, '');
      params.push(
        likePattern(word),
        likePattern(/^\d+$/.test(digits) ? digits : word),
        likePattern(word),
        likePattern(word),
      );
    }
    if (search.groupId) {
      where.push('group_id = ?');
      params.push(search.groupId);
    }
    const clause = where.join(' AND ');
    const total = Number(
      this.#db.prepare(`SELECT COUNT(*) AS n FROM messaging_contacts WHERE ${clause}`).get(...params)?.n ?? 0,
    );
    const rows = this.#db
      .prepare(`SELECT * FROM messaging_contacts WHERE ${clause} ORDER BY added_at DESC, number LIMIT ? OFFSET ?`)
      .all(...params, search.limit, search.offset);
    return { items: rows.map(toContact), total };
  }

  /** The groups the added contacts belong to, with how many each. */
  groups(workspaceId: string): { groupId: string; count: number }[] {
    return this.#groups.all(workspaceId).map((row) => ({ groupId: text(row, 'group_id'), count: integer(row, 'n') }));
  }

  byNumbers(workspaceId: string, numbers: readonly string[]): BookContact[] {
    return this.#byNumbers.all(workspaceId, JSON.stringify(numbers)).map(toContact);
  }
}

function toContact(row: Row): BookContact {
  return {
    workspaceId: text(row, 'workspace_id'),
    number: text(row, 'number'),
    name: text(row, 'name'),
    email: textOrNull(row, 'email'),
    groupId: textOrNull(row, 'group_id'),
    details: json<Record<string, unknown>>(row, 'details_json'),
    contactId: row.contact_id === null ? null : integer(row, 'contact_id'),
    source: text(row, 'source') as BookContact['source'],
    addedAt: integer(row, 'added_at'),
  };
}
