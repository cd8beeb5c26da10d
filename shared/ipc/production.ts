// The production work around the timeline (spread into REQUESTS in ../ipc.ts): transcriptions
// and their caption files, speech edits, reviews, finishes, templates with variants, and
// batches. Every job-creating request is journaled as an intent with its own idempotency key
// before anything is sent (the jobs service's outbox sends it, now or when the service
// answers), and is followed by the jobs service's own events (job.updated, intent.updated),
// already in the contract. Template publishing and variants are not jobs: the page names the
// user's action with an actionId, and main sends the same idempotency key for every try of that
// action (a retry after a network failure never makes a second template version); the key
// itself never leaves main.
import { z } from 'zod';
import type { Page } from '../api/createTypes.ts';
import type { IntentSummary } from '../api/jobEvents.ts';
import { EDITOR_LIMITS, TEMPLATE_LIMITS } from '../limits.ts';
import { id, pageQuery as page, request } from './contractParts.ts';
import {
  REVIEW_ASPECTS,
  SLOT_TYPES,
  SPEECH_TASKS,
  type Batch,
  type CaptionFile,
  type Finish,
  type PreparedVariants,
  type Review,
  type SpeechEdit,
  type Template,
  type TemplateSummary,
  type TemplateVersion,
  type Transcription,
  type VariantCheck,
} from '../production/productionTypes.ts';

/** The page's name for one user action: every try of it is sent with one idempotency key. */
const actionId = z.uuid('must be a UUID made for this action');
const language = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'must be a language tag such as "en" or "pt-BR"');
const slotName = z
  .string()
  .max(TEMPLATE_LIMITS.slotNameMax, `must be at most ${TEMPLATE_LIMITS.slotNameMax} characters`)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must start with a letter or _, then letters, digits or _');
const templateName = z
  .string()
  .trim()
  .min(TEMPLATE_LIMITS.name.min, 'give the template a name')
  .max(TEMPLATE_LIMITS.name.max, `a template name is at most ${TEMPLATE_LIMITS.name.max} characters`);

export const SlotInputSchema = z.strictObject({
  name: slotName,
  type: z.enum(SLOT_TYPES),
  required: z.boolean(),
  default: z.union([z.string().max(EDITOR_LIMITS.captionTextMax), z.number()]).optional(),
  description: z.string().trim().max(TEMPLATE_LIMITS.slotDescriptionMax).optional(),
});
export type SlotInput = z.infer<typeof SlotInputSchema>;

export const BindingInputSchema = z.strictObject({
  slot: slotName,
  clipId: z.uuid('must be the UUID of a clip of the timeline'),
  property: z.string().regex(/^(asset|text|properties\.[A-Za-z]+)$/, 'must be "asset", "text" or "properties.<name>"'),
});

export const VariantInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(TEMPLATE_LIMITS.variantName.min, 'give the variant a name')
    .max(TEMPLATE_LIMITS.variantName.max, `a variant name is at most ${TEMPLATE_LIMITS.variantName.max} characters`),
  values: z.record(slotName, z.union([z.string().max(EDITOR_LIMITS.captionTextMax * 2), z.number()])),
});
export type VariantInput = z.infer<typeof VariantInputSchema>;

/** A dry run's check, or the prepared projects made from valid variants. */
export type VariantsOutcome = ({ outcome: 'checked' } & VariantCheck) | ({ outcome: 'prepared' } & PreparedVariants);

export const PRODUCTION_REQUESTS = {
  /** POST /assets/{id}/transcriptions as a job (charged per second of audio). */
  'transcriptions.submit': request<IntentSummary>()(z.strictObject({ assetId: id, language: language.optional() })),
  /** The asset's transcriptions, newest first. */
  'transcriptions.list': request<Page<Transcription>>()(z.strictObject({ assetId: id, ...page })),
  'transcriptions.get': request<Transcription>()(z.strictObject({ id })),
  /** GET /transcriptions/{id}/captions.srt|.vtt: the desktop app asks where to save; browser mode hands the page the text. */
  'transcriptions.captionFile': request<CaptionFile>()(
    z.strictObject({ transcriptionId: id, format: z.enum(['srt', 'vtt']) }),
  ),

  /** POST /speech-edits as a job, charged at the text model's price (read it first with models.list kind text). */
  'speech.submit': request<IntentSummary>()(
    z.strictObject({
      transcriptionId: id,
      task: z.enum(SPEECH_TASKS),
      modelId: z.string().min(1, 'pick a text model').max(100),
    }),
  ),
  /** The speech edits of a transcription, newest first. */
  'speech.list': request<Page<SpeechEdit>>()(z.strictObject({ transcriptionId: id, ...page })),
  'speech.get': request<SpeechEdit>()(z.strictObject({ id })),

  /** POST /assets/{id}/reviews as a job (not charged); every aspect that applies when none is named. */
  'reviews.submit': request<IntentSummary>()(
    z.strictObject({
      assetId: id,
      aspects: z
        .array(z.enum(REVIEW_ASPECTS))
        .min(1, 'tick at least one aspect')
        .refine((list) => new Set(list).size === list.length, 'name each aspect once')
        .optional(),
    }),
  ),
  'reviews.list': request<Page<Review>>()(z.strictObject({ assetId: id, ...page })),
  'reviews.get': request<Review>()(z.strictObject({ id })),

  /** POST /assets/{id}/finishes as a job: the loudness normalised into a new asset. */
  'finishes.submit': request<IntentSummary>()(
    z.strictObject({
      assetId: id,
      targetLufs: z.number().min(-70, 'must be at least -70 LUFS').max(-5, 'must be at most -5 LUFS').optional(),
      truePeakDb: z.number().min(-9, 'must be at least -9 dBTP').max(0, 'must be at most 0 dBTP').optional(),
    }),
  ),
  'finishes.list': request<Page<Finish>>()(z.strictObject({ assetId: id, ...page })),
  'finishes.get': request<Finish>()(z.strictObject({ id })),

  'templates.list': request<Page<TemplateSummary>>()(z.strictObject(page)),
  'templates.get': request<Template>()(z.strictObject({ templateId: id })),
  /** POST /templates: the project's current timeline, frozen as a new immutable version with typed slots. */
  'templates.publish': request<TemplateVersion>()(
    z.strictObject({
      actionId,
      templateId: id.optional(),
      name: templateName,
      projectId: id,
      slots: z
        .array(SlotInputSchema)
        .min(1, 'choose at least one slot')
        .max(TEMPLATE_LIMITS.slotsPerTemplate, `choose at most ${TEMPLATE_LIMITS.slotsPerTemplate} slots`),
      bindings: z.array(BindingInputSchema).max(TEMPLATE_LIMITS.bindingsPerTemplate),
    }),
  ),
  /** POST /templates/{id}/variants: a dry run checks the values slot by slot; otherwise one prepared project per variant. */
  'templates.variants': request<VariantsOutcome>()(
    z
      .strictObject({
        templateId: id,
        version: z.int().min(1).optional(),
        variants: z
          .array(VariantInputSchema)
          .min(1, 'add at least one variant')
          .max(
            TEMPLATE_LIMITS.variantsPerRequest,
            `make at most ${TEMPLATE_LIMITS.variantsPerRequest} variants at once`,
          ),
        dryRun: z.boolean(),
        /** Needed unless dryRun: the action that makes this set of variants. */
        actionId: actionId.optional(),
      })
      .refine((arg) => arg.dryRun || arg.actionId !== undefined, {
        message: 'making variants needs the actionId of the action that makes them',
        path: ['actionId'],
      }),
  ),

  /** POST /projects/{id}/editor/batches as a job: renders each prepared project to a video. */
  'batches.submit': request<IntentSummary>()(
    z.strictObject({
      projectId: id,
      projectIds: z
        .array(id)
        .min(1, 'choose at least one prepared project')
        .max(TEMPLATE_LIMITS.projectsPerBatch, `a batch renders at most ${TEMPLATE_LIMITS.projectsPerBatch} projects`)
        .refine((ids) => new Set(ids).size === ids.length, 'name each project once'),
    }),
  ),
  'batches.get': request<Batch>()(z.strictObject({ id })),
} as const;

export const PRODUCTION_EVENTS = {} as const;
