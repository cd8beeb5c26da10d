// The columns every job table ends with, here below the job domain so that the database's
// own tables (generations, exports) can use them without the database importing a domain.
// `state TEXT NOT NULL` stays among a table's own columns, before its results, where each
// table has always had it.
export const JOB_COLUMNS = `error_code TEXT,
  error_message TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  started_at TEXT,
  completed_at TEXT`;
