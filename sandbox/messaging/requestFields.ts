// The Messaging API takes the same fields as JSON, as a form, as multipart/form-data or (for
// the GET operations) as query parameters. This reads any of them into one plain object.
// Form-style names with one bracket level (`start[dateTime]`, `custom[plan]`) become nested
// objects, so a form can carry what JSON carries. Form and query values are URL-decoded once,
// by their format; JSON and multipart values are taken as sent.
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';

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

export function readQueryFields(url: URL): RequestFields {
  const fields: Fields = Object.create(null) as Fields;
  for (const [name, value] of url.searchParams) assign(fields, name, value);
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
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > TEXT_BODY_LIMIT) {
      req.resume();
      throw new PayloadError('The body is larger than 8 MiB: send fewer messages per request.');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function readMultipart(
  req: IncomingMessage,
  file: { field: string; maxBytes: number } | undefined,
): Promise<RequestFields> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // One byte past the limit: busboy flags a file that ends exactly at its limit as cut.
      parser = busboy({
        headers: req.headers,
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
        assign(fields, name, value);
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
    for (const [name, value] of new URLSearchParams(text)) assign(fields, name, value);
    return { fields };
  }
  throw new PayloadError(
    `The body's content type "${type || 'none'}" is not taken: send application/json, application/x-www-form-urlencoded or multipart/form-data.`,
  );
}
