// The Messaging API's tables, in the sandbox's database beside the Create API's, so a restart
// keeps everything. Instants are kept as epoch milliseconds (for comparisons) next to the
// times as the client gave them (for showing back).
import type { Db } from '../db/database.ts';

const MESSAGING_SCHEMA = `
CREATE TABLE IF NOT EXISTS sandbox_meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS messaging_revoked_keys (
  key_hash TEXT PRIMARY KEY,
  revoked_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS messaging_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  summary TEXT,
  description TEXT,
  activity TEXT,
  priority TEXT,
  start_date_time TEXT NOT NULL,
  start_time_zone TEXT NOT NULL,
  end_date_time TEXT NOT NULL,
  end_time_zone TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  reminder_method TEXT,
  reminder_minutes INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS messaging_events_time ON messaging_events (starts_at, ends_at);
CREATE TABLE IF NOT EXISTS messaging_contacts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  number TEXT NOT NULL,
  digits TEXT NOT NULL UNIQUE,
  email TEXT,
  city TEXT,
  state TEXT,
  zip TEXT,
  country TEXT,
  group_id TEXT,
  note TEXT,
  custom TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS messaging_contacts_group ON messaging_contacts (group_id);
CREATE TABLE IF NOT EXISTS messaging_submissions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  title TEXT,
  sender_id TEXT NOT NULL,
  type TEXT NOT NULL,
  mms_path TEXT,
  mms_content_type TEXT,
  mms_bytes INTEGER,
  message_count INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS messaging_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  submission_id INTEGER NOT NULL REFERENCES messaging_submissions(id),
  number TEXT NOT NULL,
  text TEXT NOT NULL,
  type TEXT NOT NULL,
  group_id TEXT,
  scheduled_at INTEGER NOT NULL,
  local_time TEXT,
  time_zone TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS messaging_messages_submission ON messaging_messages (submission_id);
`;

export function createMessagingTables(db: Db): void {
  db.exec(MESSAGING_SCHEMA);
}
