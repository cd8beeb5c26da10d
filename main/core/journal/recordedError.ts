// What the journal keeps of an error: the AppError the rest of the app shows,
// stored as JSON so the Jobs screen can show it again after a restart.
import type { AppError } from '../../../shared/appError.ts';

export type RecordedError = AppError;

export function errorToJson(error: RecordedError | null): string | null {
  if (error === null) return null;
  const { code, message, status, requestId, retryAfterMs, details } = error;
  return JSON.stringify(
    details
      ? { code, message, status, requestId, retryAfterMs, details }
      : { code, message, status, requestId, retryAfterMs },
  );
}

export function errorFromJson(text: unknown): RecordedError | null {
  if (typeof text !== 'string') return null;
  return JSON.parse(text) as RecordedError;
}
