// The timeline's part of the contract (spread into REQUESTS and EVENTS in ../ipc.ts): the
// catalog and a project's timeline with its edits still in the journal, applying a command list
// (journaled with its own idempotency key, sent in order by the outbox, offline or not),
// renders as jobs, the undo history kept across restarts, and what is drawn along clips.
import { z } from 'zod';
import type { Page } from '../api/createTypes.ts';
import { REVISION_LABEL, type RevisionEntry } from '../api/editorRevisions.ts';
import type { IntentSummary } from '../api/jobEvents.ts';
import { EDITOR_LIMITS } from '../limits.ts';
import { id, pageQuery, request } from './contractParts.ts';
import { CommandListSchema } from '../timeline/editorCommands.ts';
import type { Catalog, Timeline } from '../timeline/timelineTypes.ts';
import { UndoStackArgSchema, type UndoStack } from '../timeline/undoStack.ts';
import {
  TimelineEditEventSchema,
  type ClipStrip,
  type MediaChunk,
  type TimelineView,
} from '../timeline/timelineViews.ts';

const revision = z.string().min(1, 'send the revision the edit was made on').max(64);
const ms = z.int('must be whole milliseconds').min(0, 'must not be negative').max(EDITOR_LIMITS.timelineMaxMs);

export const TIMELINE_REQUESTS = {
  /** GET /editor/catalog: effects, transitions, caption styles, fonts, clip properties (read once per service). */
  'timeline.catalog': request<Catalog>()(z.undefined()),
  /** The project's timeline as the service has it, with the project's edits still in the journal and those awaiting review. */
  'timeline.get': request<TimelineView>()(z.strictObject({ projectId: id })),
  /**
   * One edit: the command list, against the revision it was made on. Journaled with a fresh
   * idempotency key before anything is sent; the outbox sends it in order (now, or when the
   * service answers again). How it went comes as `timeline.edit` events.
   */
  'timeline.apply': request<IntentSummary>()(z.strictObject({ projectId: id, revision, commands: CommandListSchema })),
  /** The user reviewed these failed edits (re-applied them as new edits, or dropped them). */
  'timeline.dismissEdits': request<{ dismissed: number }>()(
    z.strictObject({ intentIds: z.array(z.string().min(1).max(100)).min(1).max(EDITOR_LIMITS.commandsPerRequest) }),
  ),
  /** POST /projects/{id}/editor/render as a job (followed in Jobs): a preview range, or the whole timeline. */
  'timeline.render': request<IntentSummary>()(
    z.strictObject({
      projectId: id,
      range: z
        .strictObject({ startMs: ms, endMs: ms })
        .refine((r) => r.endMs > r.startMs, { message: 'endMs must be after startMs', path: ['endMs'] })
        .optional(),
      revision: revision.optional(),
    }),
  ),
  /** POST /projects/{id}/editor/reframe as a job (followed in Jobs): follow the subject of these clips (every video clip when absent). */
  'timeline.reframe': request<IntentSummary>()(
    z.strictObject({ projectId: id, clipIds: z.array(z.uuid()).min(1).max(EDITOR_LIMITS.clipsPerTimeline).optional() }),
  ),
  /** GET /projects/{id}/editor/revisions: the timeline's revisions, newest first (the History panel). */
  'timeline.revisions': request<Page<RevisionEntry>>()(z.strictObject({ projectId: id, ...pageQuery })),
  /** GET /projects/{id}/editor/revisions/{revision}: the timeline as it was then (to preview or restore it). */
  'timeline.revision': request<Timeline>()(
    z.strictObject({
      projectId: id,
      revision: z.string().regex(REVISION_LABEL, 'must be a revision the timeline names, like "r12"'),
    }),
  ),
  /** The project's undo history as the journal kept it (null: none), to put back when the project opens. */
  'timeline.undoStack': request<UndoStack | null>()(z.strictObject({ projectId: id })),
  /**
   * Keeps the project's undo history in the journal, replacing what was there (empty steps
   * forget it): at most the newest 100 steps each way, with the revision they were made for.
   */
  'timeline.saveUndoStack': request<{ saved: true }>()(z.strictObject({ projectId: id, stack: UndoStackArgSchema })),
  /** Frames and waveform peaks along an asset, made once in main and cached. */
  'timeline.strip': request<ClipStrip>()(z.strictObject({ assetId: id })),
  /** A piece of an asset's bytes (a render, to play it in the page); read from offset 0 until done. */
  'timeline.mediaChunk': request<MediaChunk>()(z.strictObject({ assetId: id, offset: z.int().min(0) })),
} as const;

export const TIMELINE_EVENTS = {
  /** An edit moved on: queued, sending, retrying, acked, conflict (409), rejected, cancelled (held back by an earlier failure). */
  'timeline.edit': TimelineEditEventSchema,
} as const;
