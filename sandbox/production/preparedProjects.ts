// Prepared projects: one new project per variant, whose timeline is the template version's
// with the variant's values bound (r0 is the empty starter every project has; r1 is the
// template applied). The variants made by one request form a set, which is what an
// idempotent replay finds again.
import { randomUUID } from 'node:crypto';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import type { Track } from '../editor/timelineSchemas.ts';
import type { TimelineStore } from '../editor/timelineStore.ts';
import type { PreparedVariants, TemplateVersion } from './templateSchemas.ts';

interface VariantRow {
  id: number;
  set_id: number;
  template_id: number;
  version: number;
  name: string;
  project_id: number;
  slot_values: string;
  created_at: string;
}

export interface ReadyVariant {
  name: string;
  values: Record<string, unknown>;
  tracks: Track[];
}

export function createPreparedProjects(ctx: SandboxContext, timelines: TimelineStore) {
  const { db } = ctx;
  db.exec(`
    CREATE TABLE IF NOT EXISTS template_variant_sets (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      account_id INTEGER NOT NULL,
      template_id INTEGER NOT NULL REFERENCES templates(id),
      version INTEGER NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS template_variants (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      set_id INTEGER NOT NULL REFERENCES template_variant_sets(id),
      template_id INTEGER NOT NULL REFERENCES templates(id),
      version INTEGER NOT NULL,
      name TEXT NOT NULL,
      project_id INTEGER NOT NULL REFERENCES projects(id),
      slot_values TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
  `);

  function createProject(accountId: number, name: string, aspectRatio: string, at: string): number {
    const { lastInsertRowid } = db
      .prepare('INSERT INTO projects (account_id, name, aspect_ratio, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(accountId, name, aspectRatio, at, at);
    db.prepare('INSERT INTO scenes (id, project_id, position, created_at) VALUES (?, ?, 0, ?)').run(
      randomUUID(),
      lastInsertRowid,
      at,
    );
    return Number(lastInsertRowid);
  }

  return {
    /** Creates the projects and their timelines (call inside a transaction); returns the set's ID. */
    create(accountId: number, template: TemplateVersion, variants: ReadyVariant[]): number {
      const at = iso(ctx.clock.now());
      const { lastInsertRowid } = db
        .prepare('INSERT INTO template_variant_sets (account_id, template_id, version, created_at) VALUES (?, ?, ?, ?)')
        .run(accountId, template.templateId, template.version, at);
      const setId = Number(lastInsertRowid);
      for (const variant of variants) {
        const name = `${template.name} – ${variant.name}`.slice(0, CREATE_LIMITS.projectName.max);
        const projectId = createProject(accountId, name, template.aspectRatio, at);
        const start = timelines.read(accountId, projectId);
        timelines.save({ ...start, tracks: variant.tracks }, 0);
        db.prepare(
          'INSERT INTO template_variants (set_id, template_id, version, name, project_id, slot_values, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).run(
          setId,
          template.templateId,
          template.version,
          variant.name,
          projectId,
          JSON.stringify(variant.values),
          at,
        );
      }
      return setId;
    },
    /** The variants a set holds, as the API shows them. */
    set(setId: number): PreparedVariants {
      const rows = db
        .prepare('SELECT * FROM template_variants WHERE set_id = ? ORDER BY id')
        .all(setId) as unknown as VariantRow[];
      const head = db.prepare('SELECT template_id, version FROM template_variant_sets WHERE id = ?').get(setId) as {
        template_id: number;
        version: number;
      };
      return {
        templateId: head.template_id,
        version: head.version,
        variants: rows.map((r) => ({
          id: r.id,
          name: r.name,
          projectId: r.project_id,
          values: JSON.parse(r.slot_values) as Record<string, unknown>,
          createdAt: r.created_at,
        })),
      };
    },
  };
}

export type PreparedProjects = ReturnType<typeof createPreparedProjects>;
