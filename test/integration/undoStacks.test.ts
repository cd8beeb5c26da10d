// Each project's undo history in the journal (main/core/journal/undoStacks.ts): a real SQLite
// file, closed and opened again as a restart does; kept per workspace and project, bounded,
// and a row that no longer reads as a history is dropped, never trusted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { JOURNAL_FILE_NAME } from '../../main/core/journal/database.ts';
import { MIGRATIONS } from '../../main/core/journal/migrations.ts';
import { openJournal, type Journal } from '../../main/core/journal/journal.ts';
import { UNDO_STEPS_KEPT, type UndoStack, type UndoStep } from '../../shared/timeline/undoStack.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-undo-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function open(dataDir: string): Journal {
  const journal = openJournal({ dataDir });
  cleanups.push(() => journal.close());
  return journal;
}

const CLIP = '2f1c3a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const step = (n: number): UndoStep => ({
  id: `step-${n}`,
  label: `Trim clip ${n}`,
  redo: [{ type: 'trimClip', clipId: CLIP, inMs: n * 10 }],
  undo: [{ type: 'trimClip', clipId: CLIP, inMs: 0 }],
});

describe('the undo history in the journal', () => {
  it('is read back after the journal is closed and opened again, per workspace and project', () => {
    const dir = tempDir();
    const first = open(dir);
    const stack: UndoStack = { revision: 'r7', undo: [step(1), step(2)], redo: [step(3)] };
    first.undoStacks.save('ws-1', 12, stack);
    first.undoStacks.save('ws-1', 13, { revision: 'r2', undo: [step(4)], redo: [] });
    first.close();

    const again = open(dir);
    expect(again.undoStacks.get('ws-1', 12)).toEqual(stack);
    expect(again.undoStacks.get('ws-1', 13)?.revision).toBe('r2');
    expect(again.undoStacks.get('ws-2', 12)).toBeNull();
    expect(again.undoStacks.get('ws-1', 14)).toBeNull();
  });

  it('is replaced whole as it moves, and forgotten when it is empty', () => {
    const journal = open(tempDir());
    journal.undoStacks.save('ws-1', 12, { revision: 'r3', undo: [step(1), step(2)], redo: [] });
    journal.undoStacks.save('ws-1', 12, { revision: 'r4', undo: [step(1)], redo: [step(2)] });
    expect(journal.undoStacks.get('ws-1', 12)).toEqual({ revision: 'r4', undo: [step(1)], redo: [step(2)] });
    journal.undoStacks.save('ws-1', 12, { revision: 'r5', undo: [], redo: [] });
    expect(journal.undoStacks.get('ws-1', 12)).toBeNull();
  });

  it(`keeps at most the newest ${UNDO_STEPS_KEPT} steps each way`, () => {
    const journal = open(tempDir());
    const many = Array.from({ length: UNDO_STEPS_KEPT + 5 }, (_, n) => step(n));
    journal.undoStacks.save('ws-1', 12, { revision: 'r200', undo: many, redo: many });
    const kept = journal.undoStacks.get('ws-1', 12)!;
    expect(kept.undo).toHaveLength(UNDO_STEPS_KEPT);
    expect(kept.undo[0]!.id).toBe('step-5');
    expect(kept.redo).toHaveLength(UNDO_STEPS_KEPT);
  });

  it('drops a row that no longer reads as a history', () => {
    const dir = tempDir();
    const journal = open(dir);
    journal.undoStacks.save('ws-1', 12, { revision: 'r1', undo: [step(1)], redo: [] });
    journal.close();
    const raw = new DatabaseSync(join(dir, JOURNAL_FILE_NAME));
    raw.prepare('UPDATE undo_stacks SET stack_json = ?').run('{"undo":[{"id":"x"}],"redo":[]}');
    raw.close();
    const again = open(dir);
    expect(again.undoStacks.get('ws-1', 12)).toBeNull();
    // main takes a history with only its commands' shape checked (it is sent on every edit);
    // a command that is no editor command is caught when the history is read back.
    again.undoStacks.save('ws-1', 13, {
      revision: 'r1',
      undo: [{ id: 'x', label: 'Odd', redo: [{ type: 'explode' }], undo: [{ type: 'explode' }] }],
      redo: [],
    });
    expect(again.undoStacks.get('ws-1', 13)).toBeNull();
  });

  it('is added to a journal an older Clipdesk wrote, keeping what it holds', () => {
    const dir = tempDir();
    // The journal as the version before this table left it.
    const raw = new DatabaseSync(join(dir, JOURNAL_FILE_NAME));
    for (const [i, sql] of MIGRATIONS.slice(0, 5).entries()) {
      raw.exec(sql);
      raw.exec(`PRAGMA user_version = ${i + 1}`);
    }
    raw.prepare("INSERT INTO webhook_events (workspace_id, event_id, received_at) VALUES ('ws-1', 'evt-1', 1)").run();
    raw.close();
    const journal = open(dir);
    expect(journal.webhookEvents.recordIfNew('ws-1', 'evt-1')).toBe(false);
    journal.undoStacks.save('ws-1', 12, { revision: 'r1', undo: [step(1)], redo: [] });
    expect(journal.undoStacks.get('ws-1', 12)?.undo).toHaveLength(1);
  });
});
