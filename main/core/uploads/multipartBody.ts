// A multipart/form-data body (RFC 7578) whose file part streams from disk: its length is
// known in advance (so it goes with a Content-Length), the file is read only as the socket
// takes it, and every file byte handed on is counted for progress. Built here rather than
// with FormData because FormData reports no progress.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';

export interface MultipartFile {
  path: string;
  /** The name the service stores (UTF-8; quotes and line breaks are escaped as browsers do). */
  filename: string;
  contentType: string;
  sizeBytes: number;
}

export interface StreamedMultipart {
  contentType: string;
  /** Bytes of the whole body. */
  length: number;
  /** A fresh body each call; `onFileBytes` gets the running count of file bytes handed on. */
  open(onFileBytes: (sent: number) => void): Readable;
}

/** Text fields go first, so the service can refuse a wrong owner before reading the file. */
export function multipartBody(fields: Record<string, string>, file: MultipartFile): StreamedMultipart {
  const boundary = `----clipdesk${randomBytes(16).toString('hex')}`;
  const escape = (value: string) => value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${escape(name)}"\r\n\r\n${value}\r\n`;
  }
  head +=
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${escape(file.filename)}"\r\n` +
    `Content-Type: ${file.contentType}\r\n\r\n`;
  const headBytes = Buffer.from(head, 'utf8');
  const tailBytes = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');

  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: headBytes.length + file.sizeBytes + tailBytes.length,
    open(onFileBytes) {
      async function* parts(): AsyncGenerator<Uint8Array> {
        yield headBytes;
        let sent = 0;
        // `end` is inclusive: read exactly the size that was checked, even if the file grows.
        const fileStream = createReadStream(file.path, { start: 0, end: Math.max(0, file.sizeBytes - 1) });
        for await (const chunk of fileStream as AsyncIterable<Buffer>) {
          sent += chunk.length;
          yield chunk;
          onFileBytes(sent);
        }
        if (sent !== file.sizeBytes) {
          throw new Error(`The file became shorter while it was sent (${sent} of ${file.sizeBytes} bytes).`);
        }
        yield tailBytes;
      }
      return Readable.from(parts(), { objectMode: false });
    },
  };
}
