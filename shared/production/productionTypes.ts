// The production resources around the timeline as the client reads them: transcriptions,
// speech edits, reviews, finishes, templates with their variants, and batches. The spec
// shows none of their fields, so these are our service's documented shapes (/openapi.json)
// made tolerant like createTypes.ts: what the app uses is typed, anything else is kept as
// it came, and states and codes are plain strings (an unknown one is shown as it came).
import { z } from 'zod';
import { JobErrorSchema, JobStateSchema } from '../api/createTypes.ts';

const id = z.number().int().positive();
const ms = z.number();

/** The fields every media job (transcription, speech edit, review, finish) has. */
const mediaJob = {
  id,
  /** The media the job works on. */
  assetId: id,
  projectId: id.nullable().optional(),
  state: JobStateSchema,
  costUsd: z.number().optional(),
  error: JobErrorSchema.nullable().optional(),
  createdAt: z.string().optional(),
  completedAt: z.string().nullable().optional(),
};

export const WordSchema = z
  .object({ text: z.string(), startMs: ms, endMs: ms, confidence: z.number().optional() })
  .loose();
export type Word = z.infer<typeof WordSchema>;

/**
 * A running transcription's progress (issue 26): the words of the chunks recognised so far,
 * how much of the sound they cover, and how many of its chunks are done. Null before the
 * first chunk is done and once the job ended (the service's /openapi.json).
 */
export const TranscriptionPartialSchema = z
  .object({
    words: z.array(WordSchema),
    doneMs: z.number().nonnegative(),
    chunks: z.object({ done: z.number().int().nonnegative(), total: z.number().int().positive() }).loose(),
  })
  .loose();
export type TranscriptionPartial = z.infer<typeof TranscriptionPartialSchema>;

export const TranscriptionSchema = z
  .object({
    ...mediaJob,
    language: z.string().optional(),
    billedSeconds: z.number().optional(),
    /** Null until completed. Word times are in the asset's own time. */
    transcript: z
      .object({ durationMs: ms, text: z.string(), words: z.array(WordSchema) })
      .loose()
      .nullable()
      .optional(),
    /** While it is queued or running: the words so far and how far it got. */
    partial: TranscriptionPartialSchema.nullable().optional(),
    /** Paths (under the API base) of the caption files; null until completed. */
    captions: z.object({ srt: z.string(), vtt: z.string() }).loose().nullable().optional(),
  })
  .loose();
export type Transcription = z.infer<typeof TranscriptionSchema>;

export const SPEECH_TASKS = ['interview-edit', 'caption-translation'] as const;
export type SpeechTask = (typeof SPEECH_TASKS)[number];

export const ProposalSchema = z
  .object({
    id: z.string(),
    /** cut (a hesitation), tighten (a long pause), or a kind this client does not know. */
    kind: z.string(),
    startMs: ms,
    endMs: ms,
    reason: z.string(),
    /** What to remove, in the asset's time. */
    cutRange: z.object({ startMs: ms, endMs: ms }).loose(),
  })
  .loose();
export type Proposal = z.infer<typeof ProposalSchema>;

export const TranslatedCueSchema = z.object({ startMs: ms, endMs: ms, text: z.string() }).loose();
export type TranslatedCue = z.infer<typeof TranslatedCueSchema>;

export const SpeechEditSchema = z
  .object({
    ...mediaJob,
    transcriptionId: id,
    task: z.string(),
    modelId: z.string(),
    receipt: z.object({ inputTokens: z.number(), outputTokens: z.number(), costUsd: z.number() }).loose().optional(),
    proposals: z.array(ProposalSchema).nullable().optional(),
    cues: z.array(TranslatedCueSchema).nullable().optional(),
  })
  .loose();
export type SpeechEdit = z.infer<typeof SpeechEditSchema>;

export const REVIEW_ASPECTS = ['frames', 'sound', 'motion', 'captions'] as const;
export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];

export const FindingSchema = z
  .object({
    /** frames, sound, motion, captions, or an aspect this client does not know. */
    aspect: z.string(),
    /** info, warning, error, or a severity this client does not know. */
    severity: z.string(),
    /** In the asset's time. */
    startMs: ms,
    endMs: ms,
    message: z.string(),
  })
  .loose();
export type Finding = z.infer<typeof FindingSchema>;

export const ReviewSchema = z
  .object({
    ...mediaJob,
    aspects: z.array(z.string()).optional(),
    findings: z.array(FindingSchema).nullable().optional(),
    transcriptionId: id.nullable().optional(),
  })
  .loose();
export type Review = z.infer<typeof ReviewSchema>;

const LoudnessSchema = z
  .object({
    integratedLufs: z.number().nullable(),
    truePeakDb: z.number().nullable(),
    rangeLu: z.number().nullable().optional(),
  })
  .loose();

export const FinishSchema = z
  .object({
    ...mediaJob,
    targetLufs: z.number().optional(),
    truePeakDb: z.number().optional(),
    /** The new, normalised asset; null until completed. */
    outputAssetId: id.nullable().optional(),
    loudness: z
      .object({
        input: LoudnessSchema,
        output: LoudnessSchema,
        normalization: z.string().optional(),
        /** Why the result is more than 1 LU from the target, in words; null or absent when it is within. */
        shortfall: z.string().nullable().optional(),
      })
      .loose()
      .nullable()
      .optional(),
  })
  .loose();
export type Finish = z.infer<typeof FinishSchema>;

// ---- templates, variants, batches ----

export const SLOT_TYPES = ['text', 'image', 'video', 'audio', 'color', 'number'] as const;
export type SlotType = (typeof SLOT_TYPES)[number];

export const SlotSchema = z
  .object({
    name: z.string(),
    /** text, image, video, audio, color, number, or a type this client does not know. */
    type: z.string(),
    required: z.boolean(),
    default: z.unknown().optional(),
    description: z.string().optional(),
    constraints: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
export type Slot = z.infer<typeof SlotSchema>;

export const BindingSchema = z.object({ slot: z.string(), clipId: z.string(), property: z.string() }).loose();
export type Binding = z.infer<typeof BindingSchema>;

export const TemplateVersionSchema = z
  .object({
    templateId: id,
    version: z.number().int(),
    name: z.string(),
    projectId: id.optional(),
    sourceRevision: z.string().optional(),
    slots: z.array(SlotSchema),
    bindings: z.array(BindingSchema).default([]),
    createdAt: z.string().optional(),
  })
  .loose();
export type TemplateVersion = z.infer<typeof TemplateVersionSchema>;

export const TemplateSummarySchema = z
  .object({
    id,
    name: z.string(),
    latestVersion: z.number().int(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .loose();
export type TemplateSummary = z.infer<typeof TemplateSummarySchema>;

export const TemplateSchema = TemplateSummarySchema.extend({
  latest: TemplateVersionSchema,
  versions: z.array(
    z.object({ version: z.number().int(), name: z.string(), createdAt: z.string().optional() }).loose(),
  ),
}).loose();
export type Template = z.infer<typeof TemplateSchema>;

export const SlotErrorSchema = z.object({ slot: z.string(), message: z.string() }).loose();
export type SlotError = z.infer<typeof SlotErrorSchema>;

export const VariantCheckSchema = z
  .object({
    templateId: id,
    version: z.number().int(),
    valid: z.boolean(),
    variants: z.array(z.object({ name: z.string(), valid: z.boolean(), errors: z.array(SlotErrorSchema) }).loose()),
  })
  .loose();
export type VariantCheck = z.infer<typeof VariantCheckSchema>;

export const PreparedVariantsSchema = z
  .object({
    templateId: id,
    version: z.number().int(),
    variants: z.array(
      z.object({ id, name: z.string(), projectId: id, values: z.record(z.string(), z.unknown()).optional() }).loose(),
    ),
  })
  .loose();
export type PreparedVariants = z.infer<typeof PreparedVariantsSchema>;

export const BatchSchema = z
  .object({
    id,
    projectId: id,
    state: JobStateSchema,
    items: z.array(
      z
        .object({
          projectId: id,
          revision: z.string().optional(),
          state: JobStateSchema,
          /** The rendered video, once the item completed. */
          assetId: id.nullable().optional(),
          error: JobErrorSchema.nullable().optional(),
        })
        .loose(),
    ),
    error: JobErrorSchema.nullable().optional(),
    createdAt: z.string().optional(),
  })
  .loose();
export type Batch = z.infer<typeof BatchSchema>;

/** What asking for a caption file gave: saved where the user chose (desktop), or the text for the page to save. */
export const CaptionFileSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), path: z.string(), bytes: z.number().int().nonnegative() }),
  z.object({ outcome: z.literal('file'), filename: z.string(), contentType: z.string(), text: z.string() }),
  z.object({ outcome: z.literal('cancelled') }),
]);
export type CaptionFile = z.infer<typeof CaptionFileSchema>;
