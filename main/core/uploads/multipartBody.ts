// A multipart/form-data body (RFC 7578) whose file part streams from disk: its length is
// known in advance (so it goes with a Content-Length), the file is read only as the socket
// takes it, into two reused buffers (fileSlice.ts), and every file byte handed on is counted
// for progress. Built here rather than with FormData because FormData reports no progress.
import { randomBytes } from 'node:crypto';
import { FileSlice, ReadBuffers } from './fileSlice.ts';

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
  /**
   * A fresh body each call, for undici (which asks for a piece once the socket took the last);
   * `onFileBytes` gets the running count of file bytes handed on.
   */
  open(onFileBytes: (sent: number) => void): AsyncIterable<Uint8Array>;
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
    async *open(onFileBytes) {
      yield headBytes;
      let sent = 0;
      // Exactly the size that was checked, even if the file grows.
      try {
        for await (const piece of new FileSlice(
          file.path,
          0,
          file.sizeBytes,
          new ReadBuffers(file.sizeBytes),
        ).pieces()) {
          yield piece;
          sent += piece.length;
          onFileBytes(sent);
        }
      } catch (err) {
        if ((err as { code?: unknown }).code !== 'ESHORT') throw err;
        throw new Error(`The file became shorter while it was sent (${sent} of ${file.sizeBytes} bytes).`, {
          cause: err,
        });
      }
      yield tailBytes;
    },
  };
}
