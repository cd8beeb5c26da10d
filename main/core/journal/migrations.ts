// The journal's schema, as an append-only list: migration N brings user_version
// from N-1 to N. Never edit a shipped migration; add the next one.
//
// The triggers are the money rules made unbreakable by any code path: an
// intent's idempotency key never changes, a finished intent stays finished, only
// an unsent intent can be cancelled, and a messaging submission caught mid-send
// never goes back to `pending` (DESIGN.md rules 1 and 5).
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE intents (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    body_json TEXT NOT NULL,
    idempotency_key TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'accepted', 'done', 'failed', 'cancelled')),
    job_kind TEXT,
    job_id TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error_json TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX intents_open ON intents (workspace_id, seq) WHERE state IN ('pending', 'sent', 'accepted');
  CREATE INDEX intents_by_job ON intents (workspace_id, job_kind, job_id);
  CREATE TRIGGER intents_key_never_changes BEFORE UPDATE OF idempotency_key ON intents
    WHEN NEW.idempotency_key IS NOT OLD.idempotency_key
    BEGIN SELECT RAISE(ABORT, 'the idempotency key of an intent never changes'); END;
  CREATE TRIGGER intents_finished_stay_finished BEFORE UPDATE OF state ON intents
    WHEN OLD.state IN ('done', 'failed', 'cancelled') AND NEW.state IS NOT OLD.state
    BEGIN SELECT RAISE(ABORT, 'a finished intent stays finished'); END;
  CREATE TRIGGER intents_cancel_only_unsent BEFORE UPDATE OF state ON intents
    WHEN NEW.state = 'cancelled' AND OLD.state <> 'pending'
    BEGIN SELECT RAISE(ABORT, 'only an intent not yet sent can be cancelled'); END;

  CREATE TABLE jobs (
    workspace_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    job_id TEXT NOT NULL,
    state TEXT NOT NULL,
    last_seen_at INTEGER NOT NULL,
    webhook_finished INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, kind, job_id)
  );

  CREATE TABLE upload_sessions (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    file_path TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ms INTEGER NOT NULL,
    sha256 TEXT,
    upload_url TEXT,
    upload_offset INTEGER NOT NULL DEFAULT 0,
    state TEXT NOT NULL CHECK (state IN ('created', 'uploading', 'completed', 'failed', 'cancelled')),
    asset_id TEXT,
    last_error_json TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX upload_sessions_by_file ON upload_sessions (workspace_id, file_path);

  CREATE TABLE webhook_events (
    workspace_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, event_id)
  );
  CREATE INDEX webhook_events_by_age ON webhook_events (received_at);

  CREATE TABLE messaging_sends (
    bulk_id TEXT NOT NULL,
    submission_index INTEGER NOT NULL,
    workspace_id TEXT NOT NULL,
    numbers_json TEXT NOT NULL,
    payload_json TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'unknown')),
    result_json TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (bulk_id, submission_index)
  );
  CREATE INDEX messaging_sends_by_state ON messaging_sends (state);
  CREATE TRIGGER messaging_sending_never_pending BEFORE UPDATE OF state ON messaging_sends
    WHEN OLD.state = 'sending' AND NEW.state = 'pending'
    BEGIN SELECT RAISE(ABORT, 'a submission that may have been sent never goes back to pending'); END;
  CREATE TRIGGER messaging_finished_stay_finished BEFORE UPDATE OF state ON messaging_sends
    WHEN OLD.state IN ('sent', 'failed') AND NEW.state IS NOT OLD.state
    BEGIN SELECT RAISE(ABORT, 'a finished submission stays finished'); END;
  `,
  // 2: a submission whose request certainly never left (no connection was ever made) may
  // return from `sending` to `pending`, but only through returnUnsent(), which counts it.
  `
  ALTER TABLE messaging_sends ADD COLUMN unsent_returns INTEGER NOT NULL DEFAULT 0;
  DROP TRIGGER messaging_sending_never_pending;
  CREATE TRIGGER messaging_sending_never_pending BEFORE UPDATE OF state ON messaging_sends
    WHEN OLD.state = 'sending' AND NEW.state = 'pending' AND NEW.unsent_returns = OLD.unsent_returns
    BEGIN SELECT RAISE(ABORT, 'a submission that may have been sent never goes back to pending'); END;
  `,
  // 3: the request ID of the answer that accepted (or refused) an intent, for the Jobs screen and
  // support; and indexes for the Jobs screen's "recently finished" reads, newest first.
  `
  ALTER TABLE intents ADD COLUMN request_id TEXT;
  CREATE INDEX intents_finished ON intents (workspace_id, updated_at) WHERE state IN ('done', 'failed', 'cancelled');
  CREATE INDEX jobs_by_update ON jobs (workspace_id, updated_at);
  `,
  // 4: the Messaging screen's own records. The contacts this app added (the service cannot
  // list them), and contact imports journaled row by row, so a stopped or crashed import
  // resumes without adding anyone twice; a decided row stays decided.
  `
  CREATE TABLE messaging_contacts (
    workspace_id TEXT NOT NULL,
    number TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT,
    group_id TEXT,
    details_json TEXT NOT NULL,
    contact_id INTEGER,
    source TEXT NOT NULL CHECK (source IN ('form', 'import')),
    added_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, number)
  );
  CREATE INDEX messaging_contacts_by_age ON messaging_contacts (workspace_id, added_at);

  CREATE TABLE contact_imports (
    import_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    file_name TEXT NOT NULL,
    total_rows INTEGER NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('filling', 'ready', 'running', 'stopped', 'finished')),
    stop_reason_json TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX contact_imports_by_workspace ON contact_imports (workspace_id, created_at);

  CREATE TABLE contact_import_rows (
    import_id TEXT NOT NULL REFERENCES contact_imports (import_id),
    row_index INTEGER NOT NULL,
    input_json TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'added', 'duplicate', 'invalid', 'failed', 'unknown')),
    result_json TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (import_id, row_index)
  );
  CREATE INDEX contact_import_rows_by_state ON contact_import_rows (import_id, state, row_index);
  CREATE TRIGGER contact_import_rows_decided_stay_decided BEFORE UPDATE OF state ON contact_import_rows
    WHEN OLD.state IN ('added', 'duplicate', 'invalid', 'failed') AND NEW.state IS NOT OLD.state
    BEGIN SELECT RAISE(ABORT, 'a decided import row stays decided'); END;
  `,
  // 5: what the Jobs screen shows of a job that was only in memory before (the latest
  // job.updated): its project and what it cost, so a restart does not lose them.
  `
  ALTER TABLE jobs ADD COLUMN project_id INTEGER;
  ALTER TABLE jobs ADD COLUMN cost_usd REAL;
  `,
  // 6: each project's undo history (shared/timeline/undoStack.ts), so Ctrl+Z still works after a
  // restart: one row per project, rewritten whole as the history moves (at most 100 steps each
  // way), with the revision the steps were made for.
  `
  CREATE TABLE undo_stacks (
    workspace_id TEXT NOT NULL,
    project_id INTEGER NOT NULL,
    revision TEXT NOT NULL,
    stack_json TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, project_id)
  );
  `,
];
