// The production operations that are not jobs, or that read what jobs made: reading
// transcriptions, speech edits, reviews, finishes, templates and batches; a caption file's
// text; publishing a template version and making variants (with the key the page made for
// the user's action, so a retry sends the same key). Everything goes through the
// workspace's shared client (workspaceHttp.ts): its key's one rate budget and the retry
// policy, like every other request.
import { z } from 'zod';
import { AppFailure, appError } from '../../../shared/appError.ts';
import type { Page } from '../../../shared/api/createTypes.ts';
import type { CreateApiClient } from '../api/createApiClient.ts';
import type { HttpDownload } from '../api/httpClient.ts';

/** A caption file larger than this is not read (a transcript of 30 minutes is some 60 kB). */
export const CAPTION_FILE_MAX_BYTES = 4 * 1024 * 1024;

export interface ProductionClientOptions {
  /** The workspace's shared client. */
  readonly clientFor: (workspaceId: string) => Promise<Pick<CreateApiClient, 'call' | 'callForBytes'>>;
}

export interface TextFile {
  readonly contentType: string;
  readonly text: string;
}

export interface ProductionClient {
  /** GET one resource. */
  get<Schema extends z.ZodType>(workspaceId: string, path: string, schema: Schema): Promise<z.output<Schema>>;
  /** GET one page of a list. */
  page<Schema extends z.ZodType>(
    workspaceId: string,
    path: string,
    itemSchema: Schema,
    query: Record<string, string | number | undefined>,
  ): Promise<Page<z.output<Schema>>>;
  /** GET a small text file (a caption file), read whole. */
  text(workspaceId: string, path: string): Promise<TextFile>;
  /** A creating POST that is not a job, with the key made for the user's action (retried with the same key). */
  create<Schema extends z.ZodType>(
    workspaceId: string,
    path: string,
    body: unknown,
    schema: Schema,
    idempotencyKey: string | undefined,
  ): Promise<z.output<Schema>>;
}

async function readText(download: HttpDownload, limit: number): Promise<string> {
  if (download.contentLength !== null && download.contentLength > limit) {
    download.body.destroy();
    throw new AppFailure(
      appError('response.invalid', `The file is ${download.contentLength} bytes, more than Clipdesk reads (${limit}).`),
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of download.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      download.body.destroy();
      throw new AppFailure(
        appError('response.invalid', `The file is more than ${limit} bytes: Clipdesk does not read it.`),
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createProductionClient(options: ProductionClientOptions): ProductionClient {
  const { clientFor } = options;
  return {
    async get(workspaceId, path, schema) {
      const { call } = await clientFor(workspaceId);
      return (await call({ method: 'GET', path }, schema)).data;
    },

    async page(workspaceId, path, itemSchema, query) {
      const { call } = await clientFor(workspaceId);
      const { data, pagination, requestId } = await call({ method: 'GET', path, query }, z.array(itemSchema));
      return { items: data, nextCursor: pagination?.nextCursor ?? null, requestId };
    },

    async text(workspaceId, path) {
      const { callForBytes } = await clientFor(workspaceId);
      const download = (await callForBytes({ method: 'GET', path }, z.custom<HttpDownload>())).data;
      return {
        contentType: download.contentType ?? 'text/plain; charset=utf-8',
        text: await readText(download, CAPTION_FILE_MAX_BYTES),
      };
    },

    async create(workspaceId, path, body, schema, idempotencyKey) {
      const { call } = await clientFor(workspaceId);
      return (await call({ method: 'POST', path, body, ...(idempotencyKey && { idempotencyKey }) }, schema)).data;
    },
  };
}
