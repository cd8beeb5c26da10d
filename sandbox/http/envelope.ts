// Every response of the Create API is this envelope (spec: "Response envelope").
import type { ServerResponse } from 'node:http';
import { API_VERSION } from '../../shared/limits.ts';
import type { ApiError } from './apiError.ts';

export interface Pagination {
  nextCursor: string | null;
}

/** Any JSON body, never cached (the Messaging API answers through this too). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendData(
  res: ServerResponse,
  requestId: string,
  status: number,
  data: unknown,
  pagination?: Pagination,
  headers?: Record<string, string>,
): void {
  const body: Record<string, unknown> = { data, meta: { requestId, apiVersion: API_VERSION } };
  if (pagination) body.pagination = pagination;
  sendJson(res, status, body, { 'x-request-id': requestId, ...headers });
}

export function sendError(res: ServerResponse, requestId: string, error: ApiError): void {
  const body = {
    error: { code: error.code, message: error.message, ...error.details },
    meta: { requestId, apiVersion: API_VERSION },
  };
  sendJson(res, error.status, body, { 'x-request-id': requestId, ...error.headers });
}
