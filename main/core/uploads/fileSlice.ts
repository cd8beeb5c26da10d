// The part of a file one tus PATCH sends, read into two buffers used over and over, so an
// upload of any size makes no garbage for the collector to catch up with: Node's own read
// streams allocate a new buffer per read, and a gigabyte of them held the process 60-80 MiB
// above its resting size until V8 collected them. Reusing a buffer is safe because undici
// pulls the next piece of an iterable body only once the socket has taken the last one
// (socket.write of a piece larger than its 16 KiB mark returns false, and undici waits for
// 'drain', i.e. until the kernel has every byte); the second buffer is a margin on top.
import { open } from 'node:fs/promises';

/** Each read takes this much of the file: large reads cost fewer calls per byte. */
export const READ_BYTES = 1024 * 1024;

/** Buffers an upload reads into, shared by its PATCHes (one at a time); no larger than the file. */
export class ReadBuffers {
  readonly #buffers: Buffer[];
  #next = 0;

  constructor(fileBytes: number) {
    const size = Math.max(1, Math.min(READ_BYTES, fileBytes));
    this.#buffers = [Buffer.allocUnsafe(size), Buffer.allocUnsafe(size)];
  }

  take(): Buffer {
    const buffer = this.#buffers[this.#next]!;
    this.#next = 1 - this.#next;
    return buffer;
  }
}

export class FileSlice {
  readonly path: string;
  readonly start: number;
  readonly end: number;
  readonly #buffers: ReadBuffers;

  constructor(path: string, start: number, end: number, buffers: ReadBuffers) {
    this.path = path;
    this.start = start;
    this.end = end;
    this.#buffers = buffers;
  }

  /** tus-js-client reads this to know how much the PATCH carries. */
  get size(): number {
    return this.end - this.start;
  }

  /** The bytes [start, end), piece by piece; each piece is only valid until the next is asked for. */
  async *pieces(): AsyncGenerator<Uint8Array> {
    const file = await open(this.path, 'r');
    try {
      for (let at = this.start; at < this.end;) {
        const buffer = this.#buffers.take();
        const { bytesRead } = await file.read(buffer, 0, Math.min(buffer.length, this.end - at), at);
        if (bytesRead === 0) throw Object.assign(new Error(`${this.path} ended at ${at} bytes`), { code: 'ESHORT' });
        at += bytesRead;
        yield buffer.subarray(0, bytesRead);
      }
    } finally {
      await file.close();
    }
  }
}
