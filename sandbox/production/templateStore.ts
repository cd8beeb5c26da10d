// Templates and their versions as rows. A version is inserted once and never updated:
// this module has no statement that changes one, which is what "immutable" rests on.
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import type { Track } from '../editor/timelineSchemas.ts';
import { parseTracks, revisionLabel, toTimeline } from '../editor/timelineStore.ts';
import type { Binding, Slot, TemplateVersion } from './templateSchemas.ts';

interface TemplateRow {
  id: number;
  account_id: number;
  created_at: string;
  updated_at: string;
}

interface VersionRow {
  id: number;
  template_id: number;
  version: number;
  name: string;
  source_project_id: number;
  source_revision: number;
  aspect_ratio: string;
  slots: string;
  bindings: string;
  tracks: string;
  created_at: string;
}

export interface NewVersion {
  name: string;
  projectId: number;
  sourceRevision: number;
  aspectRatio: string;
  slots: Slot[];
  bindings: Binding[];
  tracks: Track[];
}

function toVersion(row: VersionRow): TemplateVersion {
  const tracks = parseTracks(row.tracks);
  const { durationMs } = toTimeline({
    projectId: row.source_project_id,
    revision: row.source_revision,
    tracks,
    updatedAt: row.created_at,
  });
  return {
    templateId: row.template_id,
    version: row.version,
    name: row.name,
    projectId: row.source_project_id,
    sourceRevision: revisionLabel(row.source_revision),
    aspectRatio: row.aspect_ratio,
    slots: JSON.parse(row.slots) as Slot[],
    bindings: JSON.parse(row.bindings) as Binding[],
    timeline: { durationMs, tracks },
    createdAt: row.created_at,
  };
}

export function createTemplateStore(ctx: SandboxContext) {
  const { db } = ctx;
  db.exec(`
    CREATE TABLE IF NOT EXISTS templates (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      account_id INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS template_versions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      template_id INTEGER NOT NULL REFERENCES templates(id),
      version INTEGER NOT NULL,
      name TEXT NOT NULL,
      source_project_id INTEGER NOT NULL REFERENCES projects(id),
      source_revision INTEGER NOT NULL,
      aspect_ratio TEXT NOT NULL,
      slots TEXT NOT NULL,
      bindings TEXT NOT NULL,
      tracks TEXT NOT NULL,
      created_at TEXT NOT NULL,
      UNIQUE (template_id, version)
    );
  `);
  const templateRow = db.prepare('SELECT * FROM templates WHERE id = ? AND account_id = ?');
  const versionRow = db.prepare('SELECT * FROM template_versions WHERE template_id = ? AND version = ?');
  const latestRow = db.prepare('SELECT * FROM template_versions WHERE template_id = ? ORDER BY version DESC LIMIT 1');
  const now = () => iso(ctx.clock.now());

  const template = (accountId: number, id: number): TemplateRow => {
    const row = templateRow.get(id, accountId) as TemplateRow | undefined;
    if (!row) throw new ApiError('resource.not_found', `No template ${id} in this account.`);
    return row;
  };
  const summaryOf = (row: TemplateRow) => {
    const latest = latestRow.get(row.id) as unknown as VersionRow;
    return {
      id: row.id,
      name: latest.name,
      latestVersion: latest.version,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  };

  return {
    /** 404 unless the template is in the account. */
    template,
    /**
     * Publishes the next version of `templateId` (or version 1 of a new template).
     * Call inside a transaction; returns the version row's ID (what an idempotent replay finds).
     */
    publish(accountId: number, templateId: number | undefined, input: NewVersion): number {
      const at = now();
      let id = templateId;
      if (id === undefined) {
        const { lastInsertRowid } = db
          .prepare('INSERT INTO templates (account_id, created_at, updated_at) VALUES (?, ?, ?)')
          .run(accountId, at, at);
        id = Number(lastInsertRowid);
      } else {
        template(accountId, id);
        db.prepare('UPDATE templates SET updated_at = ? WHERE id = ?').run(at, id);
      }
      const next = ((latestRow.get(id) as VersionRow | undefined)?.version ?? 0) + 1;
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO template_versions (template_id, version, name, source_project_id, source_revision, aspect_ratio, slots, bindings, tracks, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          next,
          input.name,
          input.projectId,
          input.sourceRevision,
          input.aspectRatio,
          JSON.stringify(input.slots),
          JSON.stringify(input.bindings),
          JSON.stringify(input.tracks),
          at,
        );
      return Number(lastInsertRowid);
    },
    /** The version a publish created, by its row ID. */
    versionById(rowId: number): TemplateVersion {
      return toVersion(db.prepare('SELECT * FROM template_versions WHERE id = ?').get(rowId) as unknown as VersionRow);
    },
    /** One version, or the latest when `version` is undefined; 404 for either missing. */
    version(accountId: number, templateId: number, version?: number): TemplateVersion {
      template(accountId, templateId);
      const row = (version === undefined ? latestRow.get(templateId) : versionRow.get(templateId, version)) as
        VersionRow | undefined;
      if (!row) {
        const latest = (latestRow.get(templateId) as unknown as VersionRow).version;
        throw new ApiError(
          'resource.not_found',
          `Template ${templateId} has no version ${version}: its versions are 1 to ${latest}.`,
        );
      }
      return toVersion(row);
    },
    detail(accountId: number, templateId: number) {
      const row = template(accountId, templateId);
      const versions = db
        .prepare('SELECT version, name, created_at FROM template_versions WHERE template_id = ? ORDER BY version')
        .all(templateId) as { version: number; name: string; created_at: string }[];
      return {
        ...summaryOf(row),
        latest: toVersion(latestRow.get(templateId) as unknown as VersionRow),
        versions: versions.map((v) => ({ version: v.version, name: v.name, createdAt: v.created_at })),
      };
    },
    page(accountId: number, where: string, args: (string | number | null)[], limit: number) {
      const rows = db
        .prepare(`SELECT * FROM templates WHERE account_id = ? AND ${where} ORDER BY id DESC LIMIT ?`)
        .all(accountId, ...args, limit) as unknown as TemplateRow[];
      return rows.map(summaryOf);
    },
  };
}

export type TemplateStore = ReturnType<typeof createTemplateStore>;
