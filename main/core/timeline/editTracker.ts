// Follows the timeline edits the outbox sends (intents of kind editor-commands) and tells the
// timeline screen how each one went: acknowledged, a 409 revision conflict, refused, or
// cancelled. Edits of a project go in journal order, each sent against the revision the
// one before it makes; so when one fails, the project's later edits that were not sent yet
// are cancelled at once (before the outbox reaches them) and reported as held back by it,
// for the user to review together. Failed edits are kept until the user has reviewed them
// (in memory: a restart forgets the review, never an edit still in the journal). An
// acknowledged edit carries what the service answered (the new revision and what changed,
// shared/timeline/timelineChanges.ts), so the screen moves its copy on without reading the
// timeline again.
import { z } from 'zod';
import type { AppError } from '../../../shared/appError.ts';
import type { IntentSummary } from '../../../shared/api/jobEvents.ts';
import { EditorCommandSchema } from '../../../shared/timeline/editorCommands.ts';
import { editAckOf, type EditAck } from '../../../shared/timeline/timelineChanges.ts';
import type { EditState, JournaledEdit, TimelineEditEvent } from '../../../shared/timeline/timelineViews.ts';
import type { Intent } from '../journal/intents.ts';

const EDIT_PATH = /^\/projects\/(\d+)\/editor\/commands$/;
const BodySchema = z.object({ revision: z.string(), commands: z.array(EditorCommandSchema) });

export interface EditTrackerOptions {
  readonly intent: (intentId: string) => Intent | null;
  readonly openIntents: (workspaceId: string) => Intent[];
  /** Cancels an intent not sent yet; false once sending has begun. */
  readonly cancel: (intentId: string) => boolean;
  readonly emit: (event: TimelineEditEvent) => void;
}

export interface EditTracker {
  /** Every intent.updated of the jobs service; `answer`: the service's answer, on an edit's done update. */
  onIntent(workspaceId: string, summary: IntentSummary, answer?: unknown): void;
  /** The project's edits still in the journal, in send order. */
  pending(workspaceId: string, projectId: number): JournaledEdit[];
  /** The project's failed edits awaiting review, in send order. */
  failed(workspaceId: string, projectId: number): JournaledEdit[];
  /** The user reviewed them (re-applied as new edits, or dropped). */
  dismiss(intentIds: readonly string[]): void;
}

export function projectOfEdit(intent: Pick<Intent, 'kind' | 'request'>): number | null {
  if (intent.kind !== 'editor-commands') return null;
  const match = EDIT_PATH.exec(intent.request.path);
  return match ? Number(match[1]) : null;
}

function stateOf(summary: Pick<IntentSummary, 'state' | 'lastError'>): EditState {
  switch (summary.state) {
    case 'pending':
      return 'queued';
    case 'sent':
    case 'accepted':
      return summary.lastError ? 'retrying' : 'sending';
    case 'done':
      return 'acked';
    case 'cancelled':
      return 'cancelled';
    case 'failed':
      return summary.lastError?.code === 'revision.conflict' ? 'conflict' : 'rejected';
  }
}

/** A conflict's error without the whole current timeline in it (the screen reads the timeline itself). */
function slim(error: AppError | null): AppError | null {
  if (!error?.details || !('current' in error.details)) return error;
  const { current: _current, ...details } = error.details;
  return { ...error, details };
}

export function createEditTracker(options: EditTrackerOptions): EditTracker {
  const failed = new Map<string, JournaledEdit & { workspaceId: string }>();
  /** Edits cancelled because an earlier one failed: intent → the one that failed. */
  const heldBy = new Map<string, string>();

  function journaled(
    intent: Intent,
    projectId: number,
    state: EditState,
    error: AppError | null,
  ): JournaledEdit | null {
    const body = BodySchema.safeParse(intent.request.body);
    if (!body.success) return null;
    return {
      intentId: intent.id,
      projectId,
      revision: body.data.revision,
      commands: body.data.commands,
      state,
      error: slim(error),
      heldBy: heldBy.get(intent.id) ?? null,
    };
  }

  /** The project's edits behind `failedIntent` that were not sent yet: cancelled, held by it. */
  function holdBackAfter(workspaceId: string, failedIntent: Intent, projectId: number): void {
    const blocker = heldBy.get(failedIntent.id) ?? failedIntent.id;
    for (const later of options.openIntents(workspaceId)) {
      if (later.seq <= failedIntent.seq || later.state !== 'pending' || projectOfEdit(later) !== projectId) continue;
      heldBy.set(later.id, blocker);
      if (!options.cancel(later.id)) heldBy.delete(later.id);
    }
  }

  return {
    onIntent(workspaceId, summary, answer) {
      if (summary.kind !== 'editor-commands') return;
      const intent = options.intent(summary.id);
      const projectId = intent ? projectOfEdit(intent) : null;
      if (!intent || projectId === null) return;
      const state = stateOf(summary);
      const ack: EditAck | null = state === 'acked' && answer !== undefined ? editAckOf(answer) : null;
      const ended = state === 'conflict' || state === 'rejected' || state === 'cancelled';
      if (ended) {
        const edit = journaled(intent, projectId, state, summary.lastError);
        if (edit) failed.set(intent.id, { ...edit, workspaceId });
      }
      options.emit({
        workspaceId,
        projectId,
        intentId: intent.id,
        state,
        error: slim(summary.lastError),
        heldBy: heldBy.get(intent.id) ?? null,
        requestId: summary.requestId ?? null,
        ack,
      });
      if (ended) holdBackAfter(workspaceId, intent, projectId);
    },

    pending(workspaceId, projectId) {
      const edits: JournaledEdit[] = [];
      for (const intent of options.openIntents(workspaceId)) {
        if (projectOfEdit(intent) !== projectId) continue;
        const edit = journaled(
          intent,
          projectId,
          stateOf({ state: intent.state, lastError: intent.lastError }),
          intent.lastError,
        );
        if (edit) edits.push(edit);
      }
      return edits;
    },

    failed(workspaceId, projectId) {
      return [...failed.values()]
        .filter((edit) => edit.workspaceId === workspaceId && edit.projectId === projectId)
        .map(({ workspaceId: _ws, ...edit }) => edit);
    },

    dismiss(intentIds) {
      for (const id of intentIds) {
        failed.delete(id);
        heldBy.delete(id);
      }
    },
  };
}
