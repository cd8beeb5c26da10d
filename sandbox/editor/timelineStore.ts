// A project's timeline, revision by revision. Each revision is one row; the project points
// at its current one. A row holds the whole track list (a full copy) or only what its
// command list changed (the list's answer, shared/timeline/timelineChanges.ts): full copies
// are written when the changes since the last one add up to as much as a copy, so an edit of a
// 5,000-clip timeline writes a few hundred bytes, not 1.2 MB, and reading a timeline back
// replays at most about one timeline's worth of changes. The current timeline of each
// project is kept in memory (frozen: shared by every request, changed by none), so an edit
// neither parses nor writes the whole timeline. An identical retry of a command list is
// answered from the row it made, even after later edits. A project that was never edited
// gets r0 (three empty tracks) on first read. Markers are few: a full copy keeps them in a
// column of their own, and a list that changed one answers with all of them. Each row also
// keeps a one-line summary of its command list and who sent it (the API key by name and last
// four, or a signed-in editor session), for the revision list (GET …/editor/revisions).
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { createProjectStore } from '../create/projectStore.ts';
import { addColumnIfMissing, type Db } from '../db/database.ts';
import { ApiError } from '../http/apiError.ts';
import type { Pagination } from '../http/envelope.ts';
import { pageOf, type PageRequest } from '../http/pagination.ts';
import { changesOf, replayChanges, type TimelineChanges } from '../../shared/timeline/timelineChanges.ts';
import { durationOf, indexClips, type ClipPlaces, type TrackIndex } from '../../shared/timeline/trackIndex.ts';
import { deepFreeze, freezeTracks, parseTracks, starterTracks, withTrackDefaults } from './storedTracks.ts';
import type { Marker, Timeline, Track } from './timelineSchemas.ts';

export { parseTracks } from './storedTracks.ts';

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

/** `tracks` of a row that holds only its changes (the column predates them and may not be null). */
const NOT_KEPT = '';
/** Full copies are written at least this often, in bytes of changes, however small the timeline. */
const MIN_COPY_GAP = 64 * 1024;

/** The answer to a command list (and to its identical retries). */
export interface CommandsResult {
  revision: string;
  /** The revision the list was applied to. */
  baseRevision: string;
  applied: number;
  durationMs: number;
  updatedAt: string;
  /** What the list changed; absent only when retrying a list applied before answers carried it. */
  changes?: TimelineChanges;
  /** The whole timeline, with `Prefer: return=representation` (and on such an old retry). */
  timeline?: Timeline;
}

export interface StoredTimeline {
  readonly projectId: number;
  readonly revision: number;
  /** Shared and frozen (changing it throws): a command list changes a copy (applyCommands). */
  readonly tracks: Track[];
  readonly updatedAt: string;
  /** Where each clip is, for the next command list. */
  readonly places: ClipPlaces;
  /** In time order; shared and frozen like the tracks. */
  readonly markers: readonly Marker[];
}

interface Cached extends StoredTimeline {
  readonly rowId: number;
  /** Size of the last full copy, and of the changes written since. */
  readonly copyBytes: number;
  readonly changeBytes: number;
}

export const revisionLabel = (revision: number): string => `r${revision}`;

/** 409 revision.conflict carrying what the client needs to review its edit: the current timeline. */
export function revisionConflict(stored: StoredTimeline, sent: string): ApiError {
  const currentRevision = revisionLabel(stored.revision);
  return new ApiError(
    'revision.conflict',
    `The timeline is at ${currentRevision}, not ${sent}: someone changed it since you read it. Review your edit against the current timeline (in this error) and send it again with revision ${currentRevision}.`,
    {
      details: { currentRevision, current: toTimeline(stored) },
    },
  );
}

export function toTimeline(
  stored: Pick<StoredTimeline, 'projectId' | 'revision' | 'tracks' | 'updatedAt'> & { markers?: readonly Marker[] },
): Timeline {
  return {
    projectId: stored.projectId,
    revision: revisionLabel(stored.revision),
    durationMs: durationOf(stored.tracks),
    updatedAt: stored.updatedAt,
    tracks: stored.tracks,
    markers: [...(stored.markers ?? [])],
  };
}

interface RevisionRow {
  id: number;
  project_id: number;
  revision: number;
  applied: number;
  tracks: string;
  answer: string | null;
  summary: string | null;
  /** Who sent the list that made it (RevisionAuthor as JSON); null when the service made it itself. */
  author: string | null;
  /** A full copy's markers (JSON); null in a row of changes, or one written before markers. */
  markers: string | null;
  created_at: string;
}

const parseMarkers = (json: string | null): Marker[] => (json ? (JSON.parse(json) as Marker[]) : []);

/** Who sent a command list: an API key (by its name and last four) or a signed-in editor session. */
export interface RevisionAuthor {
  kind: 'key' | 'session';
  name: string;
  lastFour: string | null;
}

/** One entry of the revision list. */
export interface RevisionEntry {
  revision: string;
  createdAt: string;
  summary: string;
  /** Null for a revision the service made itself (r0, a template's variant) or made before authors were kept. */
  author: RevisionAuthor | null;
}

/** What a revision made before summaries were kept, or with none given, says. */
const NO_SUMMARY = 'Edit';
/** The summary of r0. */
export const FIRST_SUMMARY = 'New timeline';

/** The current timelines of one database, shared by every store made on it. */
const memory = new WeakMap<Db, Map<number, Cached>>();

export function createTimelineStore(ctx: SandboxContext) {
  const { db } = ctx;
  db.exec(EDITOR_TIMELINE_SCHEMA);
  addColumnIfMissing(db, 'editor_revisions', 'answer', 'TEXT');
  addColumnIfMissing(db, 'editor_revisions', 'summary', 'TEXT');
  addColumnIfMissing(db, 'editor_revisions', 'markers', 'TEXT');
  addColumnIfMissing(db, 'editor_revisions', 'author', 'TEXT');
  if (!memory.has(db)) memory.set(db, new Map());
  const cached = memory.get(db)!;
  const projects = createProjectStore(ctx);
  const pointer = db.prepare('SELECT revision_id FROM editor_timelines WHERE project_id = ?');
  const byId = db.prepare('SELECT * FROM editor_revisions WHERE id = ?');
  const lastCopy = db.prepare(
    `SELECT * FROM editor_revisions WHERE project_id = ? AND revision <= ? AND tracks <> '' ORDER BY revision DESC LIMIT 1`,
  );
  const changesAfter = db.prepare(
    'SELECT * FROM editor_revisions WHERE project_id = ? AND revision > ? AND revision <= ? ORDER BY revision',
  );
  const insert = db.prepare(
    'INSERT INTO editor_revisions (project_id, revision, applied, tracks, answer, summary, markers, created_at, author) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const atRevision = db.prepare('SELECT id FROM editor_revisions WHERE project_id = ? AND revision = ?');
  const point = db.prepare('INSERT OR REPLACE INTO editor_timelines (project_id, revision_id) VALUES (?, ?)');

  /** The project's timeline at a revision, from its last full copy and the changes since. */
  function rebuild(projectId: number, revision: number): Omit<Cached, 'rowId'> & { row: RevisionRow } {
    const copy = lastCopy.get(projectId, revision) as unknown as RevisionRow;
    let tracks = parseTracks(copy.tracks);
    let markers = parseMarkers(copy.markers);
    const places = indexClips(tracks);
    let row = copy;
    let changeBytes = 0;
    for (const later of changesAfter.all(projectId, copy.revision, revision) as unknown as RevisionRow[]) {
      const answer = JSON.parse(later.answer!) as CommandsResult;
      tracks = replayChanges(tracks, places, answer.changes!) as Track[];
      if (answer.changes!.markers) markers = answer.changes!.markers as Marker[];
      changeBytes += later.answer!.length;
      row = later;
    }
    // Answers written before tracks had a mix name their tracks without one.
    withTrackDefaults(tracks);
    return {
      projectId,
      revision: row.revision,
      tracks: freezeTracks(tracks) as Track[],
      markers: deepFreeze(markers),
      updatedAt: row.created_at,
      places,
      copyBytes: copy.tracks.length,
      changeBytes,
      row,
    };
  }

  function write(
    entry: Omit<Cached, 'rowId'>,
    applied: number,
    tracksJson: string,
    answer: string | null,
    summary: string,
    author: RevisionAuthor | null = null,
  ): Cached {
    const { lastInsertRowid } = insert.run(
      entry.projectId,
      entry.revision,
      applied,
      tracksJson,
      answer,
      summary,
      tracksJson === NOT_KEPT ? null : JSON.stringify(entry.markers),
      entry.updatedAt,
      author && JSON.stringify(author),
    );
    point.run(entry.projectId, lastInsertRowid);
    // Kept at once: should the transaction roll back, the pointer no longer names this row and read() rebuilds.
    const made = { ...entry, rowId: Number(lastInsertRowid) };
    cached.set(entry.projectId, made);
    return made;
  }

  /** Writes a whole track list as the project's next revision (or r0), with the answer of the list that made it. */
  function writeCopy(
    projectId: number,
    revision: number,
    applied: number,
    tracks: Track[],
    markers: readonly Marker[],
    updatedAt = iso(ctx.clock.now()),
    answer: string | null = null,
    summary = FIRST_SUMMARY,
    author: RevisionAuthor | null = null,
  ): Cached {
    const json = JSON.stringify(tracks);
    const entry = {
      projectId,
      revision,
      tracks: freezeTracks(tracks) as Track[],
      markers: deepFreeze([...markers]),
      updatedAt,
      places: indexClips(tracks),
      copyBytes: json.length,
      changeBytes: 0,
    };
    return write(entry, applied, json, answer, summary, author);
  }

  function current(projectId: number): Cached {
    const rowId = (pointer.get(projectId) as { revision_id: number } | undefined)?.revision_id;
    if (rowId === undefined) return writeCopy(projectId, 0, 0, starterTracks(), []);
    const known = cached.get(projectId);
    if (known?.rowId === rowId) return known;
    const { revision } = byId.get(rowId) as unknown as RevisionRow;
    const { row, ...rebuilt } = rebuild(projectId, revision);
    const entry = { ...rebuilt, rowId: row.id };
    cached.set(projectId, entry);
    return entry;
  }

  return {
    /** The project's timeline as stored now: shared and frozen, never to be changed; 404 for a project not in the account. */
    read(accountId: number, projectId: number): StoredTimeline {
      projects.get(accountId, projectId);
      return current(projectId);
    },

    /**
     * Writes what a command list made of `stored` (its working copy `index`) as the next
     * revision, inside the transaction that read it: the row's ID and the list's answer.
     */
    commit(
      stored: StoredTimeline,
      index: TrackIndex,
      applied: number,
      summary = NO_SUMMARY,
      author: RevisionAuthor | null = null,
    ): { id: number; result: CommandsResult } {
      const was = stored as Cached;
      const revision = stored.revision + 1;
      const updatedAt = iso(ctx.clock.now());
      const changes = changesOf(index);
      const tracks = index.tracks as Track[];
      const markers = index.markers() as Marker[];
      const result: CommandsResult = {
        revision: revisionLabel(revision),
        baseRevision: revisionLabel(stored.revision),
        applied,
        durationMs: durationOf(tracks),
        updatedAt,
        changes,
      };
      const answer = JSON.stringify(result);
      // Forgotten until written: whatever fails from here, the next read rebuilds from the rows.
      cached.delete(stored.projectId);
      const changeBytes = was.changeBytes + answer.length;
      if (changeBytes >= Math.max(was.copyBytes, MIN_COPY_GAP))
        return {
          id: writeCopy(stored.projectId, revision, applied, tracks, markers, updatedAt, answer, summary, author).rowId,
          result,
        };
      // The store's own index moves on with the list (one transaction at a time: nothing reads it meanwhile).
      index.commit(stored.places);
      const entry = {
        projectId: stored.projectId,
        revision,
        tracks: freezeTracks(tracks) as Track[],
        markers: deepFreeze([...markers]),
        updatedAt,
        places: stored.places,
        copyBytes: was.copyBytes,
        changeBytes,
      };
      return { id: write(entry, applied, NOT_KEPT, answer, summary, author).rowId, result };
    },

    /** Writes a whole new track list (and markers: none by default) as the next revision (a template's variant, a copy); its row's ID. */
    save(
      changed: Pick<StoredTimeline, 'projectId' | 'revision'> & { tracks: Track[]; markers?: readonly Marker[] },
      applied: number,
      summary = 'Replace timeline',
    ): number {
      // A copy of its own: the store freezes what it keeps, and the caller's tracks may be shared.
      const tracks = structuredClone(changed.tracks);
      const markers = structuredClone([...(changed.markers ?? [])]);
      return writeCopy(changed.projectId, changed.revision + 1, applied, tracks, markers, undefined, null, summary)
        .rowId;
    },

    /** A page of the project's revisions, newest first; `after` is the previous page's last revision number. */
    revisions(
      accountId: number,
      projectId: number,
      page: PageRequest,
    ): { items: RevisionEntry[]; pagination: Pagination } {
      projects.get(accountId, projectId);
      current(projectId);
      type Listed = { id: number; created_at: string; summary: string | null; author: string | null };
      const { items, pagination } = pageOf<Listed>(
        (where, args, limit) =>
          db
            .prepare(
              `SELECT * FROM (SELECT revision AS id, created_at, summary, author FROM editor_revisions WHERE project_id = ?) WHERE ${where} ORDER BY id DESC LIMIT ?`,
            )
            .all(projectId, ...args, limit) as unknown as Listed[],
        page,
      );
      return {
        items: items.map((row) => ({
          revision: revisionLabel(row.id),
          createdAt: row.created_at,
          summary: row.summary ?? (row.id === 0 ? FIRST_SUMMARY : NO_SUMMARY),
          author: row.author ? (JSON.parse(row.author) as RevisionAuthor) : null,
        })),
        pagination,
      };
    },

    /** The project's timeline as it was at `revision`; 404 when the timeline never had it. */
    at(accountId: number, projectId: number, revision: number): Timeline {
      projects.get(accountId, projectId);
      const now = current(projectId);
      if (revision === now.revision) return toTimeline(now);
      if (revision > now.revision || atRevision.get(projectId, revision) === undefined)
        throw new ApiError(
          'resource.not_found',
          `The timeline has no revision ${revisionLabel(revision)}: it goes from r0 to ${revisionLabel(now.revision)}. List them with GET /projects/${projectId}/editor/revisions.`,
        );
      return toTimeline(rebuild(projectId, revision));
    },

    /** What the command list that made the revision `id` answered: the same again for an identical retry. */
    result(id: number, withTimeline = false): CommandsResult {
      const row = byId.get(id) as unknown as RevisionRow;
      const timeline = (): Timeline => {
        if (row.tracks !== NOT_KEPT)
          return toTimeline({
            ...row,
            projectId: row.project_id,
            tracks: parseTracks(row.tracks),
            markers: parseMarkers(row.markers),
            updatedAt: row.created_at,
          });
        return toTimeline(rebuild(row.project_id, row.revision));
      };
      if (row.answer === null) {
        // Applied before answers said what changed: the whole timeline says it.
        const whole = timeline();
        return {
          revision: whole.revision,
          baseRevision: revisionLabel(row.revision - 1),
          applied: row.applied,
          durationMs: whole.durationMs,
          updatedAt: row.created_at,
          timeline: whole,
        };
      }
      const answer = JSON.parse(row.answer) as CommandsResult;
      return withTimeline ? { ...answer, timeline: timeline() } : answer;
    },
  };
}

export type TimelineStore = ReturnType<typeof createTimelineStore>;
