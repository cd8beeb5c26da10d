// Every kind of paid work the Create API does, as one table: where it is submitted, what
// input it takes, where its job is read (one at a time, or many with one list call), and
// which fields of its answer are the results. A new kind of work is a new row here; the
// outbox and the poller read only this table.
import type { z } from 'zod';
import { ExportInputSchema, GenerationInputSchema } from '../../../shared/api/createTypes.ts';
import {
  BatchInputSchema,
  EditorCommandsInputSchema,
  FinishInputSchema,
  ReframeInputSchema,
  RenderInputSchema,
  ReviewInputSchema,
  SpeechEditInputSchema,
  TranscriptionInputSchema,
} from '../../../shared/api/jobInputs.ts';
import { TranscriptionPartialSchema, type TranscriptionPartial } from '../../../shared/production/productionTypes.ts';
import type { IntentKind, IntentMethod } from '../journal/intents.ts';

/** What locates a job besides its ID: the project, source asset or transcription it belongs to. */
export interface JobContext {
  readonly projectId?: number;
  /** The asset a transcription, review or finish works on (not one it made). */
  readonly sourceAssetId?: number;
  readonly transcriptionId?: number;
}

/** A list operation that returns many jobs of a kind at once, newest first. */
export interface ListLocation {
  readonly path: string;
  readonly query: Readonly<Record<string, string | number>>;
}

export type PathParam = 'projectId' | 'assetId';
export type PathParams = Partial<Record<PathParam, number>>;

/** The assets a job made, read from its data. */
export interface JobResults {
  readonly outputs: number[];
  readonly assetId: number | null;
}

export interface JobKindSpec {
  readonly kind: IntentKind;
  /** For messages: "generation", "editor render". */
  readonly noun: string;
  readonly method: IntentMethod;
  /** The path parameters submitting needs, checked as IDs before anything is journaled. */
  readonly pathParams: readonly PathParam[];
  readonly submitPath: (params: Required<PathParams>) => string;
  /** The body, checked before anything is journaled; an absent body is sent as `{}`. */
  readonly input: z.ZodType;
  readonly inputRequired: boolean;
  /** Answered with the finished result rather than a job to follow (editor commands). */
  readonly synchronous: boolean;
  /** GET one job; null when this context cannot locate it. */
  readonly pollPath: (jobId: string, context: JobContext) => string | null;
  /** The list that holds many jobs of this kind at once, or null. */
  readonly listPath: (context: JobContext) => ListLocation | null;
  /** POST here cancels a queued or running job (the service refunds it); null where the service offers no cancel. */
  readonly cancelPath: (jobId: string) => string | null;
  readonly results: (data: Readonly<Record<string, unknown>>) => JobResults;
  /** Which field of the job's data names the asset it works on (not one it made). */
  readonly sourceAssetField: string | null;
  /** What a running job made so far, where its kind reports it (a transcription's words so far); absent: never. */
  readonly partial?: (data: Readonly<Record<string, unknown>>) => TranscriptionPartial | null;
}

const seg = (id: string) => encodeURIComponent(id);

function assetIdOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

function assetList(value: unknown): number[] {
  return Array.isArray(value) ? value.map(assetIdOf).filter((id): id is number => id !== null) : [];
}

/** The job made one asset, in `field`. */
const oneAsset =
  (field: string) =>
  (data: Readonly<Record<string, unknown>>): JobResults => {
    const assetId = assetIdOf(data[field]);
    return { outputs: assetId === null ? [] : [assetId], assetId };
  };

const noAssets = (): JobResults => ({ outputs: [], assetId: null });

/** A job read at `${base}/{id}` whose list is that of its source asset (`/assets/{id}/${plural}`). */
function assetJob(
  kind: IntentKind,
  noun: string,
  plural: string,
  input: z.ZodType,
  results: JobKindSpec['results'] = noAssets,
): JobKindSpec {
  return {
    kind,
    noun,
    method: 'POST',
    pathParams: ['assetId'],
    submitPath: ({ assetId }) => `/assets/${assetId}/${plural}`,
    input,
    inputRequired: false,
    synchronous: false,
    pollPath: (id) => `/${plural}/${seg(id)}`,
    listPath: ({ sourceAssetId }) =>
      sourceAssetId === undefined ? null : { path: `/assets/${sourceAssetId}/${plural}`, query: {} },
    cancelPath: (id) => `/${plural}/${seg(id)}/cancel`,
    results,
    sourceAssetField: 'assetId',
  };
}

export const JOB_KINDS: Readonly<Record<IntentKind, JobKindSpec>> = {
  generation: {
    kind: 'generation',
    noun: 'generation',
    method: 'POST',
    pathParams: [],
    submitPath: () => '/generations',
    input: GenerationInputSchema,
    inputRequired: true,
    synchronous: false,
    pollPath: (id) => `/generations/${seg(id)}`,
    listPath: ({ projectId }) => (projectId === undefined ? null : { path: '/generations', query: { projectId } }),
    cancelPath: () => null,
    results: (data) => ({ outputs: assetList(data.outputs), assetId: null }),
    sourceAssetField: null,
  },
  export: {
    kind: 'export',
    noun: 'export',
    method: 'POST',
    pathParams: [],
    submitPath: () => '/exports',
    input: ExportInputSchema,
    inputRequired: true,
    synchronous: false,
    pollPath: (id) => `/exports/${seg(id)}`,
    listPath: ({ projectId }) => (projectId === undefined ? null : { path: '/exports', query: { projectId } }),
    cancelPath: () => null,
    results: oneAsset('assetId'),
    sourceAssetField: null,
  },
  render: {
    kind: 'render',
    noun: 'editor render',
    method: 'POST',
    pathParams: ['projectId'],
    submitPath: ({ projectId }) => `/projects/${projectId}/editor/render`,
    input: RenderInputSchema,
    inputRequired: false,
    synchronous: false,
    pollPath: (id, { projectId }) =>
      projectId === undefined ? null : `/projects/${projectId}/editor/renders/${seg(id)}`,
    listPath: ({ projectId }) =>
      projectId === undefined ? null : { path: `/projects/${projectId}/editor/renders`, query: {} },
    cancelPath: () => null,
    results: oneAsset('assetId'),
    sourceAssetField: null,
  },
  reframe: {
    kind: 'reframe',
    noun: 'auto reframe',
    method: 'POST',
    pathParams: ['projectId'],
    submitPath: ({ projectId }) => `/projects/${projectId}/editor/reframe`,
    input: ReframeInputSchema,
    inputRequired: false,
    synchronous: false,
    pollPath: (id, { projectId }) =>
      projectId === undefined ? null : `/projects/${projectId}/editor/reframes/${seg(id)}`,
    listPath: ({ projectId }) =>
      projectId === undefined ? null : { path: `/projects/${projectId}/editor/reframes`, query: {} },
    cancelPath: () => null,
    // Its result is a timeline revision, not an asset.
    results: () => ({ outputs: [], assetId: null }),
    sourceAssetField: null,
  },
  transcription: {
    ...assetJob('transcription', 'transcription', 'transcriptions', TranscriptionInputSchema),
    // A shape this client does not know is "nothing so far", not a failed read.
    partial: (data) => TranscriptionPartialSchema.safeParse(data.partial ?? null).data ?? null,
  },
  review: assetJob('review', 'review', 'reviews', ReviewInputSchema),
  finish: assetJob('finish', 'finish', 'finishes', FinishInputSchema, oneAsset('outputAssetId')),
  'speech-edit': {
    kind: 'speech-edit',
    noun: 'speech edit',
    method: 'POST',
    pathParams: [],
    submitPath: () => '/speech-edits',
    input: SpeechEditInputSchema,
    inputRequired: true,
    synchronous: false,
    pollPath: (id) => `/speech-edits/${seg(id)}`,
    listPath: ({ transcriptionId }) =>
      transcriptionId === undefined ? null : { path: '/speech-edits', query: { transcriptionId } },
    cancelPath: (id) => `/speech-edits/${seg(id)}/cancel`,
    results: noAssets,
    sourceAssetField: 'assetId',
  },
  // A batch (a "production") renders prepared projects; it is read at /batches/{id} and
  // listed per project. Its outputs are the items' rendered assets, in order.
  batch: {
    kind: 'batch',
    noun: 'editor batch',
    method: 'POST',
    pathParams: ['projectId'],
    submitPath: ({ projectId }) => `/projects/${projectId}/editor/batches`,
    input: BatchInputSchema,
    inputRequired: true,
    synchronous: false,
    pollPath: (id) => `/batches/${seg(id)}`,
    listPath: ({ projectId }) =>
      projectId === undefined ? null : { path: `/projects/${projectId}/editor/batches`, query: {} },
    cancelPath: (id) => `/batches/${seg(id)}/cancel`,
    results: (data) => ({
      outputs: assetList(
        Array.isArray(data.items)
          ? data.items.map((item) => (item as { assetId?: unknown } | null)?.assetId ?? null)
          : [],
      ),
      assetId: null,
    }),
    sourceAssetField: null,
  },
  'editor-commands': {
    kind: 'editor-commands',
    noun: 'timeline edit',
    method: 'POST',
    pathParams: ['projectId'],
    submitPath: ({ projectId }) => `/projects/${projectId}/editor/commands`,
    input: EditorCommandsInputSchema,
    inputRequired: true,
    synchronous: true,
    pollPath: () => null,
    listPath: () => null,
    cancelPath: () => null,
    results: noAssets,
    sourceAssetField: null,
  },
};

export function jobKindSpec(kind: string): JobKindSpec | null {
  return Object.hasOwn(JOB_KINDS, kind) ? JOB_KINDS[kind as IntentKind] : null;
}

/** The job kinds that are submitted through the generic path (generation and export have their own functions). */
export const GENERIC_KINDS = [
  'render',
  'transcription',
  'review',
  'speech-edit',
  'finish',
  'batch',
  'editor-commands',
  'reframe',
] as const satisfies readonly IntentKind[];
export type GenericKind = (typeof GENERIC_KINDS)[number];

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** What the request that made a job says about where it lives (its path and body). */
export function contextFromRequest(path: string, body: unknown): JobContext {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const project = /^\/projects\/(\d+)\//.exec(path);
  const asset = /^\/assets\/(\d+)\//.exec(path);
  return compact({
    projectId: project ? Number(project[1]) : positiveInt(fields.projectId),
    sourceAssetId: asset ? Number(asset[1]) : undefined,
    transcriptionId: positiveInt(fields.transcriptionId),
  });
}

/** What a job's own data says about where it lives. */
export function contextFromData(spec: JobKindSpec, data: Readonly<Record<string, unknown>>): JobContext {
  return compact({
    projectId: positiveInt(data.projectId),
    sourceAssetId: spec.sourceAssetField === null ? undefined : positiveInt(data[spec.sourceAssetField]),
    transcriptionId: positiveInt(data.transcriptionId),
  });
}

/** Later knowledge fills in, never erases, what is known. */
export function mergeContext(known: JobContext, more: JobContext): JobContext {
  return compact({ ...known, ...compact(more) });
}

function compact(context: { [K in keyof JobContext]?: number | undefined }): JobContext {
  const out: { -readonly [K in keyof JobContext]?: number } = {};
  for (const [key, value] of Object.entries(context) as [keyof JobContext, number | undefined][]) {
    if (value !== undefined) out[key] = value;
  }
  return out;
}
