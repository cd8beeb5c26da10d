// The timeline's history: every revision the service keeps, newest first, with a line
// saying what its command list did, and the timeline as it was at any of them. Nothing
// rewrites history: going back to a revision is an ordinary command list (the difference),
// which makes one more revision.
import { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { pageQuery } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { TimelineSchema } from './timelineSchemas.ts';
import type { TimelineStore } from './timelineStore.ts';

export const RevisionEntrySchema = z.object({
  revision: z.string().describe('The revision ("r" and its number); r0 is the new, empty timeline.'),
  createdAt: z.string().describe('When the command list that made it was applied.'),
  summary: z
    .string()
    .describe(
      'What its command list did, in a line: the commands by kind and count, e.g. "Split clip · Trim 3 clips".',
    ),
  author: z
    .object({
      kind: z.enum(['key', 'session']).describe('An API key, or a signed-in editor session (the editor URL).'),
      name: z.string().describe("The key's name as it was issued, or the words for a session."),
      lastFour: z.string().nullable().describe("The key's last four characters (null for a session)."),
    })
    .nullable()
    .describe(
      'Who sent the command list that made it; null for a revision the service made itself (r0, a template variant, a copy) or made before authors were kept.',
    ),
});

/** "r12" (as the timeline names its revisions) or "12". */
function revisionNumber(text: string): number {
  const match = /^r?(\d{1,15})$/.exec(text);
  if (!match)
    throw new ApiError(
      'request.invalid',
      `revision: "${text}" is not a revision; give one as the timeline names it, like "r12".`,
    );
  return Number(match[1]);
}

export function revisionRoutes(_ctx: SandboxContext, store: TimelineStore) {
  return [
    route({
      method: 'GET',
      path: '/projects/{id}/editor/revisions',
      auth: 'any',
      tag: 'Editor',
      summary: "List the timeline's revisions, newest first, each with when it was made and what changed",
      description:
        "Pages like every list: `limit`, and `after` set to the previous page's `pagination.nextCursor` (a revision number). Every applied command list makes one revision; a restore is such a list too, so this list only grows.",
      query: pageQuery,
      responses: {
        200: { description: 'A page of revisions, newest first', schema: RevisionEntrySchema, list: true },
        404: { description: 'resource.not_found: no such project in this account' },
      },
      handler({ principal, params, query }) {
        const { items, pagination } = store.revisions(principal.accountId, params.id as number, query);
        return { data: items, pagination };
      },
    }),
    route({
      method: 'GET',
      path: '/projects/{id}/editor/revisions/{revision}',
      auth: 'any',
      tag: 'Editor',
      params: { revision: 'string' },
      summary: 'Read the timeline as it was at a revision (e.g. r12)',
      description:
        'The same shape as GET …/editor/timeline, with `revision` and `updatedAt` of that revision. To go back to it, send the commands that turn the current timeline into this one (a new revision); history is never rewritten.',
      responses: {
        200: { description: 'The timeline at that revision', schema: TimelineSchema },
        400: { description: 'request.invalid: the revision is not written like "r12"' },
        404: { description: 'resource.not_found: no such project, or the timeline never had that revision' },
      },
      handler({ principal, params }) {
        const revision = revisionNumber(String(params.revision));
        return { data: store.at(principal.accountId, params.id as number, revision) };
      },
    }),
  ];
}
