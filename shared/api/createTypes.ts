// The Create API's resources as the client reads them. This is the client's own view
// (never the sandbox's code): the fields the spec names are required, the fields our
// service adds are optional, and everything else is kept as it came (`.loose()`), so a
// newer service never breaks an older client. Job states and error codes are plain
// strings: an unknown one is shown as it came. The rest of the app uses these types.
import { z } from 'zod';
import { CREATE_LIMITS } from '../limits.ts';
import { OutputSettingsSchema, OutputSettingsViewSchema } from './outputSettings.ts';
import { atMostCharacters } from '../textRules.ts';

const id = z.number().int().positive();
const timestamp = z.string();

/** Any job state; the known ones are JOB_STATES. */
export const JobStateSchema = z.string();

/** Why a job failed, when it did. */
export const JobErrorSchema = z.object({ code: z.string(), message: z.string() }).loose();

export const DiscoverySchema = z
  .object({
    name: z.string().optional(),
    apiVersion: z.string().optional(),
    openapiVersion: z.string().optional(),
    links: z.record(z.string(), z.string()).optional(),
  })
  .loose();
export type Discovery = z.infer<typeof DiscoverySchema>;

/** GET /openapi.json: the document, kept whole. */
export const OpenApiDocumentSchema = z.object({ openapi: z.string() }).loose();
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;

export const MeSchema = z
  .object({
    authenticatedWith: z.string().optional(),
    user: z.object({ id, email: z.string().optional(), name: z.string().optional() }).loose().optional(),
    account: z
      .object({
        id,
        name: z.string().optional(),
        walletUsd: z.number().optional(),
        pricingMultiplier: z.number().optional(),
      })
      .loose()
      .optional(),
    key: z
      .object({
        id: z.string(),
        name: z.string().optional(),
        lastFour: z.string().optional(),
        expiresAt: timestamp.optional(),
      })
      .loose()
      .nullable()
      .optional(),
    permissions: z.array(z.string()).default([]),
  })
  .loose();
export type Me = z.infer<typeof MeSchema>;

export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string().optional(),
    lastFour: z.string().optional(),
    createdAt: timestamp.optional(),
    expiresAt: timestamp.optional(),
    revokedAt: timestamp.nullable().optional(),
    /** active, expired, revoked, or a state this client does not know. */
    status: z.string().optional(),
    /** Only when the key is issued; never stored by the client outside the keychain. */
    token: z.string().optional(),
  })
  .loose();
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const SceneSchema = z.object({ id: z.string(), position: z.number().int().optional() }).loose();
export type Scene = z.infer<typeof SceneSchema>;

export const ProjectSchema = z
  .object({
    id,
    name: z.string(),
    aspectRatio: z.string(),
    scenes: z.array(SceneSchema),
    createdAt: timestamp.optional(),
    /** The revision: send it back to rename. */
    updatedAt: timestamp,
  })
  .loose();
export type Project = z.infer<typeof ProjectSchema>;

/** The extra fields of a 409 revision.conflict on rename (AppError.details). */
export const RevisionConflictSchema = z
  .object({
    currentRevision: timestamp,
    current: ProjectSchema.optional(),
  })
  .loose();
export type RevisionConflict = z.infer<typeof RevisionConflictSchema>;

export const AssetSchema = z
  .object({
    id,
    projectId: id.nullable().optional(),
    brandId: id.nullable().optional(),
    /** image, video, audio, or a kind this client does not know. */
    kind: z.string().optional(),
    filename: z.string().optional(),
    contentType: z.string().optional(),
    sizeBytes: z.number().int().nonnegative().optional(),
    sha256: z.string().optional(),
    width: z.number().nullable().optional(),
    height: z.number().nullable().optional(),
    durationMs: z.number().nullable().optional(),
    source: z.string().optional(),
    createdAt: timestamp.optional(),
  })
  .loose();
export type Asset = z.infer<typeof AssetSchema>;

export const ModelInputSchema = z
  .object({
    name: z.string(),
    /** string, integer, number, boolean, enum, or a type this client does not know. */
    type: z.string(),
    required: z.boolean().optional(),
    description: z.string().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    maxLength: z.number().int().optional(),
    options: z.array(z.string()).optional(),
    default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  })
  .loose();
export type ModelInput = z.infer<typeof ModelInputSchema>;

export const ModelSchema = z
  .object({
    id: z.string(),
    name: z.string().optional(),
    /** image, video, audio, text, or a kind this client does not know. */
    kind: z.string().optional(),
    available: z.boolean().optional(),
    description: z.string().optional(),
    priceCredits: z.number().optional(),
    usdPerCredit: z.number().optional(),
    priceUsd: z.number().optional(),
    inputs: z.array(ModelInputSchema).optional(),
    speechTasks: z.array(z.string()).optional(),
    inputCreditsPerMillionTokens: z.number().optional(),
    outputCreditsPerMillionTokens: z.number().optional(),
  })
  .loose();
export type Model = z.infer<typeof ModelSchema>;

export const MODEL_KIND_QUERIES = ['media', 'image', 'video', 'audio', 'text'] as const;
export type ModelKindQuery = (typeof MODEL_KIND_QUERIES)[number];

export const GenerationSchema = z
  .object({
    id,
    state: JobStateSchema,
    /** Asset IDs of the results; empty until the job completes. */
    outputs: z.array(id).default([]),
    parentGenerationId: id.nullable().optional(),
    projectId: id.optional(),
    sceneId: z.string().optional(),
    modelId: z.string().optional(),
    kind: z.string().optional(),
    prompt: z.string().optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
    costUsd: z.number().optional(),
    error: JobErrorSchema.nullable().optional(),
    createdAt: timestamp.optional(),
    updatedAt: timestamp.optional(),
    startedAt: timestamp.nullable().optional(),
    completedAt: timestamp.nullable().optional(),
  })
  .loose();
export type Generation = z.infer<typeof GenerationSchema>;

/** A clip of an export as the service accepted it (its options filled in). */
export const ClipSchema = z
  .object({
    assetId: id,
    kind: z.string().optional(),
    trimStartMs: z.number().optional(),
    trimEndMs: z.number().optional(),
    durationMs: z.number().optional(),
    transition: z.string().optional(),
    motion: z.string().optional(),
    fit: z.string().optional(),
    look: z.string().optional(),
    volume: z.number().optional(),
    title: z.string().nullable().optional(),
  })
  .loose();
export type Clip = z.infer<typeof ClipSchema>;

export const ExportSchema = z
  .object({
    id,
    state: JobStateSchema,
    /** The finished video, once the export completes. */
    assetId: id.nullable().optional(),
    projectId: id.optional(),
    durationMs: z.number().optional(),
    clips: z.array(ClipSchema).optional(),
    /** clips (a clip list) or timeline (the project's timeline, at timeline.revision). */
    source: z.string().optional(),
    timeline: z.object({ revision: z.string() }).loose().nullable().optional(),
    output: OutputSettingsViewSchema.optional(),
    costUsd: z.number().optional(),
    /** Whether clip titles were drawn into the picture (null until completed or without titles). */
    titlesDrawn: z.boolean().nullable().optional(),
    error: JobErrorSchema.nullable().optional(),
    createdAt: timestamp.optional(),
    updatedAt: timestamp.optional(),
    startedAt: timestamp.nullable().optional(),
    completedAt: timestamp.nullable().optional(),
  })
  .loose();
export type Export = z.infer<typeof ExportSchema>;

/**
 * What the client sends to create work, checked before anything is sent (DESIGN rule 7).
 * The spec leaves the job bodies open beyond a few fields, so the client types what it
 * knows and passes the rest through unchanged; the service answers request.invalid
 * naming any field it refuses.
 */
const projectName = z
  .string()
  .trim()
  .min(CREATE_LIMITS.projectName.min, 'must not be empty')
  .refine(
    atMostCharacters(CREATE_LIMITS.projectName.max),
    `must be at most ${CREATE_LIMITS.projectName.max} characters`,
  );

export const ProjectInputSchema = z.object({
  name: projectName,
  aspectRatio: z
    .string()
    .regex(/^[1-9]\d{0,2}:[1-9]\d{0,2}$/, 'must look like "16:9"')
    .optional(),
  /** Make the project a copy of this one in the new shape (its timeline, its media attached). */
  fromProjectId: id.optional(),
});
export type ProjectInput = z.input<typeof ProjectInputSchema>;

export const RenameInputSchema = z.object({
  name: projectName,
  revision: z.string().min(1, 'must be the project updatedAt read last'),
});
export type RenameInput = z.input<typeof RenameInputSchema>;

/** A project's own new shape (PUT /projects/{id}/aspect-ratio), under the revision rules of a rename. */
export const ReshapeInputSchema = z.object({
  aspectRatio: z.string().regex(/^[1-9]\d{0,2}:[1-9]\d{0,2}$/, 'must look like "16:9"'),
  revision: z.string().min(1, 'must be the project updatedAt read last'),
});
export type ReshapeInput = z.input<typeof ReshapeInputSchema>;

export const GenerationInputSchema = z
  .object({
    projectId: id,
    /** A scene of the project; an audio job may name a new client-generated UUID. */
    sceneId: z.string().min(1, 'must be a scene ID'),
    /** A media model from GET /models: it decides the media kind. */
    modelId: z.string().min(1, 'must be a model ID from the catalog'),
    prompt: z.string().trim().min(1, 'must not be empty'),
    /** The model's other inputs (GET /models `inputs`). */
    settings: z.record(z.string(), z.unknown()).optional(),
    parentGenerationId: id.nullable().optional(),
  })
  .loose();
export type GenerationInput = z.input<typeof GenerationInputSchema>;

/** One clip to export; the options the service fills in when absent are optional here. */
export const ClipInputSchema = z
  .object({
    assetId: id,
    trimStartMs: z.number().int().nonnegative().optional(),
    trimEndMs: z.number().int().nonnegative().optional(),
    transition: z.string().optional(),
    motion: z.string().optional(),
    fit: z.string().optional(),
    look: z.string().optional(),
    volume: z.number().optional(),
    title: z.string().optional(),
  })
  .loose();
export type ClipInput = z.input<typeof ClipInputSchema>;

/**
 * POST /exports: a clip list, or the project's whole editor timeline (drawn exactly as a
 * render draws it; `revision`: only if the timeline is still at it), at output settings.
 */
export const ExportInputSchema = z
  .object({
    projectId: id,
    clips: z
      .array(ClipInputSchema)
      .min(1, 'an export needs at least one clip')
      .max(CREATE_LIMITS.exportMaxClips, `must have at most ${CREATE_LIMITS.exportMaxClips} clips`)
      .optional(),
    timeline: z
      .object({
        revision: z.string().min(1).optional(),
        /** A part of the timeline (the I/O range); the whole by default. */
        range: z
          .object({ startMs: z.number().int().min(0), endMs: z.number().int().min(0) })
          .loose()
          .optional(),
        /** One frame, as a PNG. */
        still: z
          .object({ atMs: z.number().int().min(0) })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
    output: OutputSettingsSchema.optional(),
  })
  .loose()
  .refine((input) => (input.clips === undefined) !== (input.timeline === undefined), {
    message: 'an export takes either clips or timeline',
  });
export type ExportInput = z.input<typeof ExportInputSchema>;

/** One page of a list operation. */
export interface Page<Item> {
  items: Item[];
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: string | null;
  requestId: string | null;
}

/** A single resource as an operation returned it. */
export interface ApiResult<T> {
  data: T;
  /** e.g. 201 for a new project; 202 for a new job, 200 when an idempotency key replays one. */
  status: number;
  requestId: string | null;
}

export interface PageQuery {
  /** 1 to 100; the service's default is 25. */
  limit?: number;
  /** The previous page's nextCursor. */
  after?: string;
}
