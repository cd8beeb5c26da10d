// The error shape that crosses IPC: plain data, explained where the code is known.
import { describe, expect, it } from 'vitest';
import { AppErrorSchema, AppFailure, appError, explainErrorCode, toAppError } from '../../shared/appError.ts';
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

  it('anything else thrown becomes client.internal with its message, never a raw exception', () => {
    const error = toAppError(new TypeError('x is not a function'));
    expect(error.code).toBe('client.internal');
    expect(error.message).toContain('x is not a function');
    expect(toAppError(appError('network.timeout'))).toMatchObject({ code: 'network.timeout', status: null });
  });
});
