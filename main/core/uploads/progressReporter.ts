// upload.progress events at a pace the UI (and IPC) can take: every change of state at
// once, byte counts at most once per interval, and always the last byte.
import type { UploadEvent, UploadProgressEvent, UploadProgressState } from '../../../shared/api/uploads.ts';

export interface ProgressReporter {
  current(): UploadProgressEvent;
  report(bytesSent: number, state: UploadProgressState): void;
}

export function createProgressReporter(
  start: UploadProgressEvent,
  emit: (event: UploadEvent) => void,
  intervalMs: number,
  now: () => number = () => performance.now(),
): ProgressReporter {
  let current = start;
  let lastAt = -Infinity;
  let announced = false;
  return {
    current: () => current,
    report(bytesSent, state) {
      const changed = state !== current.state;
      if (announced && !changed && bytesSent === current.bytesSent) return;
      const complete = bytesSent === current.totalBytes && bytesSent !== current.bytesSent;
      current = { ...current, bytesSent, state };
      const at = now();
      if (changed || complete || at - lastAt >= intervalMs) {
        lastAt = at;
        announced = true;
        emit({ name: 'upload.progress', payload: current });
      }
    },
  };
}
