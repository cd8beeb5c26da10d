// What every property test here asks of the code under test, whatever the input: an answer
// or a typed refusal (an AppFailure whose AppError is valid and can cross IPC), never an
// untyped exception, and never a hang: each run has a time bound and so has the whole property.
import type fc from 'fast-check';
import { expect } from 'vitest';
import { AppFailure, type AppError } from '../../../shared/appError.ts';
import { AppErrorSchema } from '../../../shared/appErrorSchema.ts';

/** Parameters for fc.assert: `numRuns`, and the whole property fails (not just stops) past `totalMs`. */
export function bounded<Ts>(numRuns: number, totalMs: number, extra: fc.Parameters<Ts> = {}): fc.Parameters<Ts> {
  return { numRuns, interruptAfterTimeLimit: totalMs, markInterruptAsFailure: true, ...extra };
}

/** A synchronous predicate whose every run must end within `maxMs` (a run that takes longer counts as a hang). */
export function timed<Args extends unknown[]>(
  maxMs: number,
  predicate: (...args: Args) => void,
): (...args: Args) => void {
  return (...args) => {
    const started = performance.now();
    predicate(...args);
    const took = performance.now() - started;
    if (took > maxMs) throw new Error(`one run took ${Math.round(took)} ms; the bound is ${maxMs} ms`);
  };
}

/**
 * The AppError of a thrown value, after checking it is typed: an AppFailure whose fields
 * pass AppErrorSchema, and that survives what IPC does to it (JSON for browser mode,
 * structured clone for Electron) and the journal's JSON.
 */
export function typedError(thrown: unknown): AppError {
  if (!(thrown instanceof AppFailure)) {
    throw new Error(`expected an AppFailure, got an untyped ${describe(thrown)}`, { cause: thrown });
  }
  const plain = thrown.toJSON();
  const parsed = AppErrorSchema.safeParse(plain);
  expect(parsed.success, `AppError fails its own schema: ${parsed.error?.issues[0]?.message} (${brief(plain)})`).toBe(
    true,
  );
  let json: string;
  try {
    json = JSON.stringify(plain);
  } catch (err) {
    throw new Error(`the AppError ${plain.code} cannot be written as JSON: ${(err as Error).message}`, { cause: err });
  }
  expect(AppErrorSchema.safeParse(JSON.parse(json)).success, `AppError after JSON: ${json.slice(0, 200)}`).toBe(true);
  try {
    structuredClone(plain);
  } catch (err) {
    throw new Error(`the AppError ${plain.code} cannot be structured-cloned: ${(err as Error).message}`, {
      cause: err,
    });
  }
  return plain;
}

/** Runs `fn`: what it returned, or the typed AppError it threw (anything else fails the run). */
export function outcomeOf<T>(fn: () => T): { ok: true; value: T } | { ok: false; error: AppError } {
  let value: T;
  try {
    value = fn();
  } catch (err) {
    return { ok: false, error: typedError(err) };
  }
  return { ok: true, value };
}

/** The same for an async call. */
export async function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  try {
    return { ok: true, value: await promise };
  } catch (err) {
    return { ok: false, error: typedError(err) };
  }
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.constructor.name}: ${value.message}`;
  return `${typeof value} ${String(value)}`;
}

function brief(error: AppError): string {
  return `code ${error.code}, retryAfterMs ${error.retryAfterMs}, status ${error.status}`;
}
