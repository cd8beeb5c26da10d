// Receives a multipart media upload (POST /assets) straight to disk. The file is never held
// in memory beyond its first bytes (to sniff its type), reading stops the moment the file
// proves unacceptable, and a refusal removes what was written. The refusal is answered at
// once; the rest of the body is then swallowed only while it is small, and the connection is
// closed on a client that keeps sending (see http/discardUnreadBody.ts).
import busboy from 'busboy';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import { ApiError } from '../http/apiError.ts';
import { discardUnreadBody } from '../http/discardUnreadBody.ts';
import { ACCEPTED_FORMATS, maxBytesFor, sniffMedia, SNIFF_BYTES, type SniffedMedia } from './sniffMedia.ts';

/** Room for the boundaries, part headers and the small text fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const MiB = 1024 * 1024;

export interface UploadedFile {
  /** Where the bytes were written (under the media folder); the caller keeps or removes it. */
  path: string;
  /** The client's file name, cleaned for storage and Content-Disposition. */
  filename: string;
  sizeBytes: number;
  media: SniffedMedia;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

export interface ReceiveOptions {
  /** The multipart part that carries the file. */
  fileField: string;
  /** A fresh path to write the file to. */
  newPath(): string;
  /**
   * Called as the file part begins, with the text fields sent before it; throwing an ApiError
   * refuses the upload before its bytes are read (e.g. an unknown project).
   */
  beforeFile?(fields: Record<string, string>): void;
}

function tooLargeForKind(kind: SniffedMedia['kind'], limit: number): ApiError {
  const what = kind === 'image' ? 'an image' : 'video or audio';
  return new ApiError(
    'upload.too_large',
    `The file is larger than ${limit / MiB} MiB, the most POST /assets takes for ${what}; send larger files with the resumable upload (POST /uploads).`,
    { details: { limitBytes: limit, kind } },
  );
}

/** Refuses a body whose declared length alone is too large, before reading any of it. */
function checkDeclaredLength(req: IncomingMessage): void {
  const declared = Number(req.headers['content-length'] ?? NaN);
  const ceiling = CREATE_LIMITS.videoAudioMaxBytes + MULTIPART_OVERHEAD_BYTES;
  if (Number.isFinite(declared) && declared > ceiling) {
    throw new ApiError(
      'upload.too_large',
      `The request is ${declared} bytes; POST /assets takes video and audio up to ${CREATE_LIMITS.videoAudioMaxBytes / MiB} MiB and images up to ${CREATE_LIMITS.imageMaxBytes / MiB} MiB. Send larger files with the resumable upload (POST /uploads).`,
      { details: { limitBytes: CREATE_LIMITS.videoAudioMaxBytes } },
    );
  }
}

/** A client file name made safe to store and to echo in a header; falls back to upload.<ext>. */
export function cleanFilename(raw: string | undefined, extension: string): string {
  const base = (raw ?? '').replace(/\\/g, '/').split('/').pop() ?? '';
  // Control characters would corrupt the header the name is echoed in.
  // eslint-disable-next-line no-control-regex
  const controls = /[\u0000-\u001f\u007f]/g;
  const cleaned = base.replace(controls, '').trim().slice(0, 255);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? `upload.${extension}` : cleaned;
}

/** Waits for room in the file stream, or for it to close (a refusal destroys it). */
function drained(stream: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

function invalid(message: string): ApiError {
  return new ApiError('request.invalid', message);
}

/** Reads the multipart body of `req`; rejects with an ApiError, having removed any partial file. */
export function receiveUpload(
  req: IncomingMessage,
  res: ServerResponse,
  options: ReceiveOptions,
): Promise<ReceivedUpload> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let settled = false;
    let partialPath: string | undefined;
    let out: WriteStream | undefined;
    let fileTask: Promise<UploadedFile> | undefined;

    /** Stops parsing, removes the partial file, and refuses; `unread` when none of the body was read. */
    function fail(err: unknown, unread = false): void {
      if (settled) return;
      settled = true;
      req.unpipe();
      out?.destroy();
      discardUnreadBody(req, res, unread);
      const error =
        err instanceof ApiError
          ? err
          : new ApiError('server.internal', `The upload could not be stored: ${(err as Error).message}`);
      const removed = partialPath ? rm(partialPath, { force: true }) : Promise.resolve();
      void removed.catch(() => undefined).then(() => reject(error));
    }

    async function saveFile(stream: Readable, rawName: string | undefined): Promise<UploadedFile> {
      const head: Buffer[] = [];
      let size = 0;
      let media: SniffedMedia | undefined;
      let limit = Infinity;

      const startWriting = async (): Promise<void> => {
        const sniffed = await sniffMedia(Buffer.concat(head));
        if (!sniffed.ok) {
          throw new ApiError(
            'media.unsupported_type',
            `The file's content is ${sniffed.detected}, which POST /assets does not take: send ${ACCEPTED_FORMATS}. The type is judged from the file's bytes, not its name or declared type.`,
            { details: { detected: sniffed.detected } },
          );
        }
        media = sniffed.media;
        limit = maxBytesFor(media.kind);
        if (size > limit) throw tooLargeForKind(media.kind, limit);
        partialPath = options.newPath();
        out = createWriteStream(partialPath);
        // A disk error refuses the upload. (So would a write cut short by a refusal's destroy, but fail runs once.)
        out.on('error', fail);
        for (const chunk of head) out.write(chunk);
        head.length = 0;
      };

      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (settled) break;
        size += chunk.length;
        if (!media) {
          head.push(chunk);
          if (size >= SNIFF_BYTES) await startWriting();
          continue;
        }
        if (size > limit) throw tooLargeForKind(media.kind, limit);
        if (!out!.write(chunk)) await drained(out!);
      }
      if (settled) throw new Error('upload already refused');
      if (size === 0) throw invalid(`The "${options.fileField}" part is empty: send the media file's bytes.`);
      if (!media) await startWriting();
      out!.end();
      await once(out!, 'close');
      return { path: partialPath!, filename: cleanFilename(rawName, media!.extension), sizeBytes: size, media: media! };
    }

    if (type !== 'multipart/form-data') {
      fail(
        new ApiError(
          'request.unsupported_content_type',
          `Send the upload as multipart/form-data with the file in a part named "${options.fileField}" (got ${type || 'no Content-Type'}).`,
        ),
      );
      return;
    }
    try {
      checkDeclaredLength(req);
    } catch (err) {
      fail(err, true);
      return;
    }

    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fields: 10, parts: 12, fieldSize: 1024, fieldNameSize: 100, headerPairs: 20 },
      });
    } catch (err) {
      fail(invalid(`The multipart/form-data header is unusable: ${(err as Error).message}.`));
      return;
    }

    bb.on('field', (name, value, info) => {
      if (settled) return;
      if (name === options.fileField) {
        fail(invalid(`"${name}" came as a text field: send it as a file part (with a filename).`));
      } else if (info.nameTruncated || info.valueTruncated) {
        fail(invalid(`The form field "${name.slice(0, 100)}" is too long.`));
      } else if (Object.hasOwn(fields, name)) {
        fail(invalid(`The form field "${name}" was sent twice: send it once.`));
      } else {
        fields[name] = value;
      }
    });
    bb.on('file', (name, stream, info) => {
      if (settled || name !== options.fileField) {
        stream.resume();
        fail(invalid(`Unexpected file part "${name}": send the media in the part named "${options.fileField}".`));
        return;
      }
      try {
        options.beforeFile?.({ ...fields });
      } catch (err) {
        stream.resume();
        fail(err);
        return;
      }
      fileTask = saveFile(stream, info.filename);
      fileTask.catch(fail);
    });
    bb.on('filesLimit', () => fail(invalid(`Send exactly one file, in the part named "${options.fileField}".`)));
    bb.on('fieldsLimit', () => fail(invalid('The form has too many fields: send the file and projectId or brandId.')));
    bb.on('partsLimit', () => fail(invalid('The form has too many parts: send the file and projectId or brandId.')));
    bb.on('error', (err: Error) => fail(invalid(`The multipart body is malformed or ended early: ${err.message}.`)));
    bb.on('close', () => {
      if (settled) return;
      if (!fileTask) {
        resolve({ fields, file: null });
        return;
      }
      fileTask.then(
        (file) => {
          if (!settled) {
            settled = true;
            resolve({ fields, file });
          }
        },
        () => undefined, // already handled by fail
      );
    });
    // A client that gives up mid-body: nobody will read an answer, but the partial file must go.
    req.on('close', () => {
      if (!req.readableEnded) fail(invalid('The client closed the connection before the upload ended.'));
    });
    req.on('error', (err) => fail(invalid(`The upload was interrupted: ${err.message}.`)));
    req.pipe(bb);
  });
}
