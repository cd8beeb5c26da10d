// Files dropped (or chosen) for upload, one row each: refused at once with the reason when
// their name or size says the service would not take them (shared/mediaTypes.ts; main checks
// the bytes again), else streamed to main (renderer/client/streamFile.ts) one file at a
// time, then followed through main's upload.* events with their own progress, pause,
// resume and cancel. Events can arrive before the answer that names their upload, so the
// latest one of an unknown upload is kept until its row learns the ID.
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import type { Asset } from '../../shared/api/createTypes.ts';
import type { UploadProgressEvent, UploadProgressState } from '../../shared/api/uploads.ts';
import { guessMediaFromName, planUpload, type UploadMethod } from '../../shared/mediaTypes.ts';
import { asAppError, invoke } from '../client/clipdesk.ts';
import { streamFileToMain } from '../client/streamFile.ts';
import { hear } from '../client/mainEvents.ts';
import { showError } from './toastStore.ts';

/** Where a file goes: a project, or a brand (a reusable brand asset). */
export type UploadTarget = { readonly projectId: number } | { readonly brandId: number };

/** refused: never sent (the reason is in `message`) · preparing: the file is being handed to main. */
export type UploadPhase = 'refused' | 'preparing' | UploadProgressState;

export interface UploadRow {
  /** This page's own name for the row. */
  readonly key: string;
  readonly filename: string;
  readonly sizeBytes: number;
  readonly target: UploadTarget | null;
  /** Main's upload ID, once the file reached it. */
  uploadId: string | null;
  phase: UploadPhase;
  method: UploadMethod | null;
  /** Bytes handed to main (preparing) or sent to the service (after). */
  doneBytes: number;
  /** Why it was refused, or what went wrong. */
  message: string | null;
  error: AppError | null;
  /** A failed resumable upload that can go on once the service answers. */
  resumable: boolean;
  asset: Asset | null;
  cancelRequested: boolean;
}

interface UploadsState {
  rows: UploadRow[];
  /** Queues the files; `target` is null when no project or brand is chosen (they are refused). Returns the rows' keys, in order. */
  add(files: readonly File[], target: UploadTarget | null): string[];
  pause(key: string): Promise<void>;
  resume(key: string): Promise<void>;
  cancel(key: string): Promise<void>;
  clearFinished(): void;
  /** The uploads main has under way (after a reload of the page). */
  recover(): Promise<void>;
  progress(event: UploadProgressEvent): void;
  finished(uploadId: string, asset: Asset): void;
  failed(uploadId: string, error: AppError, resumable: boolean): void;
}

const FINISHED: ReadonlySet<UploadPhase> = new Set(['refused', 'completed', 'failed', 'cancelled']);
let nextKey = 1;
/** Events of uploads no row knows yet, in order (bounded: another page's uploads are never claimed). */
const early = new Map<string, ((row: UploadRow) => void)[]>();
const EARLY_MAX = 50;
/** One file is streamed to main at a time; the uploads themselves then run side by side. */
let streaming: Promise<void> = Promise.resolve();

class CancelledWhilePreparing extends Error {}

export function isFinished(row: UploadRow): boolean {
  return FINISHED.has(row.phase);
}

export const useMediaUploads = create<UploadsState>()((set, get) => {
  function update(key: string, change: Partial<UploadRow>): void {
    set((s) => ({ rows: s.rows.map((row) => (row.key === key ? { ...row, ...change } : row)) }));
  }

  /** Applies a change to the row of an upload, or keeps it until a row names that upload. */
  function onUpload(uploadId: string, apply: (row: UploadRow) => Partial<UploadRow>): void {
    const row = get().rows.find((r) => r.uploadId === uploadId);
    if (row) update(row.key, apply(row));
    else {
      early.set(uploadId, [...(early.get(uploadId) ?? []), (r) => update(r.key, apply(r))]);
      if (early.size > EARLY_MAX) early.delete(early.keys().next().value!);
    }
  }

  async function send(key: string, file: File, target: UploadTarget): Promise<void> {
    try {
      const { uploadId } = await streamFileToMain(file, target, (sent) => {
        if (get().rows.find((r) => r.key === key)?.cancelRequested) throw new CancelledWhilePreparing();
        update(key, { doneBytes: sent });
      });
      const row = get().rows.find((r) => r.key === key);
      update(key, { uploadId, phase: row?.phase === 'preparing' ? 'uploading' : row?.phase, doneBytes: 0 });
      for (const apply of early.get(uploadId) ?? []) apply(get().rows.find((r) => r.key === key)!);
      early.delete(uploadId);
      if (row?.cancelRequested) await invoke('uploads.cancel', { uploadId }).catch(() => undefined);
    } catch (err) {
      if (err instanceof CancelledWhilePreparing) update(key, { phase: 'cancelled', message: null });
      else update(key, { phase: 'failed', error: asAppError(err), message: asAppError(err).message });
    }
  }

  return {
    rows: [],

    add(files, target) {
      const rows: UploadRow[] = files.map((file) => {
        const plan = planUpload({ filename: file.name, sizeBytes: file.size, media: guessMediaFromName(file.name) });
        const refusal = !target
          ? 'Choose a project (or a brand) first: the file needs a place to go.'
          : plan.ok
            ? null
            : plan.message;
        return {
          key: `u${nextKey++}`,
          filename: file.name,
          sizeBytes: file.size,
          target,
          uploadId: null,
          phase: refusal ? 'refused' : 'preparing',
          method: plan.ok ? plan.method : null,
          doneBytes: 0,
          message: refusal,
          error: null,
          resumable: false,
          asset: null,
          cancelRequested: false,
        };
      });
      set((s) => ({ rows: [...rows, ...s.rows] }));
      rows.forEach((row, index) => {
        if (row.phase !== 'preparing' || !target) return;
        const file = files[index]!;
        streaming = streaming.then(() =>
          get().rows.find((r) => r.key === row.key)?.cancelRequested
            ? update(row.key, { phase: 'cancelled' })
            : send(row.key, file, target),
        );
      });
      return rows.map((row) => row.key);
    },

    async pause(key) {
      const row = get().rows.find((r) => r.key === key);
      if (!row?.uploadId) return;
      const { paused } = await invoke('uploads.pause', { uploadId: row.uploadId }).catch(() => ({ paused: false }));
      if (paused) update(key, { phase: 'paused' });
    },

    async resume(key) {
      const row = get().rows.find((r) => r.key === key);
      if (!row?.uploadId) return;
      update(key, { phase: 'uploading', error: null, message: null });
      try {
        const { resumed } = await invoke('uploads.resume', { uploadId: row.uploadId });
        if (!resumed) update(key, { phase: row.phase });
      } catch (err) {
        update(key, { phase: 'paused', error: asAppError(err), message: asAppError(err).message });
      }
    },

    async cancel(key) {
      const row = get().rows.find((r) => r.key === key);
      if (!row || isFinished(row)) return;
      update(key, { cancelRequested: true });
      // Still being handed to main: the next chunk stops it (see send).
      if (!row.uploadId) return;
      const { cancelled } = await invoke('uploads.cancel', { uploadId: row.uploadId }).catch(() => ({
        cancelled: false,
      }));
      if (cancelled) update(key, { phase: 'cancelled' });
    },

    clearFinished: () => set((s) => ({ rows: s.rows.filter((row) => !isFinished(row)) })),

    async recover() {
      const underWay = await invoke('uploads.list').catch(() => []);
      const known = new Set(get().rows.map((r) => r.uploadId));
      const rows: UploadRow[] = underWay
        .filter((p) => !known.has(p.uploadId))
        .map((p) => ({
          key: `u${nextKey++}`,
          filename: p.filename,
          sizeBytes: p.totalBytes,
          target: null,
          uploadId: p.uploadId,
          phase: p.state,
          method: p.method,
          doneBytes: p.bytesSent,
          message: null,
          error: null,
          resumable: p.method === 'resumable',
          asset: null,
          cancelRequested: false,
        }));
      if (rows.length > 0) set((s) => ({ rows: [...rows, ...s.rows] }));
    },

    progress(event) {
      onUpload(event.uploadId, (row) => ({
        // A cancel asked for stays shown as asked until main confirms it.
        phase: row.phase === 'completed' ? row.phase : event.state,
        method: event.method,
        doneBytes: event.bytesSent,
      }));
    },

    finished(uploadId, asset) {
      onUpload(uploadId, (row) => ({
        phase: 'completed',
        asset,
        doneBytes: row.sizeBytes,
        message: null,
        error: null,
      }));
    },

    failed(uploadId, error, resumable) {
      onUpload(uploadId, () => ({
        phase: error.code === 'request.cancelled' ? 'cancelled' : resumable ? 'paused' : 'failed',
        error: error.code === 'request.cancelled' ? null : error,
        message: error.code === 'request.cancelled' ? null : error.message,
        resumable,
      }));
    },
  };
});

// Uploads go on while another screen is shown: their news is heard from the start.
hear('upload.progress', (event) => useMediaUploads.getState().progress(event));
hear('upload.finished', ({ uploadId, asset }) => useMediaUploads.getState().finished(uploadId, asset));
hear('upload.failed', ({ uploadId, error, resumable }) => {
  useMediaUploads.getState().failed(uploadId, error, resumable);
  showError('Uploading a file', error);
});
