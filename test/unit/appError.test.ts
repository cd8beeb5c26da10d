// The error shape that crosses IPC: plain data, explained where the code is known.
import { describe, expect, it } from 'vitest';
import {
  AppFailure,
  appError,
  DETAILS_MAX_CHARS,
  DETAILS_OMITTED,
  explainErrorCode,
  readAppError,
  toAppError,
} from '../../shared/appError.ts';
import { AppErrorSchema } from '../../shared/appErrorSchema.ts';
import { ERROR_CODES } from '../../shared/errorCodes.ts';

describe('AppError', () => {
  it('explains service codes and client codes; an unknown code has no explanation and keeps its message', () => {
    expect(explainErrorCode('revision.conflict')).toBe(ERROR_CODES['revision.conflict'].meaning);
    expect(explainErrorCode('network.unreachable')).toContain('could not be reached');
    expect(explainErrorCode('quota.brand_new_rule')).toBeNull();
    const unknown = appError('quota.brand_new_rule', 'You hit a new rule.', { status: 403, requestId: 'r-1' });
    expect(unknown).toEqual({
      code: 'quota.brand_new_rule',
      message: 'You hit a new rule.',
      status: 403,
      requestId: 'r-1',
      retryAfterMs: null,
    });
  });

  it('a thrown AppFailure becomes the plain shape, which survives structured cloning and JSON unchanged', () => {
    const failure = new AppFailure(
      appError('revision.conflict', 'Changed.', {
        status: 409,
        requestId: 'r-2',
        details: { currentRevision: '2026-01-01T00:00:00.000Z' },
      }),
    );
    expect(failure).toBeInstanceOf(Error);
    const plain = toAppError(failure);
    expect(AppErrorSchema.parse(plain)).toEqual(plain);
    expect(structuredClone(plain)).toEqual(plain);
    expect(JSON.parse(JSON.stringify(failure))).toEqual(plain);
    expect(plain.details).toEqual({ currentRevision: '2026-01-01T00:00:00.000Z' });
  });

  it('details nested thousands deep are cut at 8 levels, so the error still crosses IPC and goes into the journal', () => {
    // A service's error with an extra field 3,230 arrays deep overflowed structured cloning.
    const nested: unknown = JSON.parse(`${'['.repeat(3230)}${']'.repeat(3230)}`);
    const error = appError('x.deep', 'deep', { status: 400, details: { nested, kept: { a: { b: 1 } } } });
    expect(error.details).toEqual({ nested: [[[[[[[DETAILS_OMITTED]]]]]]], kept: { a: { b: 1 } } });
    expect(structuredClone(error)).toEqual(error);
    expect(JSON.parse(JSON.stringify(error))).toEqual(error);
  });

  it('details too large keep their small fields and give up the largest', () => {
    const current = { tracks: Array.from({ length: 2_000 }, (_, i) => ({ id: i, name: `clip ${i}` })) };
    const error = appError('revision.conflict', 'Changed.', {
      status: 409,
      details: { currentRevision: '2026-01-01T00:00:00.000Z', current, ['__proto__']: 'a field, not a prototype' },
    });
    expect(error.details?.currentRevision).toBe('2026-01-01T00:00:00.000Z');
    expect(error.details?.current).toBe(DETAILS_OMITTED);
    expect(Object.hasOwn(error.details ?? {}, '__proto__')).toBe(true);
    expect(JSON.stringify(error.details).length).toBeLessThanOrEqual(DETAILS_MAX_CHARS);
    // Many small fields: as many as fit are kept.
    const wide = appError('x.wide', 'wide', {
      details: Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`f${i}`, i])),
    });
    expect(JSON.stringify(wide.details).length).toBeLessThanOrEqual(DETAILS_MAX_CHARS);
    expect(wide.details).toMatchObject({ f0: 0, f1: 1 });
  });

  it('anything else thrown becomes client.internal with its message, never a raw exception', () => {
    const error = toAppError(new TypeError('x is not a function'));
    expect(error.code).toBe('client.internal');
    expect(error.message).toContain('x is not a function');
    expect(toAppError(appError('network.timeout'))).toMatchObject({ code: 'network.timeout', status: null });
  });

  // readAppError is what the preload and the renderer use (no zod there); the schema is what
  // main's views and events carry. An error one accepts and the other refuses would be shown
  // in one place as client.internal and in another as itself.
  it('readAppError accepts and refuses exactly what AppErrorSchema does, keeping only the fields of an AppError', () => {
    const valid = { code: 'x.y', message: 'm', status: 429, requestId: 'r', retryAfterMs: 1500 };
    const samples: unknown[] = [
      valid,
      { ...valid, status: null, requestId: null, retryAfterMs: null },
      { ...valid, details: { currentRevision: 'r2' } },
      { ...valid, extra: 'dropped' },
      new AppFailure(appError('revision.conflict', 'Changed.', { details: { a: 1 } })),
      { ...valid, status: 4.5 },
      { ...valid, status: Number.NaN },
      { ...valid, status: Number.POSITIVE_INFINITY },
      { ...valid, retryAfterMs: -1 },
      { ...valid, retryAfterMs: Number.POSITIVE_INFINITY },
      { ...valid, requestId: 7 },
      { ...valid, code: undefined },
      { ...valid, message: null },
      { ...valid, details: 'text' },
      { ...valid, details: null },
      { ...valid, details: [1] },
      { code: 'x', message: 'm' },
      null,
      'network.timeout',
      [valid],
    ];
    for (const sample of samples) {
      const parsed = AppErrorSchema.safeParse(sample);
      expect(readAppError(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
