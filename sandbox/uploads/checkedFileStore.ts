// @tus/file-store with two checks on every chunk, run while the upload's lock is held:
// the optional Upload-Checksum (a mismatching or interrupted chunk is cut off again, so the
// offset stays where it was), and whatever `afterWrite` refuses (e.g. content that is not media).
import { FileStore } from '@tus/file-store';
import { truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { ApiError } from '../http/apiError.ts';
import { checksumMismatch, startHash, type ExpectedChecksum } from './uploadChecksum.ts';

export interface WriteChecks {
  /** The checksum the request being served sent for its chunk, if any. */
  expectedChecksum(): ExpectedChecksum | undefined;
  /** Runs once bytes [from, to) are on disk; throwing refuses the upload. */
  afterWrite(id: string, from: number, to: number): Promise<void>;
  /** Turns a refusal into what tus throws (the request's answer is built from the ApiError). */
  refuse(error: ApiError): unknown;
}

export class CheckedFileStore extends FileStore {
  private readonly checks: WriteChecks;

  constructor(directory: string, checks: WriteChecks) {
    super({ directory });
    this.checks = checks;
  }

  path(id: string): string {
    return join(this.directory, id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const expected = this.checks.expectedChecksum();
    if (!expected) {
      const end = await super.write(readable, id, offset);
      await this.checks.afterWrite(id, offset, end);
      return end;
    }
    const hash = startHash(expected);
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    // pipeline (unlike pipe) passes a broken request on to the tap, so the write below fails too.
    pipeline(readable, tap, () => undefined);
    let end: number;
    try {
      end = await super.write(tap, id, offset);
    } catch (err) {
      // A chunk with a checksum counts whole or not at all.
      await truncate(this.path(id), offset);
      throw err;
    }
    const actual = hash.digest('base64');
    if (actual !== expected.digest) {
      await truncate(this.path(id), offset);
      throw this.checks.refuse(checksumMismatch(expected, actual, offset));
    }
    await this.checks.afterWrite(id, offset, end);
    return end;
  }
}
