// Small helpers shared by the tests of the app's Messaging API client.
import { expect } from 'vitest';
import { AppFailure, type AppError } from '../../shared/appError.ts';
import { bulkNumber, SENDER } from './bulkFixtures.ts';

export const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** The AppError a promise rejects with (it must reject with an AppFailure). */
export async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppFailure);
  return (err as AppFailure).toJSON();
}

/** A valid text message to one number; `over` changes any field. */
export function textMessage(over: Record<string, unknown> = {}) {
  return { senderId: SENDER, contacts: [bulkNumber(1, '646')], text: 'Hello', type: 'text', ...over };
}
