// MMS files that exist only in the page (a file input, browser mode) arrive in ordered base64
// chunks and are staged in a private folder until the message naming them is sent (the
// client then streams the file from disk). A staged file is removed once sent or
// discarded, and after an hour unused.
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { AppFailure, appError } from '../../../shared/appError.ts';
import { MESSAGING_CLIENT_CODES, type MessagingClientCode } from '../../../shared/messagingFailures.ts';

const UNUSED_TTL_MS = 60 * 60_000;
const MAX_STAGED = 20;

interface Staged {
  readonly path: string;
  readonly sizeBytes: number;
  received: number;
  timer: NodeJS.Timeout;
}

export interface MmsStaging {
  begin(filename: string, sizeBytes: number): { mmsId: string };
  chunk(mmsId: string, offset: number, base64: string): { receivedBytes: number };
  /** The staged file's path, once every byte arrived. */
  pathOf(mmsId: string): string;
  discard(mmsId: string): boolean;
  close(): void;
}

function failure(code: MessagingClientCode, message: string = MESSAGING_CLIENT_CODES[code]): AppFailure {
  return new AppFailure(appError(code, message));
}

/** A file name that is safe in a folder of ours, keeping the extension (the service reads the bytes, not the name). */
function safeName(filename: string): string {
  const cleaned = basename(filename)
    .replace(/[^\w.() -]+/g, '_')
    .slice(-120);
  return cleaned === '' || cleaned.startsWith('.') ? `mms${cleaned}` : cleaned;
}

export function createMmsStaging(): MmsStaging {
  let folder: string | null = null;
  const staged = new Map<string, Staged>();

  function dir(): string {
    folder ??= mkdtempSync(join(tmpdir(), 'clipdesk-mms-'));
    return folder;
  }

  function get(mmsId: string): Staged {
    const found = staged.get(mmsId);
    if (!found) throw failure('messaging.mms.not_found');
    return found;
  }

  function discard(mmsId: string): boolean {
    const found = staged.get(mmsId);
    if (!found) return false;
    clearTimeout(found.timer);
    staged.delete(mmsId);
    rmSync(join(found.path, '..'), { recursive: true, force: true });
    return true;
  }

  function expireLater(mmsId: string): NodeJS.Timeout {
    const timer = setTimeout(() => discard(mmsId), UNUSED_TTL_MS);
    timer.unref();
    return timer;
  }

  return {
    begin(filename, sizeBytes) {
      if (staged.size >= MAX_STAGED) {
        const oldest = staged.keys().next().value;
        if (oldest !== undefined) discard(oldest);
      }
      const mmsId = randomUUID();
      // One folder per file, so the file keeps its own name (the multipart part carries it).
      const own = join(dir(), mmsId);
      mkdirSync(own);
      const path = join(own, safeName(filename));
      staged.set(mmsId, { path, sizeBytes, received: 0, timer: expireLater(mmsId) });
      writeFileSync(path, new Uint8Array(0));
      return { mmsId };
    },

    chunk(mmsId, offset, base64) {
      const file = get(mmsId);
      if (offset !== file.received)
        throw failure(
          'messaging.mms.incomplete',
          `The chunk starts at byte ${offset}, but ${file.received} arrived so far: attach the file again.`,
        );
      const bytes = Buffer.from(base64, 'base64');
      if (file.received + bytes.length > file.sizeBytes) {
        discard(mmsId);
        throw failure('messaging.mms.incomplete', 'The file sent is larger than announced: attach it again.');
      }
      appendFileSync(file.path, bytes);
      file.received += bytes.length;
      return { receivedBytes: file.received };
    },

    pathOf(mmsId) {
      const file = get(mmsId);
      if (file.received !== file.sizeBytes)
        throw failure(
          'messaging.mms.incomplete',
          `Only ${file.received} of the file's ${file.sizeBytes} bytes arrived: attach it again.`,
        );
      clearTimeout(file.timer);
      file.timer = expireLater(mmsId);
      return file.path;
    },

    discard,

    close() {
      for (const file of staged.values()) clearTimeout(file.timer);
      staged.clear();
      if (folder) rmSync(folder, { recursive: true, force: true });
      folder = null;
    },
  };
}
