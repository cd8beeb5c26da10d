// Editor sessions: an integration starts one for a project and gets the interactive
// editor's URL; it reconnects to keep it alive. Opening that URL needs a browser (central)
// session with access to the project: an API key never signs a person into the editor
// (spec rule 8), so the page answers 401 without the session cookie.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { EDITOR_LIMITS } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { createProjectStore } from '../create/projects.ts';
import { ApiError } from '../http/apiError.ts';
import { HANDLED, route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import { revisionLabel, type TimelineStore } from './timelineStore.ts';

interface SessionRow {
  seq: number;
  id: string;
  account_id: number;
  project_id: number;
  created_at: number;
  expires_at: number;
  reconnected_at: number | null;
}

export const EditorSessionSchema = z.object({
  id: z.uuid(),
  projectId: z.number().int(),
  editorUrl: z
    .string()
    .describe(
      'The interactive editor; opening it needs a browser signed in to the account (an API key does not sign a person in).',
    ),
  revision: z.string().describe('The timeline revision now.'),
  createdAt: z.string(),
  reconnectedAt: z.string().nullable(),
  expiresAt: z
    .string()
    .describe(`${EDITOR_LIMITS.sessionTtlMs / 60_000} minutes after the start or the last reconnect.`),
});

const OPERATION = 'editor.sessions';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function editorSessionRoutes(ctx: SandboxContext, timelines: TimelineStore) {
  const { db, clock } = ctx;
  db.exec(`CREATE TABLE IF NOT EXISTS editor_sessions (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    account_id INTEGER NOT NULL,
    project_id INTEGER NOT NULL REFERENCES projects(id),
    user_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    reconnected_at INTEGER
  )`);
  const projects = createProjectStore(ctx);

  const toSession = (row: SessionRow, revision: number) => ({
    id: row.id,
    projectId: row.project_id,
    editorUrl: `${ctx.origin()}/api/v1/editor/sessions/${row.id}/open`,
    revision: revisionLabel(revision),
    createdAt: iso(row.created_at),
    reconnectedAt: row.reconnected_at === null ? null : iso(row.reconnected_at),
    expiresAt: iso(row.expires_at),
  });

  /** A live session of the account; 404 if unknown, 409 editor.session_expired once expired. */
  function live(accountId: number, sessionId: string, projectId?: number): SessionRow {
    const row = db
      .prepare('SELECT * FROM editor_sessions WHERE id = ? AND account_id = ?')
      .get(sessionId, accountId) as SessionRow | undefined;
    if (!row || (projectId !== undefined && row.project_id !== projectId)) {
      throw new ApiError(
        'resource.not_found',
        `No editor session ${sessionId} for ${projectId === undefined ? 'this account' : `project ${projectId}`}.`,
      );
    }
    if (row.expires_at <= clock.now()) {
      throw new ApiError(
        'editor.session_expired',
        `Editor session ${sessionId} expired at ${iso(row.expires_at)}: start a new one with POST /projects/${row.project_id}/editor/sessions.`,
        {
          details: { expiredAt: iso(row.expires_at) },
        },
      );
    }
    return row;
  }

  return [
    route({
      method: 'POST',
      path: '/projects/{id}/editor/sessions',
      auth: 'any',
      tag: 'Editor',
      summary: `Start an editor session for a project: the editor URL (for a signed-in browser) and the current revision; it lasts ${EDITOR_LIMITS.sessionTtlMs / 60_000} minutes unless reconnected`,
      idempotent: true,
      responses: {
        201: { description: 'The new session', schema: EditorSessionSchema },
        200: {
          description: 'A replay: this Idempotency-Key already started this session',
          schema: EditorSessionSchema,
        },
        404: { description: 'resource.not_found: no such project in this account' },
        409: { description: 'idempotency.key_reused: this key was used for something else' },
      },
      handler({ principal, params, idempotencyKey }) {
        const projectId = params.id as number;
        const input = { projectId };
        const outcome = acceptOnce(
          ctx,
          { accountId: principal.accountId, idempotencyKey, operation: OPERATION, input },
          () => {
            projects.get(principal.accountId, projectId);
            const now = clock.now();
            const { lastInsertRowid } = db
              .prepare(
                'INSERT INTO editor_sessions (id, account_id, project_id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
              )
              .run(
                randomUUID(),
                principal.accountId,
                projectId,
                principal.userId,
                now,
                now + EDITOR_LIMITS.sessionTtlMs,
              );
            return Number(lastInsertRowid);
          },
        );
        const row = db.prepare('SELECT * FROM editor_sessions WHERE seq = ?').get(outcome.id) as unknown as SessionRow;
        return {
          status: outcome.replay ? 200 : 201,
          data: toSession(row, timelines.read(principal.accountId, projectId).revision),
        };
      },
    }),
    route({
      method: 'POST',
      path: '/projects/{id}/editor/sessions/{sessionId}/reconnect',
      auth: 'any',
      tag: 'Editor',
      summary:
        'Reconnect to a live editor session: extends its expiry and returns the current timeline revision (read the timeline again if it moved on)',
      params: { sessionId: 'uuid' },
      responses: {
        200: { description: 'The session with its new expiry and the current revision', schema: EditorSessionSchema },
        404: { description: 'resource.not_found: no such session for this project' },
        409: { description: 'editor.session_expired: the session has expired; start a new one' },
      },
      handler({ principal, params }) {
        const projectId = params.id as number;
        const row = live(principal.accountId, params.sessionId as string, projectId);
        const now = clock.now();
        db.prepare('UPDATE editor_sessions SET expires_at = ?, reconnected_at = ? WHERE seq = ?').run(
          now + EDITOR_LIMITS.sessionTtlMs,
          now,
          row.seq,
        );
        const updated = { ...row, expires_at: now + EDITOR_LIMITS.sessionTtlMs, reconnected_at: now };
        return { data: toSession(updated, timelines.read(principal.accountId, projectId).revision) };
      },
    }),
    route({
      method: 'GET',
      path: '/editor/sessions/{sessionId}/open',
      auth: 'session',
      tag: 'Editor',
      summary:
        "The interactive editor page of a session (the session's editorUrl). Needs a browser signed in to the account; an API key is refused",
      params: { sessionId: 'uuid' },
      responses: {
        200: { description: 'The editor page', contentType: 'text/html' },
        401: { description: 'auth.session_required: sign in in the browser first' },
        404: { description: 'resource.not_found: no such editor session in this account' },
        409: { description: 'editor.session_expired: start a new session' },
      },
      handler({ principal, params, res, requestId }) {
        const row = live(principal.accountId, params.sessionId as string);
        const project = projects.get(principal.accountId, row.project_id);
        const revision = revisionLabel(timelines.read(principal.accountId, row.project_id).revision);
        const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Editor — ${escapeHtml(project.name)}</title></head>
<body><main><h1>${escapeHtml(project.name)}</h1>
<p>Editor session <code>${row.id}</code> · timeline revision <code>${revision}</code></p>
<p>This is the sandbox's stand-in for the interactive editor: the timeline is edited through the editor commands.</p></main></body></html>
`;
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-length': Buffer.byteLength(html),
          'cache-control': 'no-store',
          'content-security-policy': "default-src 'none'",
          'x-frame-options': 'DENY',
          'x-request-id': requestId,
        });
        res.end(html);
        return HANDLED;
      },
    }),
  ];
}
