// What the client sends to start the kinds of work beyond generation and export (render,
// transcription, review, speech edit, finish, batch, editor commands), checked before
// anything is journaled or sent (DESIGN rule 7). The spec knows these operations by name
// only, so each schema types what our service documents and passes any other field
// through unchanged (`.loose()`): the service names anything it refuses.
import { z } from 'zod';
import { CREATE_LIMITS, EDITOR_LIMITS } from '../limits.ts';
import { OutputSettingsSchema } from './outputSettings.ts';

const id = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(CREATE_LIMITS.idMax, `must be at most ${CREATE_LIMITS.idMax}`);
const ms = z.number().int('must be whole milliseconds').min(0, 'must not be negative');

/** POST /projects/{id}/editor/render: a preview range, or the whole timeline when absent. */
export const RenderInputSchema = z
  .object({
    range: z
      .object({ startMs: ms, endMs: ms })
      .loose()
      .refine((range) => range.endMs > range.startMs, {
        message: 'endMs must be greater than startMs',
        path: ['endMs'],
      })
      .optional(),
    /** Render only if the timeline is still at this revision. */
    revision: z.string().min(1, 'must be the timeline revision read last').optional(),
    output: OutputSettingsSchema.optional(),
  })
  .loose();
export type RenderInput = z.input<typeof RenderInputSchema>;

/** POST /projects/{id}/editor/reframe: the clips whose subject to follow; every video clip when absent. */
export const ReframeInputSchema = z
  .object({ clipIds: z.array(z.uuid('must be a clip ID')).min(1).max(EDITOR_LIMITS.clipsPerTimeline).optional() })
  .loose();
export type ReframeInput = z.input<typeof ReframeInputSchema>;

/** POST /assets/{id}/transcriptions. */
export const TranscriptionInputSchema = z
  .object({
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'must be a language tag such as "en" or "pt-BR"')
      .optional(),
  })
  .loose();
export type TranscriptionInput = z.input<typeof TranscriptionInputSchema>;

/** POST /assets/{id}/reviews: the aspects to review (frames, sound, motion, captions); all that apply when absent. */
export const ReviewInputSchema = z
  .object({
    aspects: z
      .array(z.string().min(1, 'must name an aspect'))
      .min(1, 'name at least one aspect, or leave aspects out to review every aspect that applies')
      .refine((list) => new Set(list).size === list.length, 'must not name an aspect twice')
      .optional(),
  })
  .loose();
export type ReviewInput = z.input<typeof ReviewInputSchema>;

/** POST /speech-edits: proposed edits or English captions from a completed transcription. */
export const SpeechEditInputSchema = z
  .object({
    transcriptionId: id,
    /** interview-edit or caption-translation (or a task a newer service offers). */
    task: z.string().min(1, 'must name a speech task such as "interview-edit"'),
    /** A text model from GET /models?kind=text. */
    modelId: z.string().min(1, 'must be a text model ID from the catalog'),
    targetLanguage: z.string().min(1, 'must be a language tag such as "en"').optional(),
  })
  .loose();
export type SpeechEditInput = z.input<typeof SpeechEditInputSchema>;

/** POST /assets/{id}/finishes: loudness normalisation into a new asset. */
export const FinishInputSchema = z
  .object({
    targetLufs: z.number().min(-70, 'must be at least -70 LUFS').max(-5, 'must be at most -5 LUFS').optional(),
    truePeakDb: z.number().min(-9, 'must be at least -9 dBTP').max(0, 'must be at most 0 dBTP').optional(),
  })
  .loose();
export type FinishInput = z.input<typeof FinishInputSchema>;

/** POST /projects/{id}/editor/batches: the service's shape is still open, so only "an object" is checked. */
/** POST /projects/{id}/editor/batches: render prepared projects (just the one in the path by default). */
export const BatchInputSchema = z
  .object({
    projectIds: z.array(z.number().int().min(1, 'must be a project ID')).min(1, 'give at least one project').optional(),
    output: z.object({ kind: z.literal('render') }).loose(),
  })
  .loose();
export type BatchInput = z.input<typeof BatchInputSchema>;

/** POST /projects/{id}/editor/commands: all or nothing, against the revision read last. */
export const EditorCommandsInputSchema = z
  .object({
    revision: z.string().min(1, 'must be the timeline revision read last'),
    commands: z
      .array(z.object({ type: z.string().min(1, 'must name the command, e.g. "addClip"') }).loose())
      .min(1, 'send at least one command')
      .max(EDITOR_LIMITS.commandsPerRequest, `must hold at most ${EDITOR_LIMITS.commandsPerRequest} commands`),
  })
  .loose();
export type EditorCommandsInput = z.input<typeof EditorCommandsInputSchema>;
