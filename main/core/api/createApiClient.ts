// The typed Create API operations the rest of the app calls. Each goes through the key's
// rate budget and the retry policy (createApiCaller); inputs are checked before anything
// is sent, so bad input costs no request; a job-creating POST takes the idempotency key
// the caller journaled (DESIGN rule 1), never one made up here.
import { z } from 'zod';
import { AppFailure, appError } from '../../../shared/appError.ts';
import {
  AssetSchema,
  DiscoverySchema,
  ExportInputSchema,
  ExportSchema,
  GenerationInputSchema,
  GenerationSchema,
  MeSchema,
  ModelSchema,
  OpenApiDocumentSchema,
  ProjectInputSchema,
  ProjectSchema,
  RenameInputSchema,
  ReshapeInputSchema,
  type ApiResult,
  type Asset,
  type Export,
  type ExportInput,
  type Generation,
  type GenerationInput,
  type ModelKindQuery,
  type Page,
  type PageQuery,
  type Project,
  type ProjectInput,
  type RenameInput,
  type ReshapeInput,
} from '../../../shared/api/createTypes.ts';
import { REVISION_LABEL, RevisionEntrySchema } from '../../../shared/api/editorRevisions.ts';
import { TimelineSchema, type Timeline } from '../../../shared/timeline/timelineTypes.ts';
import {
  AttachmentSchema,
  BrandSchema,
  DeliveryLinkSchema,
  type Attachment,
  type DeliveryLink,
} from '../../../shared/api/mediaLibrary.ts';
import { CREATE_LIMITS, UPLOAD_LIMITS } from '../../../shared/limits.ts';
import type { RateBudget } from '../rate/rateBudget.ts';
import { createApiCaller, type ApiCall, type ApiCallerOptions, type CallOptions } from './apiCaller.ts';
import {
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type HttpDownload,
  type HttpRequest,
  type HttpTimeouts,
} from './httpClient.ts';
import { collectAll, eachItem } from './paginate.ts';
import type { RetryOptions } from './retryPolicy.ts';

export interface CreateApiClientOptions {
  /** The workspace's Create API base, e.g. http://127.0.0.1:4010/api/v1 */
  baseUrl: string;
  getApiKey: () => Promise<string>;
  /** The budget of this key, shared with every other caller that uses it. */
  budget: RateBudget;
  retry?: Partial<RetryOptions>;
  timeouts?: Partial<HttpTimeouts>;
  onRetry?: ApiCallerOptions['onRetry'];
  onResponse?: HttpClientOptions['onResponse'];
}

export interface JobCallOptions extends CallOptions {
  /** The UUID journaled with the intent; a retry, now or after a restart, sends the same one. */
  idempotencyKey: string;
}

export interface ListAllOptions extends CallOptions {
  /** Stop once this many items are read. */
  maxItems?: number;
}

const { min: linkHoursMin, max: linkHoursMax } = UPLOAD_LIMITS.deliveryLinkHours;
const DeliveryLinkInputSchema = z.object({
  expiresInHours: z
    .int('must be a whole number of hours')
    .min(linkHoursMin, `must be from ${linkHoursMin} to ${linkHoursMax}`)
    .max(linkHoursMax, `must be from ${linkHoursMin} to ${linkHoursMax} (30 days)`)
    .optional(),
});

/** A webhook endpoint as the service shows it (its secret only in the answer to registering it). */
export const WebhookEndpointSchema = z.looseObject({
  id: z.union([z.number().int(), z.string().min(1)]),
  url: z.string(),
  events: z.array(z.string()).optional(),
  description: z.string().nullable().optional(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
const RegisteredWebhookSchema = WebhookEndpointSchema.extend({ secret: z.string().min(1) });
export type RegisteredWebhook = z.infer<typeof RegisteredWebhookSchema>;

const WebhookInputSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'must be a full http(s) URL' }),
  events: z.array(z.string().min(1)).min(1, 'must list at least one event kind'),
  description: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});
export type WebhookInput = z.infer<typeof WebhookInputSchema>;

/** An endpoint id as it goes into a path: the service's numeric ids, or a plain token. */
function checkedEndpointId(id: string | number): string {
  const text = String(id);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text))
    throw new AppFailure(appError('request.invalid_id', `A webhook endpoint id is letters and digits, not "${text}".`));
  return text;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Bad input, refused before it costs a request: the message names the field. */
function checked<Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || what}: ${issue.message}`);
  throw new AppFailure(appError('request.invalid', `Invalid ${what}. ${issues.join('; ')}`));
}

function checkedId(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1 || value > CREATE_LIMITS.idMax) {
    throw new AppFailure(
      appError('request.invalid_id', `${name} must be a whole number from 1 to ${CREATE_LIMITS.idMax}, not ${value}.`),
    );
  }
  return value;
}

function checkedIdempotencyKey(key: string): string {
  if (!UUID.test(key))
    throw new AppFailure(appError('idempotency.key_invalid', `The Idempotency-Key must be a UUID, not "${key}".`));
  return key;
}

function pageParams(
  query: PageQuery & Record<string, string | number | undefined>,
): Record<string, string | number | undefined> {
  const { min, max } = CREATE_LIMITS.pageSize;
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < min || query.limit > max)) {
    throw new AppFailure(
      appError('request.invalid', `Invalid query. limit: must be a whole number from ${min} to ${max}.`),
    );
  }
  return query;
}

export function createApiClient(options: CreateApiClientOptions) {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    getApiKey: options.getApiKey,
    timeouts: options.timeouts,
    onResponse: options.onResponse,
  });
  const call: ApiCall = createApiCaller({
    http,
    budget: options.budget,
    retry: options.retry,
    onRetry: options.onRetry,
  });
  // Bytes go through the same budget and retry policy: the caller sees a "send" whose data is the open download.
  const bytes: HttpClient = {
    ...http,
    send: async (request) => {
      const download = await http.download(request);
      return { status: download.status, data: download as never, pagination: null, requestId: download.requestId };
    },
  };
  const callForBytes: ApiCall = createApiCaller({ http: bytes, budget: options.budget, retry: options.retry });

  async function one<Schema extends z.ZodType>(
    request: Omit<HttpRequest, 'signal'>,
    schema: Schema,
    callOptions?: CallOptions,
  ): Promise<ApiResult<z.output<Schema>>> {
    const { data, status, requestId } = await call(request, schema, callOptions);
    return { data, status, requestId };
  }

  async function page<Schema extends z.ZodType>(
    path: string,
    itemSchema: Schema,
    query: Record<string, string | number | undefined>,
    callOptions?: CallOptions,
  ): Promise<Page<z.output<Schema>>> {
    const { data, pagination, requestId } = await call(
      { method: 'GET', path, query: pageParams(query) },
      z.array(itemSchema),
      callOptions,
    );
    return { items: data, nextCursor: pagination?.nextCursor ?? null, requestId };
  }

  /** A list operation, its every-page form, and its lazy form. */
  function listable<Schema extends z.ZodType, Query extends PageQuery>(
    path: string,
    itemSchema: Schema,
    toQuery: (query: Query) => Record<string, string | number | undefined>,
  ) {
    const list = async (query: Query = {} as Query, callOptions?: CallOptions) =>
      page(path, itemSchema, toQuery(query), callOptions);
    return {
      list,
      /** Every item, following nextCursor with the largest page size. */
      listAll: (query: Omit<Query, 'after'> = {} as Query, all: ListAllOptions = {}) =>
        collectAll((after) => list({ limit: CREATE_LIMITS.pageSize.max, ...query, after } as Query, all), all.maxItems),
      /** Every item, one page fetched at a time as the loop asks for more. */
      each: (query: Omit<Query, 'after'> = {} as Query, callOptions?: CallOptions) =>
        eachItem((after) => list({ limit: CREATE_LIMITS.pageSize.max, ...query, after } as Query, callOptions)),
    };
  }

  const byProject = (query: PageQuery & { projectId?: number }) => ({
    limit: query.limit,
    after: query.after,
    projectId: query.projectId === undefined ? undefined : checkedId(query.projectId, 'projectId'),
  });

  return {
    baseUrl: options.baseUrl,
    budget: options.budget,
    /** An operation with no typed method here (the editor's, production's): the same budget and retry policy. */
    call,
    /** The same for an answer that is bytes: the data is the open download (read it to its end or destroy it). */
    callForBytes,

    /** GET / (public: spends no budget). */
    discovery: async (callOptions?: CallOptions) =>
      one({ method: 'GET', path: '/', authenticated: false }, DiscoverySchema, callOptions),
    /** GET /openapi.json (public). */
    openapi: async (callOptions?: CallOptions) =>
      one({ method: 'GET', path: '/openapi.json', authenticated: false }, OpenApiDocumentSchema, callOptions),
    me: async (callOptions?: CallOptions) => one({ method: 'GET', path: '/me' }, MeSchema, callOptions),

    projects: {
      ...listable('/projects', ProjectSchema, byProject),
      get: async (id: number, callOptions?: CallOptions) =>
        one({ method: 'GET', path: `/projects/${checkedId(id, 'id')}` }, ProjectSchema, callOptions),
      /** Not retried on failure (no idempotency key exists for it): read the list before trying again. */
      create: async (input: ProjectInput, callOptions?: CallOptions): Promise<ApiResult<Project>> =>
        one(
          { method: 'POST', path: '/projects', body: checked(ProjectInputSchema, input, 'project') },
          ProjectSchema,
          callOptions,
        ),
      /** A stale revision fails with 409 revision.conflict; its details carry currentRevision and current (RevisionConflictSchema). */
      rename: async (id: number, input: RenameInput, callOptions?: CallOptions): Promise<ApiResult<Project>> =>
        one(
          {
            method: 'PATCH',
            path: `/projects/${checkedId(id, 'id')}`,
            body: checked(RenameInputSchema, input, 'rename'),
          },
          ProjectSchema,
          callOptions,
        ),
      /** The project's own shape; the timeline keeps its clips as they are. A stale revision fails as rename does. */
      reshape: async (id: number, input: ReshapeInput, callOptions?: CallOptions): Promise<ApiResult<Project>> =>
        one(
          {
            method: 'PUT',
            path: `/projects/${checkedId(id, 'id')}/aspect-ratio`,
            body: checked(ReshapeInputSchema, input, 'reshape'),
          },
          ProjectSchema,
          callOptions,
        ),
    },

    models: {
      /** One page holds the whole catalog of a kind. */
      list: async (query: { kind?: ModelKindQuery } = {}, callOptions?: CallOptions) =>
        page('/models', ModelSchema, { kind: query.kind }, callOptions),
    },

    assets: {
      ...listable('/assets', AssetSchema, (query: PageQuery & { projectId?: number; brandId?: number }) => ({
        ...byProject(query),
        brandId: query.brandId === undefined ? undefined : checkedId(query.brandId, 'brandId'),
      })),
      get: async (id: number, callOptions?: CallOptions): Promise<ApiResult<Asset>> =>
        one({ method: 'GET', path: `/assets/${checkedId(id, 'id')}` }, AssetSchema, callOptions),
      /**
       * GET /assets/{id}/content: the bytes, streamed (read `body` to its end or destroy it);
       * with `range`, from a byte on if the content is still the version its ETag names.
       */
      content: async (
        id: number,
        callOptions?: CallOptions,
        range?: { from: number; ifRange: string },
      ): Promise<HttpDownload> =>
        (
          await callForBytes(
            {
              method: 'GET',
              path: `/assets/${checkedId(id, 'id')}/content`,
              timeouts: { bodyMs: 60_000 },
              ...(range && { range }),
            },
            z.custom<HttpDownload>(),
            callOptions,
          )
        ).data,
      deliveryLinks: {
        /** Newest first; `url` is null (it is shown only when a link is made). */
        list: async (assetId: number, query: PageQuery = {}, callOptions?: CallOptions) =>
          page(
            `/assets/${checkedId(assetId, 'assetId')}/delivery-links`,
            DeliveryLinkSchema,
            pageParams({ limit: query.limit, after: query.after }),
            callOptions,
          ),
        /** The answer carries the link's URL, this once. Not retried (no idempotency key): list before trying again. */
        create: async (
          assetId: number,
          input: { expiresInHours?: number } = {},
          callOptions?: CallOptions,
        ): Promise<ApiResult<DeliveryLink>> =>
          one(
            {
              method: 'POST',
              path: `/assets/${checkedId(assetId, 'assetId')}/delivery-links`,
              body: checked(DeliveryLinkInputSchema, input, 'delivery link'),
            },
            DeliveryLinkSchema,
            callOptions,
          ),
        /** Revoking again changes nothing. */
        revoke: async (assetId: number, linkId: number, callOptions?: CallOptions): Promise<ApiResult<DeliveryLink>> =>
          one(
            {
              method: 'DELETE',
              path: `/assets/${checkedId(assetId, 'assetId')}/delivery-links/${checkedId(linkId, 'linkId')}`,
            },
            DeliveryLinkSchema,
            callOptions,
          ),
      },
    },

    brands: {
      ...listable('/brands', BrandSchema, (query: PageQuery) => ({ limit: query.limit, after: query.after })),
      /** GET /brands/{id}/assets: the brand's reusable assets, newest first. */
      assets: async (brandId: number, query: PageQuery = {}, callOptions?: CallOptions) =>
        page(
          `/brands/${checkedId(brandId, 'brandId')}/assets`,
          AssetSchema,
          { limit: query.limit, after: query.after },
          callOptions,
        ),
    },

    attachments: {
      /** The brand assets attached to a project, highest asset ID first. */
      list: async (projectId: number, query: PageQuery = {}, callOptions?: CallOptions) =>
        page(
          `/projects/${checkedId(projectId, 'projectId')}/attachments`,
          AttachmentSchema,
          { limit: query.limit, after: query.after },
          callOptions,
        ),
      /** Attaching again changes nothing (200 with the existing attachment). */
      attach: async (projectId: number, assetId: number, callOptions?: CallOptions): Promise<ApiResult<Attachment>> =>
        one(
          {
            method: 'POST',
            path: `/projects/${checkedId(projectId, 'projectId')}/attachments`,
            body: { assetId: checkedId(assetId, 'assetId') },
          },
          AttachmentSchema,
          callOptions,
        ),
    },

    generations: {
      ...listable('/generations', GenerationSchema, byProject),
      get: async (id: number, callOptions?: CallOptions): Promise<ApiResult<Generation>> =>
        one({ method: 'GET', path: `/generations/${checkedId(id, 'id')}` }, GenerationSchema, callOptions),
      /** 202 for a new job; the same key with the same input replays it; with other input, 409 idempotency.key_reused. */
      create: async (input: GenerationInput, callOptions: JobCallOptions): Promise<ApiResult<Generation>> =>
        one(
          {
            method: 'POST',
            path: '/generations',
            body: checked(GenerationInputSchema, input, 'generation'),
            idempotencyKey: checkedIdempotencyKey(callOptions.idempotencyKey),
          },
          GenerationSchema,
          callOptions,
        ),
    },

    exports: {
      ...listable('/exports', ExportSchema, byProject),
      get: async (id: number, callOptions?: CallOptions): Promise<ApiResult<Export>> =>
        one({ method: 'GET', path: `/exports/${checkedId(id, 'id')}` }, ExportSchema, callOptions),
      create: async (input: ExportInput, callOptions: JobCallOptions): Promise<ApiResult<Export>> =>
        one(
          {
            method: 'POST',
            path: '/exports',
            body: checked(ExportInputSchema, input, 'export'),
            idempotencyKey: checkedIdempotencyKey(callOptions.idempotencyKey),
          },
          ExportSchema,
          callOptions,
        ),
    },

    revisions: {
      /** GET /projects/{id}/editor/revisions: the timeline's revisions, newest first. */
      list: async (projectId: number, query: PageQuery = {}, callOptions?: CallOptions) =>
        page(
          `/projects/${checkedId(projectId, 'projectId')}/editor/revisions`,
          RevisionEntrySchema,
          { limit: query.limit, after: query.after },
          callOptions,
        ),
      /** GET /projects/{id}/editor/revisions/{revision}: the timeline as it was at that revision ("r12"). */
      get: async (projectId: number, revision: string, callOptions?: CallOptions): Promise<ApiResult<Timeline>> => {
        if (!REVISION_LABEL.test(revision))
          throw new AppFailure(
            appError('request.invalid', `revision must be one the timeline names, like "r12", not "${revision}".`),
          );
        return one(
          { method: 'GET', path: `/projects/${checkedId(projectId, 'projectId')}/editor/revisions/${revision}` },
          TimelineSchema,
          callOptions,
        );
      },
    },

    webhooks: {
      ...listable('/webhooks', WebhookEndpointSchema, (query: PageQuery) => ({
        limit: query.limit,
        after: query.after,
      })),
      /**
       * POST /webhooks: not paid work, so no idempotency key. The answer carries the signing
       * secret this once: hand it to the keychain, never keep it elsewhere.
       */
      register: async (input: WebhookInput, callOptions?: CallOptions): Promise<ApiResult<RegisteredWebhook>> =>
        one(
          { method: 'POST', path: '/webhooks', body: checked(WebhookInputSchema, input, 'webhook endpoint') },
          RegisteredWebhookSchema,
          callOptions,
        ),
      delete: async (id: string | number, callOptions?: CallOptions): Promise<ApiResult<WebhookEndpoint>> =>
        one({ method: 'DELETE', path: `/webhooks/${checkedEndpointId(id)}` }, WebhookEndpointSchema, callOptions),
    },

    /** Closes the connections; the budget stays (other clients of the key may share it). */
    close: () => http.close(),
  };
}

export type CreateApiClient = ReturnType<typeof createApiClient>;
