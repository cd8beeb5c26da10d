import type { IncomingMessage } from 'node:http';
import { ApiError } from './apiError.ts';

const JSON_BODY_LIMIT = 1024 * 1024;

/** Reads a JSON body (at most 1 MiB). An empty body reads as undefined. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > JSON_BODY_LIMIT) throw new ApiError('request.body_too_large', 'JSON bodies are limited to 1 MiB.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > JSON_BODY_LIMIT) throw new ApiError('request.body_too_large', 'JSON bodies are limited to 1 MiB.');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  if (type !== 'application/json') {
    throw new ApiError('request.unsupported_content_type', 'Send the body as application/json.');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ApiError('request.invalid_json', 'The body is not valid UTF-8: send JSON encoded as UTF-8.');
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError('request.invalid_json', `The body is not valid JSON: ${(err as Error).message}`);
  }
}
