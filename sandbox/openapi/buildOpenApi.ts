// /openapi.json, built from the same route table that serves requests.
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/errorCodes.ts';
import { CREATE_LIMITS, OPENAPI_VERSION } from '../../shared/limits.ts';
import type { Route } from '../http/route.ts';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

const META = {
  type: 'object',
  required: ['requestId', 'apiVersion'],
  properties: { requestId: { type: 'string', format: 'uuid' }, apiVersion: { const: '1' } },
};

function envelope(data: Json | undefined, list: boolean): Json {
  const dataSchema = data ? (list ? { type: 'array', items: data } : data) : {};
  const properties: Json = { data: dataSchema, meta: { $ref: '#/components/schemas/Meta' } };
  const required = ['data', 'meta'];
  if (list) {
    properties.pagination = { $ref: '#/components/schemas/Pagination' };
    required.push('pagination');
  }
  return { type: 'object', required, properties };
}

function operationId(route: Route): string {
  const words = route.path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `by_${part.slice(1, -1)}` : part))
    .join('_');
  return `${route.method.toLowerCase()}_${words || 'root'}`.replace(/[^A-Za-z0-9_]/g, '_');
}

function parameters(route: Route): Json[] {
  const params: Json[] = [];
  for (const name of [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)) {
    const kind = route.params?.[name] ?? 'int';
    const schema =
      kind === 'int'
        ? { type: 'integer', minimum: 1, maximum: CREATE_LIMITS.idMax }
        : kind === 'uuid'
          ? { type: 'string', format: 'uuid' }
          : { type: 'string' };
    params.push({ name, in: 'path', required: true, schema });
  }
  if (route.query) {
    // A query value is text on the wire; a parameter's schema is the value it stands for (a page
    // size is an integer of 1 to 100), so it is the parsed side — where the limits are checked.
    const schema = jsonSchema(route.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    const parsed = jsonSchema(route.query, 'output') as { properties?: Record<string, Json> };
    for (const [name, input] of Object.entries(schema.properties ?? {})) {
      const output = parsed.properties?.[name];
      const prop = output && Object.keys(output).some((k) => k !== 'description') ? { ...input, ...output } : input;
      if (prop.type === 'integer' || prop.type === 'number') delete prop.pattern;
      const { description, ...rest } = prop;
      params.push({
        name,
        in: 'query',
        required: schema.required?.includes(name) ?? false,
        schema: rest,
        ...(description ? { description } : {}),
      });
    }
  }
  for (const [name, header] of Object.entries(route.headers ?? {})) {
    params.push({
      name,
      in: 'header',
      required: header.required ?? false,
      description: header.description,
      schema: { type: 'string' },
    });
  }
  if (route.idempotent) {
    params.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description:
        'A client-generated UUID. Retrying with the same key and inputs replays the job; other inputs are 409 idempotency.key_reused.',
      schema: { type: 'string', format: 'uuid' },
    });
  }
  return params;
}

function operation(route: Route, errorStatuses: number[]): Json {
  const responses: Json = {};
  for (const [status, doc] of Object.entries(route.responses)) {
    const code = Number(status);
    if (code >= 400) {
      responses[status] = {
        description: doc.description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      };
    } else if (doc.empty) {
      responses[status] = { description: doc.description };
    } else if (doc.contentType) {
      responses[status] = {
        description: doc.description,
        content: { [doc.contentType]: { schema: { type: 'string', contentMediaType: doc.contentType } } },
      };
    } else {
      const data = doc.schema ? jsonSchema(doc.schema, 'output') : undefined;
      responses[status] = {
        description: doc.description,
        content: { 'application/json': { schema: envelope(data, doc.list ?? false) } },
      };
    }
  }
  for (const [status, doc] of Object.entries(route.responses)) {
    if (doc.headers) {
      (responses[status] as Json).headers = Object.fromEntries(
        Object.entries(doc.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
      );
    }
  }
  for (const status of errorStatuses) {
    if (!responses[status]) responses[status] = { $ref: `#/components/responses/Error${status}` };
  }
  const op: Json = {
    operationId: operationId(route),
    summary: route.summary,
    ...(route.description && { description: route.description }),
    tags: [route.tag],
    parameters: parameters(route),
    responses,
    security:
      route.auth === 'none'
        ? []
        : route.auth === 'session'
          ? [{ centralSession: [] }]
          : route.auth === 'key'
            ? [{ apiKey: [] }]
            : [{ apiKey: [] }, { centralSession: [] }],
  };
  if (route.body && typeof route.body !== 'string') {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
  } else if (route.bodyDoc) {
    op.requestBody = { required: true, content: { [route.bodyDoc.contentType]: { schema: route.bodyDoc.schema } } };
  }
  return op;
}

export function buildOpenApi(input: { routes: Route[]; serverUrl: string; extraPaths?: Json }): Json {
  const paths: Record<string, Json> = {};
  const errorStatuses = [400, 401, 403, 404, 405, 409, 413, 415, 429, 500, 502, 503, 504];
  for (const route of input.routes) {
    const errors = route.auth === 'none' ? [400, 404, 405, 500, 503] : errorStatuses;
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route, errors);
  }
  const errorResponses: Json = {};
  for (const status of errorStatuses) {
    const codes = Object.entries(ERROR_CODES)
      .filter(([, info]) => info.status === status)
      .map(([code]) => code);
    errorResponses[`Error${status}`] = {
      description: codes.length
        ? `Failure; error.code is one of: ${codes.join(', ')}.`
        : 'Failure (an error envelope).',
      headers:
        status === 429 || status === 503
          ? { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } }
          : undefined,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
    if (!(errorResponses[`Error${status}`] as Json).headers) delete (errorResponses[`Error${status}`] as Json).headers;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Create API (Clipdesk sandbox)',
      version: OPENAPI_VERSION,
      description:
        'The Create API as served by the Clipdesk sandbox. Shapes the public spec leaves open are decided here. Job states: queued, running, completed, failed, cancelled.',
    },
    servers: [{ url: input.serverUrl }],
    tags: [...new Set(input.routes.map((r) => r.tag))].map((name) => ({ name })),
    paths: { ...paths, ...input.extraPaths },
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' },
        centralSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cd_session',
          description: 'From POST /session at the origin; writes need X-CSRF-Token and a same-origin Origin.',
        },
      },
      schemas: {
        Meta: META,
        Pagination: {
          type: 'object',
          required: ['nextCursor'],
          properties: { nextCursor: { type: ['string', 'null'] } },
        },
        ErrorEnvelope: {
          type: 'object',
          required: ['error', 'meta'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string', examples: Object.keys(ERROR_CODES) }, message: { type: 'string' } },
            },
            meta: { $ref: '#/components/schemas/Meta' },
          },
        },
      },
      responses: errorResponses,
    },
  };
}
