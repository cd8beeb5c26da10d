// The journal: what the app must not forget across crashes (DESIGN.md "What the
// app keeps"): intents with their idempotency keys, jobs, upload sessions,
// webhook ids seen, the messaging send log and each project's undo history, in one SQLite file in the app's
// data folder. Several handles (processes) may open the same folder.
import { ContactImportLog } from './contactImports.ts';
import { openJournalDatabase, type JournalDb } from './database.ts';
import { IntentLog } from './intents.ts';
import { JobTable } from './jobs.ts';
import { MessagingContactBook } from './messagingContacts.ts';
import { MessagingSendLog } from './messagingSendLog.ts';
import { UndoStackTable } from './undoStacks.ts';
import { UploadSessionTable } from './uploadSessions.ts';
import { WebhookEventTable } from './webhookEvents.ts';

export interface JournalOptions {
  /** The app's data folder; the journal file lives in it. */
  readonly dataDir: string;
  /** Milliseconds since the epoch; tests may pin it. */
  readonly now?: () => number;
}

export class Journal {
  readonly intents: IntentLog;
  readonly jobs: JobTable;
  readonly uploads: UploadSessionTable;
  readonly webhookEvents: WebhookEventTable;
  readonly messaging: MessagingSendLog;
  readonly contacts: MessagingContactBook;
  readonly contactImports: ContactImportLog;
  readonly undoStacks: UndoStackTable;
  readonly #db: JournalDb;

  constructor(options: JournalOptions) {
    const now = options.now ?? Date.now;
    this.#db = openJournalDatabase(options.dataDir);
    this.intents = new IntentLog(this.#db, now);
    this.jobs = new JobTable(this.#db, now);
    this.uploads = new UploadSessionTable(this.#db, now);
    this.webhookEvents = new WebhookEventTable(this.#db, now);
    this.messaging = new MessagingSendLog(this.#db, now);
    this.contacts = new MessagingContactBook(this.#db, now);
    this.contactImports = new ContactImportLog(this.#db, now);
    this.undoStacks = new UndoStackTable(this.#db, now);
  }

  /**
   * What to run once at startup, before anything drains: submissions caught
   * mid-send become `unknown`. Returns what it found, for the UI to tell.
   * Only the one running app instance may call it: in a second handle it would
   * mark the first one's live sends unknown.
   */
  recoverAtStartup(): { unknownSubmissions: number } {
    // Contact import rows caught mid-send become `unknown` too; the Messaging screen shows them.
    this.contactImports.recoverAfterCrash();
    return { unknownSubmissions: this.messaging.recoverAfterCrash() };
  }

  /** The durability settings in force on this handle, for diagnostics and tests. */
  durability(): { journalMode: string; synchronous: 'off' | 'normal' | 'full' | 'extra'; busyTimeoutMs: number } {
    const mode = this.#db.prepare('PRAGMA journal_mode').get();
    const sync = this.#db.prepare('PRAGMA synchronous').get();
    const busy = this.#db.prepare('PRAGMA busy_timeout').get();
    const levels = ['off', 'normal', 'full', 'extra'] as const;
    return {
      journalMode: String(mode?.journal_mode),
      synchronous: levels[Number(sync?.synchronous)] ?? 'off',
      busyTimeoutMs: Number(busy?.timeout),
    };
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}

export function openJournal(options: JournalOptions): Journal {
  return new Journal(options);
}
