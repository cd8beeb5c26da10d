// What a webhook event says about a job, which send failures are tried again with the same
// key, and the event payloads the UI receives.
import { describe, expect, it } from 'vitest';
import { appError } from '../../shared/appError.ts';
import { JOB_EVENT_SCHEMAS } from '../../shared/api/jobEvents.ts';
import { isRetryableSendError } from '../../main/core/jobs/outbox.ts';
import { jobOutcomeOfEvent } from '../../main/core/jobs/webhookJobEvent.ts';

describe('webhook events about jobs', () => {
  it('reads the job from the event data, as the service sends it', () => {
    const outcome = jobOutcomeOfEvent({
      id: 'evt_1',
      type: 'render.completed',
      data: { kind: 'render', id: 12, projectId: 3, state: 'completed', assetId: 40 },
    });
    expect(outcome).toMatchObject({ jobId: '12', state: 'completed', terminal: true, data: { assetId: 40 } });
    expect(outcome?.spec.kind).toBe('render');
  });

  it("maps the service's names for work to the app's, and falls back on the event type", () => {
    expect(
      jobOutcomeOfEvent({ id: 'e', type: 'production.failed', data: { kind: 'production', id: 2 } }),
    ).toMatchObject({
      jobId: '2',
      state: 'failed',
      terminal: true,
    });
    expect(
      jobOutcomeOfEvent({ id: 'e', type: 'production.failed', data: { kind: 'production', id: 2 } })?.spec.kind,
    ).toBe('batch');
    // The receiver's WebhookEvent carries the body: its data is read the same way.
    expect(jobOutcomeOfEvent({ id: 'e', type: 'review.cancelled', body: { id: 'e', data: { id: 5 } } })).toMatchObject({
      jobId: '5',
      state: 'cancelled',
    });
  });

  it('keeps a state it does not know, and ignores events that name no job this app knows', () => {
    expect(jobOutcomeOfEvent({ id: 'e', type: 'review.paused', data: { kind: 'review', id: 5 } })).toMatchObject({
      state: 'paused',
      terminal: false,
    });
    expect(jobOutcomeOfEvent({ id: 'e', type: 'audit.logged', data: { id: 5 } })).toBeNull();
    expect(jobOutcomeOfEvent({ id: 'e', type: 'render.completed', data: { kind: 'render' } })).toBeNull();
    expect(jobOutcomeOfEvent({ id: 'e', type: null, data: { kind: 'render', id: 5 } })).toBeNull();
    expect(jobOutcomeOfEvent({ id: 'e', type: 'render.completed', data: 'not an object' })).toBeNull();
  });
});

describe('send failures', () => {
  it('are sent again with the same key after a network error, a 5xx, a 408, a 429 or a refused key, never after another answer', () => {
    const answer = (code: string, status: number) => appError(code, 'x', { status });
    expect(isRetryableSendError(appError('network.unreachable'))).toBe(true);
    expect(isRetryableSendError(appError('network.connection_lost'))).toBe(true);
    expect(isRetryableSendError(answer('service.unavailable', 503))).toBe(true);
    expect(isRetryableSendError(answer('rate.limited', 429))).toBe(true);
    expect(isRetryableSendError(answer('server.internal', 500))).toBe(true);
    expect(isRetryableSendError(answer('request.timeout', 408))).toBe(true);
    expect(isRetryableSendError(appError('client.internal'))).toBe(true);
    expect(isRetryableSendError(answer('idempotency.key_reused', 409))).toBe(false);
    expect(isRetryableSendError(answer('wallet.insufficient_balance', 403))).toBe(false);
    // A refused key did nothing at the service: the work waits for the new key the app asks for.
    expect(isRetryableSendError(answer('auth.invalid_key', 401))).toBe(true);
    expect(isRetryableSendError(answer('auth.key_expired', 401))).toBe(true);
    expect(isRetryableSendError(answer('auth.session_required', 401))).toBe(false);
    expect(isRetryableSendError(answer('response.invalid', 202))).toBe(false);
  });
});

describe('event payloads', () => {
  it('validate what the jobs service emits, with unknown states kept', () => {
    const intent = {
      id: 'i',
      seq: 1,
      kind: 'generation',
      state: 'pending',
      jobId: null,
      attempts: 0,
      lastError: null,
      createdAt: 1,
      updatedAt: 1,
    };
    expect(
      JOB_EVENT_SCHEMAS['job.updated'].parse({
        workspaceId: 'w',
        kind: 'generation',
        id: '4',
        state: 'upscaling',
        terminal: false,
        progress: null,
        outputs: [],
        assetId: null,
        error: null,
        intentId: null,
        source: 'poll',
        at: 5,
      }).state,
    ).toBe('upscaling');
    expect(JOB_EVENT_SCHEMAS['queue.changed'].parse({ workspaceId: 'w', pending: 1, oldest: intent }).oldest?.id).toBe(
      'i',
    );
    expect(
      JOB_EVENT_SCHEMAS['connection.changed'].safeParse({ workspaceId: 'w', state: 'away', since: 1, error: null })
        .success,
    ).toBe(false);
    expect(
      JOB_EVENT_SCHEMAS['intent.updated'].safeParse({ workspaceId: 'w', intent: { ...intent, state: 'lost' } }).success,
    ).toBe(false);
  });
});
