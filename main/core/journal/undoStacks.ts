// Each project's undo history (shared/timeline/undoStack.ts), kept so that undo and redo
// survive a restart. One row per workspace and project, replaced whole whenever the history
// moves; the steps are checked again when read, so a row written by another version (or
// edited by hand) is dropped rather than trusted.
import type { StatementSync } from 'node:sqlite';
import {
  UndoStackSchema,
  boundedStack,
  type UndoStack,
  type UndoStackArg,
} from '../../../shared/timeline/undoStack.ts';
import { transaction, type JournalDb } from './database.ts';
import { text, type Row } from './rows.ts';

export class UndoStackTable {
  readonly #db: JournalDb;
  readonly #now: () => number;
  readonly #put: StatementSync;
  readonly #get: StatementSync;
  readonly #remove: StatementSync;

  constructor(db: JournalDb, now: () => number) {
    this.#db = db;
    this.#now = now;
    this.#put = db.prepare(
      `INSERT INTO undo_stacks (workspace_id, project_id, revision, stack_json, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (workspace_id, project_id) DO UPDATE SET
         revision = excluded.revision, stack_json = excluded.stack_json, updated_at = excluded.updated_at`,
    );
    this.#get = db.prepare('SELECT revision, stack_json FROM undo_stacks WHERE workspace_id = ? AND project_id = ?');
    this.#remove = db.prepare('DELETE FROM undo_stacks WHERE workspace_id = ? AND project_id = ?');
  }

  /** Keeps the project's history as it is now (the newest steps within the bound); an empty one is forgotten. */
  save(workspaceId: string, projectId: number, stack: UndoStackArg): void {
    const kept = boundedStack(stack);
    transaction(this.#db, () => {
      if (kept.undo.length === 0 && kept.redo.length === 0) this.#remove.run(workspaceId, projectId);
      else
        this.#put.run(
          workspaceId,
          projectId,
          kept.revision,
          JSON.stringify({ undo: kept.undo, redo: kept.redo }),
          this.#now(),
        );
    });
  }

  /** The project's history as last saved; null when there is none (or what is there no longer reads as one). */
  get(workspaceId: string, projectId: number): UndoStack | null {
    const row = this.#get.get(workspaceId, projectId) as Row | undefined;
    if (!row) return null;
    let steps: unknown;
    try {
      steps = JSON.parse(text(row, 'stack_json'));
    } catch {
      return null;
    }
    const parsed = UndoStackSchema.safeParse({ revision: text(row, 'revision'), ...(steps as object) });
    return parsed.success ? parsed.data : null;
  }

  forget(workspaceId: string, projectId: number): void {
    transaction(this.#db, () => this.#remove.run(workspaceId, projectId));
  }
}
