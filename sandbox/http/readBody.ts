import type { IncomingMessage } from 'node:http';
import { firstTextProblem } from '../../shared/textRules.ts';
import { ApiError } from './apiError.ts';

const JSON_BODY_LIMIT = 1024 * 1024;

/** A body that went past its limit; what was read so far is dropped. */
export class BodyTooLarge extends Error {}

/**
 * Reads a whole body of at most `limit` bytes. Past the limit it stops listening and leaves the
 * request as it is (paused, not destroyed): whoever answers the refusal then drains or closes it
 * (discardUnreadBody). `for await` over the request would destroy it on the way out, and a timer
 * that later reaches for its socket finds none.
 */
export function readBodyBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Already over: its events have been and gone, and would never come to this reader.
    if (req.readableEnded) return resolve(Buffer.alloc(0));
    if (req.destroyed) return reject(new Error('The client closed the connection before the body ended.'));
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    const onClose = (): void => {
      cleanup();
      if (!req.complete) reject(new Error('The client closed the connection before the body ended.'));
      else resolve(Buffer.concat(chunks));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
    req.resume();
  });
}

/** Reads a JSON body (at most 1 MiB). An empty body reads as undefined. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const declared = Number(req.headers['content-length'] ?? 0);
  const tooLarge = () => new ApiError('request.body_too_large', 'JSON bodies are limited to 1 MiB.');
  if (declared > JSON_BODY_LIMIT) throw tooLarge();
  let bytes: Buffer;
  try {
    bytes = await readBodyBytes(req, JSON_BODY_LIMIT);
  } catch (err) {
    if (err instanceof BodyTooLarge) throw tooLarge();
    throw new ApiError('request.invalid', `The body could not be read: ${(err as Error).message}`);
  }
  if (bytes.length === 0) return undefined;
  if (type !== 'application/json') {
    throw new ApiError('request.unsupported_content_type', 'Send the body as application/json.');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('request.invalid_json', 'The body is not valid UTF-8: send JSON encoded as UTF-8.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ApiError('request.invalid_json', `The body is not valid JSON: ${(err as Error).message}`);
  }
  const bad = firstTextProblem(value);
  if (bad) throw new ApiError('request.invalid', `The field ${bad.path || '(the body)'} ${bad.problem}.`);
  return value;
}
