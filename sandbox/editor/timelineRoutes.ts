// The editor's catalog, timeline read and command list (spec: "Operations known by name
// only"). Commands need the current revision (stale: 409 revision.conflict with the
// current timeline) and an Idempotency-Key: an identical retry gets the first answer back,
// even after later edits.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { describeCommands } from '../../shared/timeline/describeCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import type { SandboxContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import { route } from '../http/route.ts';
import { catalog, CatalogSchema } from './editorCatalog.ts';
import { applyOnService, type AssetFacts } from './serviceEdits.ts';
import { CommandsInput, CommandsResultSchema, TimelineSchema } from './timelineSchemas.ts';
import type { Principal } from '../auth/principal.ts';
import {
  revisionConflict,
  revisionLabel,
  toTimeline,
  type RevisionAuthor,
  type TimelineStore,
} from './timelineStore.ts';

const OPERATION = 'editor.commands';

export function timelineRoutes(ctx: SandboxContext, store: TimelineStore) {
  const { db } = ctx;
  const assetFacts = db.prepare('SELECT kind, duration_ms FROM assets WHERE id = ? AND account_id = ?');
  const keyNamed = db.prepare('SELECT name, last_four FROM api_keys WHERE id = ?');
  /** Who sends a list, kept with the revision it makes (the revision list shows it). */
  const authorOf = (principal: Principal): RevisionAuthor => {
    const key = principal.kind === 'key' && principal.keyId ? keyNamed.get(principal.keyId) : undefined;
    return key
      ? { kind: 'key', name: String(key.name), lastFour: String(key.last_four) }
      : { kind: 'session', name: 'Signed-in editor session', lastFour: null };
  };

  return [
    route({
      method: 'GET',
      path: '/editor/catalog',
      auth: 'any',
      tag: 'Editor',
      summary:
        'What the editor supports: effects and their parameters, transitions, caption styles, fonts, fits and clip properties, with types and ranges',
      description:
        "Each entry says in a sentence what it does to the picture or the sound; the exact rules (the order of a clip's steps, each effect's formula, each transition's picture and sound, caption layout, the mix) are the description of POST /projects/{id}/editor/render, which every render and export follows.",
      responses: { 200: { description: 'The catalog', schema: CatalogSchema } },
      handler: () => ({ data: catalog() }),
    }),
    route({
      method: 'GET',
      path: '/projects/{id}/editor/timeline',
      auth: 'any',
      tag: 'Editor',
      summary:
        "Read a project's timeline and its revision (a new project has an empty video, audio and caption track at r0)",
      responses: {
        200: { description: 'The timeline; send its revision with the next commands', schema: TimelineSchema },
        404: { description: 'resource.not_found: no such project in this account' },
      },
      handler({ principal, params }) {
        return { data: toTimeline(store.read(principal.accountId, params.id as number)) };
      },
    }),
    route<z.infer<typeof CommandsInput>>({
      method: 'POST',
      path: '/projects/{id}/editor/commands',
      auth: 'any',
      tag: 'Editor',
      summary:
        'Apply a list of timeline commands (1 to 500) to the current revision, in order and all or nothing: addTrack, removeTrack, updateTrack, moveTrack, addClip, moveClip, trimClip, splitClip, removeClip, linkClips, unlinkClips, setClipProperties, applyEffect, removeEffect, setClipFit, setTransition, setKeyframes, freezeFrame, addCaption, updateCaption, addMarker, updateMarker, removeMarker, removeRanges (a ripple cut of up to 10,000 time ranges in one command) and restoreRanges (its undo)',
      body: CommandsInput,
      headers: {
        Prefer: {
          description:
            'RFC 7240. `return=representation`: the answer also carries the whole new timeline (as GET …/editor/timeline would); by default it carries only what changed.',
        },
      },
      idempotent: true,
      responses: {
        200: {
          description:
            'Applied (or an identical retry of an applied list: the same answer again): the new revision and what the list changed. A client holding the timeline at `baseRevision` gets the new one by applying `changes` to it: keep the tracks in the order and with the fields of `changes.tracks` (a track not listed is removed, with its clips; a new one starts empty), take every clip of `changes.removedClipIds` and of `changes.clips` off the track holding it, then put each clip of `changes.clips` on the track `trackId` in start order. With `Prefer: return=representation`, also `timeline`.',
          schema: CommandsResultSchema,
          headers: {
            'Server-Timing': '`apply;dur=<ms>`: how long the service took to check, apply and store the list',
            'Preference-Applied': '`return=representation` when the answer carries the whole timeline',
          },
        },
        400: {
          description:
            'request.invalid (the body; the issue path names commands[i] and the field), editor.command_invalid, editor.target_not_found, editor.clips_overlap, editor.media_not_usable or editor.track_locked; error.commandIndex, error.commandType and error.field name the command. Nothing was applied.',
        },
        404: { description: 'resource.not_found: no such project in this account' },
        409: {
          description:
            'revision.conflict: the timeline moved on; error.currentRevision and error.current (the timeline) let the client review and resend. Or idempotency.key_reused: this key was used with other inputs.',
        },
      },
      handler({ req, principal, params, body, idempotencyKey }) {
        const { accountId } = principal;
        const projectId = params.id as number;
        const input = { projectId, ...body };
        const wholeTimeline = wantsRepresentation(req.headers.prefer);
        const seen = new Map<number, AssetFacts | undefined>();
        const asset = (id: number): AssetFacts | undefined => {
          if (!seen.has(id)) {
            const row = assetFacts.get(id, accountId) as
              { kind: AssetFacts['kind']; duration_ms: number | null } | undefined;
            seen.set(
              id,
              row && { kind: row.kind, durationMs: row.duration_ms, usable: ctx.assets.usableInProject(projectId, id) },
            );
          }
          return seen.get(id);
        };
        const started = performance.now();
        const data = transaction(db, () => {
          const replayed = ctx.idempotency.replayOf(accountId, idempotencyKey, OPERATION, input);
          if (replayed !== undefined) return store.result(replayed, wholeTimeline);
          const stored = store.read(accountId, projectId);
          if (body.revision !== revisionLabel(stored.revision)) throw revisionConflict(stored, body.revision);
          const working = applyOnService(
            stored.tracks,
            body.commands,
            { asset, newId: randomUUID },
            stored.places,
            stored.markers,
          );
          const summary = describeCommands(body.commands as EditorCommand[], ' · ');
          const made = store.commit(stored, working, body.commands.length, summary, authorOf(principal));
          ctx.idempotency.remember(accountId, idempotencyKey, OPERATION, input, made.id);
          return wholeTimeline
            ? { ...made.result, timeline: toTimeline(store.read(accountId, projectId)) }
            : made.result;
        });
        const headers: Record<string, string> = {
          // How long the list took to check, apply and store, for clients that watch editing speed.
          'server-timing': `apply;dur=${(performance.now() - started).toFixed(1)}`,
        };
        if (wholeTimeline) headers['preference-applied'] = 'return=representation';
        return { data, headers };
      },
    }),
  ];
}

/** RFC 7240: `Prefer: return=representation` asks for the whole timeline in the answer. */
function wantsRepresentation(prefer: string | string[] | undefined): boolean {
  return [prefer ?? []]
    .flat()
    .flatMap((header) => header.split(','))
    .some((preference) => preference.split(';')[0]!.trim().toLowerCase() === 'return=representation');
}
