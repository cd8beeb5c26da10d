// Streams a stored media file as an HTTP response, honouring one byte Range so players can
// seek and interrupted downloads can resume (RFC 9110 §14). Several ranges in one request
// are answered with the whole file, which the RFC allows.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../http/apiError.ts';

export interface MediaFile {
  path: string;
  contentType: string;
  filename: string;
  /** A strong validator for If-Range (the content's SHA-256). */
  etag: string;
}

/** The inclusive byte span a Range header asks for; 'whole' when it is absent, ignorable or multiple. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'whole' | 'unsatisfiable' {
  if (!header) return 'whole';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return 'whole'; // syntactically invalid: ignore it
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** RFC 6266 / RFC 8187: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export async function sendMediaFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: MediaFile,
  requestId: string,
): Promise<void> {
  const { size } = await stat(file.path);
  const etag = `"${file.etag}"`;
  const ifRange = req.headers['if-range'];
  // A Range with an If-Range naming another version is answered with the whole (current) file.
  const range = ifRange !== undefined && ifRange !== etag ? 'whole' : parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    throw new ApiError(
      'request.range_not_satisfiable',
      `The Range "${req.headers.range}" starts beyond the file's ${size} bytes.`,
      {
        headers: { 'content-range': `bytes */${size}` },
      },
    );
  }
  const span = range === 'whole' ? { start: 0, end: size - 1 } : range;
  const length = size === 0 ? 0 : span.end - span.start + 1;
  const headers: Record<string, string | number> = {
    'content-type': file.contentType,
    'content-length': length,
    'content-disposition': contentDisposition(file.filename),
    'accept-ranges': 'bytes',
    etag,
    'cache-control': 'private, no-cache',
    'x-content-type-options': 'nosniff',
    'x-request-id': requestId,
  };
  if (range !== 'whole') headers['content-range'] = `bytes ${span.start}-${span.end}/${size}`;
  res.writeHead(range === 'whole' ? 200 : 206, headers);
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  await pipeline(createReadStream(file.path, { start: span.start, end: span.end }), res);
}
