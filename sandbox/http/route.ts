// One route definition drives both dispatch and the OpenAPI document, so what the
// sandbox does and what /openapi.json says cannot drift apart.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.ts';
import type { Pagination } from './envelope.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** none: public · any: API key or session · session: central session only · key: API key only */
export type AuthRequirement = 'none' | 'any' | 'session' | 'key';

export type ParamKind = 'int' | 'uuid' | 'string';

export interface ResponseDoc {
  description: string;
  /** The shape of `data` in the envelope (or of the whole body for non-envelope routes). */
  schema?: z.ZodType;
  /** data is a list of `schema`, with pagination. */
  list?: boolean;
  /** A non-JSON response, e.g. a media download. */
  contentType?: string;
  /** No body at all (e.g. 204, or the tus protocol's answers, which speak in headers). */
  empty?: boolean;
  /** Response headers worth documenting: name → what it carries. */
  headers?: Record<string, string>;
}

export interface RequestContext<Body = unknown, Query = unknown> {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  requestId: string;
  params: Record<string, string | number>;
  query: Query;
  body: Body;
  /** Set for every route whose auth is not 'none'. */
  principal: Principal;
  /** The validated Idempotency-Key, for routes with `idempotent: true`. */
  idempotencyKey: string;
}

export interface Reply {
  status?: number;
  data: unknown;
  pagination?: Pagination;
  headers?: Record<string, string>;
}

/** A handler that wrote the response itself (downloads, tus) returns this. */
export const HANDLED = Symbol('handled');

export interface Route<Body = unknown, Query = unknown> {
  method: HttpMethod;
  /** OpenAPI-style path relative to the base, e.g. '/projects/{id}'. */
  path: string;
  auth: AuthRequirement;
  summary: string;
  /** Longer Markdown, where the summary cannot say enough (e.g. the render's semantics). */
  description?: string;
  tag: string;
  params?: Record<string, ParamKind>;
  query?: z.ZodType<Query>;
  /** A zod schema for a JSON body; 'multipart' / 'raw' leave the stream to the handler. */
  body?: z.ZodType<Body> | 'multipart' | 'raw';
  /** Request headers the operation reads (documented as header parameters). */
  headers?: Record<string, { description: string; required?: boolean }>;
  /** Documented when the body is not JSON. */
  bodyDoc?: { contentType: string; schema: Record<string, unknown> };
  idempotent?: boolean;
  /** Not counted against the rate limit (sandbox-only admin routes). */
  responses: Record<number, ResponseDoc>;
  handler(ctx: RequestContext<Body, Query>): Promise<Reply | typeof HANDLED> | Reply | typeof HANDLED;
}

/** Keeps Body and Query inferred per route while collecting routes into one list. */
export function route<Body = unknown, Query = unknown>(def: Route<Body, Query>): Route {
  return def as unknown as Route;
}
