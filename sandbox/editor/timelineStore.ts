// Each revision of a project's timeline is one row holding its tracks as one JSON
// document, and the project points at its current revision. An edit reads one row and
// writes one, which keeps a 5,000-clip timeline fast; and an identical retry of a command
// list is answered from the revision it made, even after later edits. A project that was
// never edited gets r0 (three empty tracks) on first read.
import { randomUUID } from 'node:crypto';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { createProjectStore } from '../create/projects.ts';
import { DEFAULT_FIT } from './editorCatalog.ts';
import type { Timeline, Track } from './timelineSchemas.ts';

export const EDITOR_TIMELINE_SCHEMA = `
CREATE TABLE IF NOT EXISTS editor_revisions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id),
  revision INTEGER NOT NULL,
  applied INTEGER NOT NULL,
  tracks TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (project_id, revision)
);
CREATE TABLE IF NOT EXISTS editor_timelines (
  project_id INTEGER PRIMARY KEY REFERENCES projects(id),
  revision_id INTEGER NOT NULL REFERENCES editor_revisions(id)
);
`;

export interface CommandsResult {
  revision: string;
  applied: number;
  timeline: Timeline;
}

export interface StoredTimeline {
  projectId: number;
  revision: number;
  tracks: Track[];
  updatedAt: string;
}

export const revisionLabel = (revision: number): string => `r${revision}`;

function starterTracks(): Track[] {
  const track = (kind: Track['kind'], name: string): Track => ({
    id: randomUUID(),
    kind,
    name,
    muted: false,
    locked: false,
    clips: [],
  });
  return [track('video', 'Video 1'), track('audio', 'Audio 1'), track('caption', 'Captions 1')];
}

export function toTimeline(stored: StoredTimeline): Timeline {
  let durationMs = 0;
  // Clips are kept in start order without overlaps, so a track's last clip ends last.
  for (const track of stored.tracks) durationMs = Math.max(durationMs, track.clips.at(-1)?.endMs ?? 0);
  return {
    projectId: stored.projectId,
    revision: revisionLabel(stored.revision),
    durationMs,
    updatedAt: stored.updatedAt,
    tracks: stored.tracks,
  };
}

interface RevisionRow {
  id: number;
  project_id: number;
  revision: number;
  applied: number;
  tracks: string;
  created_at: string;
}

/** Tracks as stored; clips saved before media clips had a fit get the default one. */
export function parseTracks(json: string): Track[] {
  const tracks = JSON.parse(json) as Track[];
  for (const track of tracks) for (const clip of track.clips) if (clip.kind === 'media') clip.fit ??= DEFAULT_FIT;
  return tracks;
}

const stored = (row: RevisionRow): StoredTimeline => ({
  projectId: row.project_id,
  revision: row.revision,
  tracks: parseTracks(row.tracks),
  updatedAt: row.created_at,
});

export function createTimelineStore(ctx: SandboxContext) {
  const { db } = ctx;
  db.exec(EDITOR_TIMELINE_SCHEMA);
  const projects = createProjectStore(ctx);
  const current = db.prepare(
    'SELECT r.* FROM editor_timelines t JOIN editor_revisions r ON r.id = t.revision_id WHERE t.project_id = ?',
  );
  const byId = db.prepare('SELECT * FROM editor_revisions WHERE id = ?');
  const insert = db.prepare(
    'INSERT INTO editor_revisions (project_id, revision, applied, tracks, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const point = db.prepare('INSERT OR REPLACE INTO editor_timelines (project_id, revision_id) VALUES (?, ?)');

  function write(
    projectId: number,
    revision: number,
    applied: number,
    tracks: Track[],
  ): { id: number; updatedAt: string } {
    const updatedAt = iso(ctx.clock.now());
    const { lastInsertRowid } = insert.run(projectId, revision, applied, JSON.stringify(tracks), updatedAt);
    point.run(projectId, lastInsertRowid);
    return { id: Number(lastInsertRowid), updatedAt };
  }

  return {
    /** The project's timeline as stored now (a fresh copy the caller may change); 404 for a project not in the account. */
    read(accountId: number, projectId: number): StoredTimeline {
      projects.get(accountId, projectId);
      let row = current.get(projectId) as RevisionRow | undefined;
      if (!row) {
        write(projectId, 0, 0, starterTracks());
        row = current.get(projectId) as unknown as RevisionRow;
      }
      return stored(row);
    },
    /** Writes the changed tracks as the next revision (call inside the transaction that read them): its ID and the command list's answer. */
    save(changed: StoredTimeline, applied: number): { id: number; result: CommandsResult } {
      const revision = changed.revision + 1;
      const { id, updatedAt } = write(changed.projectId, revision, applied, changed.tracks);
      const timeline = toTimeline({ ...changed, revision, updatedAt });
      return { id, result: { revision: timeline.revision, applied, timeline } };
    },
    /** What a command list that made the revision `id` answered: the same again for an identical retry. */
    result(id: number): CommandsResult {
      const row = byId.get(id) as unknown as RevisionRow;
      const timeline = toTimeline(stored(row));
      return { revision: timeline.revision, applied: row.applied, timeline };
    },
  };
}

export type TimelineStore = ReturnType<typeof createTimelineStore>;
