// The Messaging API takes the same fields as JSON, as a form, as multipart/form-data or (for
// the GET operations) as query parameters. This reads any of them into one plain object.
// Form-style names with one bracket level (`start[dateTime]`, `custom[plan]`) become nested
// objects, so a form can carry what JSON carries. Form and query values are URL-decoded once,
// by their format; JSON and multipart values are taken as sent. Every value must be UTF-8
// (after URL-decoding, for forms and queries): bytes that are not are refused, never turned
// into replacement characters and sent on as text the user did not write.
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { BodyTooLarge, readBodyBytes } from '../http/readBody.ts';

export type Fields = Record<string, unknown>;

export interface UploadedFile {
  /** The multipart part name. */
  field: string;
  filename: string;
  /** The bytes, cut one byte past the size limit. */
  data: Buffer;
  /** True when the file was larger than the limit (data holds only the first bytes). */
  truncated: boolean;
}

export interface RequestFields {
  fields: Fields;
  file?: UploadedFile;
}

/** The body or query cannot be read as fields; the message says why. */
export class PayloadError extends Error {}

/** JSON and form bodies; multipart bodies are bounded by their file limit instead. */
const TEXT_BODY_LIMIT = 8 * 1024 * 1024;
const FIELD_VALUE_LIMIT = 1024 * 1024;

const BRACKETED = /^([A-Za-z_][\w-]*)\[([^[\]]+)\]$/;

/** Adds one form-style field, nesting `a[b]`; a name given twice is refused. */
function assign(fields: Fields, name: string, value: string): void {
  const nested = BRACKETED.exec(name);
  if (!nested) {
    if (Object.hasOwn(fields, name)) throw new PayloadError(`The field ${name} is given more than once: give it once.`);
    fields[name] = value;
    return;
  }
  const [, outer, inner] = nested as unknown as [string, string, string];
  const existing = fields[outer];
  if (existing !== undefined && (typeof existing !== 'object' || existing === null)) {
    throw new PayloadError(`The field ${outer} is given both as a value and as ${outer}[…]: give one form.`);
  }
  const target = (existing ?? {}) as Record<string, unknown>;
  if (Object.hasOwn(target, inner)) throw new PayloadError(`The field ${name} is given more than once: give it once.`);
  target[inner] = value;
  fields[outer] = target;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bytes as UTF-8 text; `what` names them in the refusal. */
function utf8(bytes: Uint8Array, what: string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new PayloadError(`${what} is not valid UTF-8: send the text encoded as UTF-8.`);
  }
}

/** %XX escapes to bytes; a % not followed by two hex digits stays as it is (as URLSearchParams does). */
function percentDecode(text: string): Uint8Array {
  const bytes = Buffer.from(text.replaceAll('+', ' '), 'latin1');
  const out = Buffer.alloc(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === 0x25 && i + 2 < bytes.length ? bytes.subarray(i + 1, i + 3).toString('latin1') : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      out[n++] = parseInt(hex, 16);
      i += 2;
    } else out[n++] = bytes[i]!;
  }
  return out.subarray(0, n);
}

/**
 * application/x-www-form-urlencoded pairs (a query string, or a form body whose characters
 * are one byte each: raw bytes of a request line arrive as latin1), URL-decoded to UTF-8.
 */
function formPairs(encoded: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of encoded.split('&')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    const name = utf8(percentDecode(at === -1 ? part : part.slice(0, at)), 'A field name');
    const value = utf8(percentDecode(at === -1 ? '' : part.slice(at + 1)), `The field ${name}`);
    pairs.push([name, value]);
  }
  return pairs;
}

/** The fields of a request's query string (its target as Node read it, e.g. req.url). */
export function readQueryFields(target: string): RequestFields {
  const fields: Fields = Object.create(null) as Fields;
  const at = target.indexOf('?');
  if (at !== -1) {
    const hash = target.indexOf('#', at);
    for (const [name, value] of formPairs(target.slice(at + 1, hash === -1 ? undefined : hash)))
      assign(fields, name, value);
  }
  return { fields };
}

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

async function readText(req: IncomingMessage): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > TEXT_BODY_LIMIT) {
    req.resume();
    throw new PayloadError('The body is larger than 8 MiB: send fewer messages per request.');
  }
  let body: Buffer;
  try {
    body = await readBodyBytes(req, TEXT_BODY_LIMIT);
  } catch (err) {
    if (err instanceof BodyTooLarge)
      throw new PayloadError('The body is larger than 8 MiB: send fewer messages per request.');
    throw new PayloadError(`The body could not be read: ${(err as Error).message}`);
  }
  return utf8(body, 'The body');
}

function readMultipart(
  req: IncomingMessage,
  file: { field: string; maxBytes: number } | undefined,
): Promise<RequestFields> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // One byte past the limit: busboy flags a file that ends exactly at its limit as cut.
      // Field values arrive as latin1 (one character per byte) and are decoded strictly below.
      parser = busboy({
        headers: req.headers,
        defCharset: 'latin1',
        limits: {
          files: file ? 1 : 0,
          fileSize: file ? file.maxBytes + 1 : 0,
          fields: 200,
          fieldSize: FIELD_VALUE_LIMIT,
          parts: 201,
        },
      });
    } catch (err) {
      req.resume();
      reject(new PayloadError(`The multipart body cannot be read: ${(err as Error).message}.`));
      return;
    }
    const fields: Fields = Object.create(null) as Fields;
    let upload: UploadedFile | undefined;
    // Keep reading after a problem so the client gets an answer, not a reset connection.
    let problem: string | undefined;
    const fail = (message: string) => {
      problem ??= message;
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(`The field ${name} is longer than 1 MiB.`);
      try {
        assign(fields, name, utf8(Buffer.from(value, 'latin1'), `The field ${name}`));
      } catch (err) {
        fail((err as Error).message);
      }
    });
    parser.on('file', (name, stream, info) => {
      if (!file || name !== file.field) {
        fail(
          file
            ? `The file part ${name} is not known: send the file as the part ${file.field}.`
            : 'This operation takes no file.',
        );
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks);
        upload = { field: name, filename: info.filename ?? '', data, truncated: data.length > file.maxBytes };
      });
    });
    parser.on('filesLimit', () =>
      fail(file ? `Send one file only, as the part ${file.field}.` : 'This operation takes no file.'),
    );
    parser.on('fieldsLimit', () => fail('The body has more than 200 fields.'));
    parser.on('partsLimit', () => fail('The body has more than 201 parts.'));
    parser.on('error', (err: Error) => {
      req.unpipe(parser);
      req.resume();
      reject(new PayloadError(`The multipart body cannot be read: ${err.message}.`));
    });
    parser.on('close', () => {
      if (problem) reject(new PayloadError(problem));
      else resolve(upload ? { fields, file: upload } : { fields });
    });
    req.pipe(parser);
  });
}

/**
 * Reads a POST body: JSON (an object), a form, or multipart (fields plus, where `file` is
 * given, that one file part, cut at maxBytes + 1 so "too large" can be told apart).
 */
export async function readBodyFields(
  req: IncomingMessage,
  options: { file?: { field: string; maxBytes: number }; jsonOnly?: boolean } = {},
): Promise<RequestFields> {
  const type = mediaType(req);
  if (type === 'multipart/form-data' && !options.jsonOnly) {
    return readMultipart(req, options.file && { field: options.file.field, maxBytes: options.file.maxBytes });
  }
  const text = await readText(req);
  if (text.length === 0) return { fields: Object.create(null) as Fields };
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new PayloadError(`The body is not valid JSON: ${(err as Error).message}.`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new PayloadError('The JSON body must be an object of fields.');
    return { fields: parsed as Fields };
  }
  if (options.jsonOnly) throw new PayloadError('Send this body as application/json.');
  if (type === 'application/x-www-form-urlencoded') {
    const fields: Fields = Object.create(null) as Fields;
    for (const [name, value] of formPairs(Buffer.from(text, 'utf8').toString('latin1'))) assign(fields, name, value);
    return { fields };
  }
  throw new PayloadError(
    `The body's content type "${type || 'none'}" is not taken: send application/json, application/x-www-form-urlencoded or multipart/form-data.`,
  );
}
