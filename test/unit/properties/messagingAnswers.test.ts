// Messaging API answers, for any bytes: how an answer is read (messagingResult.ts) and how
// it arrives (messagingHttp.ts against a real peer on 127.0.0.1), through to the client's
// write operations. Every answer becomes a result or a typed failure: a refusal coded
// messaging.<operation>.<code>, response.invalid, or — for a write whose answer cannot be
// read — messaging.outcome_unknown. Never an untyped error, never a hang.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingClient } from '../../../main/core/messaging/messagingClient.ts';
import { createMessagingHttp } from '../../../main/core/messaging/messagingHttp.ts';
import { failureOf, readAnswer, successOf } from '../../../main/core/messaging/messagingResult.ts';
import {
  BulkSubmissionSentSchema,
  CalendarCreatedSchema,
  ContactCreatedSchema,
  MessagePageSchema,
  MessageSentSchema,
} from '../../../shared/api/messagingTypes.ts';
import { AppFailure } from '../../../shared/appError.ts';
import type { MessagingOperation } from '../../../shared/messagingCodes.ts';
import { findOperationResult } from '../../../shared/messagingFailures.ts';
import { bounded, outcomeOf, settle, timed, typedError } from './propertySupport.ts';
import { encodeResponse, startRawPeer, type Framing, type RawPeer } from './rawPeer.ts';

const TEST_MS = 30_000;
const OPERATIONS = ['calendar', 'contacts', 'send', 'bulk', 'list'] as const satisfies readonly MessagingOperation[];
const SUCCESS_SCHEMAS = {
  calendar: CalendarCreatedSchema,
  contacts: ContactCreatedSchema,
  send: MessageSentSchema,
  bulk: BulkSubmissionSentSchema,
  list: MessagePageSchema,
} as const;

/** Result codes the tables know, codes they do not, numbers, and anything else. */
const code = fc.oneof(
  fc.constantFrom(
    '00',
    '01',
    '02',
    '03',
    '04',
    '05',
    '06',
    '07',
    '13',
    '16',
    '97',
    '99',
    '200',
    '400',
    '401',
    '404',
    '500',
  ),
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -5, max: 1000 }),
  fc.jsonValue(),
);
const answerBody = fc.oneof(
  fc.record(
    {
      status: fc.oneof(fc.constantFrom('Success', 'Error', 'Busy'), fc.string(), fc.jsonValue()),
      code,
      message: fc.oneof(fc.string(), fc.jsonValue()),
      requestId: fc.oneof(fc.uuid(), fc.jsonValue()),
      id: fc.oneof(fc.nat(), fc.jsonValue()),
      messages: fc.oneof(
        fc.array(fc.record({ id: fc.nat(), number: fc.string(), status: fc.string() }), { maxLength: 2 }),
        fc.jsonValue(),
      ),
      reason: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

describe('reading a Messaging API answer, for any JSON', () => {
  it('gives a read answer or response.invalid; a refusal is messaging.<operation>.<code>; a success is checked against its operation', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPERATIONS),
        fc.integer({ min: 100, max: 599 }),
        answerBody,
        fc.option(fc.uuid(), { nil: null }),
        timed(1_000, (operation, status, body, requestId) => {
          const read = outcomeOf(() => readAnswer(operation, { status, body, requestId }));
          if (!read.ok) {
            expect(read.error).toMatchObject({ code: 'response.invalid', status });
            return;
          }
          const answer = read.value;
          expect(typeof answer.fields.code).toBe('string');
          expect(answer.fields.meaning.length).toBeGreaterThan(0);
          const known = findOperationResult(operation, answer.fields.code);
          if (known) expect(answer.fields.status).toBe(known.status);
          // failureOf gives the plain AppError the client throws as an AppFailure.
          const refusal = typedError(new AppFailure(failureOf(answer)));
          expect(refusal.code).toBe(`messaging.${operation}.${answer.fields.code}`);
          expect(refusal.status).toBe(status);
          const success = outcomeOf(() => successOf(answer, SUCCESS_SCHEMAS[operation]));
          if (success.ok) expect(success.value.code).toBe(answer.fields.code);
          else expect(success.error.code).toBe('response.invalid');
        }),
      ),
      bounded(2_000, 15_000),
    );
  });

  it('a refusal whose extra fields nest deeply still gives an AppError the journal and IPC can carry', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OPERATIONS), fc.integer({ min: 1, max: 50_000 }), (operation, depth) => {
        const body = JSON.parse(`{"status":"Error","code":"99","nested":${'['.repeat(depth)}${']'.repeat(depth)}}`);
        const answer = readAnswer(operation, { status: 200, body, requestId: null });
        typedError(new AppFailure(failureOf(answer)));
      }),
      bounded(40, 10_000),
    );
  });
});

let peer: RawPeer;
beforeAll(async () => {
  peer = await startRawPeer();
});
afterAll(() => peer?.close());

async function sendOnce(timeouts = { headersMs: 3_000, bodyMs: 3_000 }) {
  const http = createMessagingHttp({
    baseUrl: peer.origin,
    timeouts: { connectMs: 3_000, ...timeouts },
    connections: 1,
  });
  try {
    return await settle(
      http.send({ method: 'POST', path: '/contacts_api', apiKey: 'mk_test', json: { key: 'mk_test' } }),
    );
  } finally {
    await http.close();
  }
}

const framing = fc.constantFrom<Framing>('exact', 'none', 'chunked');
const status = fc.oneof(
  fc.integer({ min: 200, max: 203 }),
  fc.integer({ min: 206, max: 299 }),
  fc.integer({ min: 400, max: 599 }),
);

describe('the Messaging API transport, against a real peer', () => {
  it(
    'hands back any JSON as it came, with its status; anything not JSON is response.invalid',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          status,
          fc.oneof(
            fc.jsonValue().map((v) => ({ json: true as const, v })),
            fc.uint8Array({ maxLength: 200, size: 'max' }).map((b) => ({ json: false as const, b })),
          ),
          framing,
          fc.array(fc.nat(), { maxLength: 4 }),
          async (code, body, how, cuts) => {
            const bytes = body.json ? Buffer.from(JSON.stringify(body.v)) : body.b;
            peer.script(encodeResponse({ status: code, headers: [], body: bytes, framing: how, cuts }));
            const result = await sendOnce();
            let parsed: unknown;
            let isJson = true;
            try {
              parsed = JSON.parse(new TextDecoder().decode(bytes));
            } catch {
              isJson = false;
            }
            if (isJson) {
              expect(result.ok).toBe(true);
              if (result.ok) expect(result.value).toEqual({ status: code, body: parsed, requestId: null });
            } else {
              expect(result.ok).toBe(false);
              if (!result.ok) expect(result.error).toMatchObject({ code: 'response.invalid', status: code });
            }
          },
        ),
        bounded(150, 20_000, { timeout: 5_000 }),
      );
    },
    TEST_MS,
  );

  it(
    'an answer cut short says its outcome is unknown: the request was sent',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          status,
          fc.uint8Array({ maxLength: 200, size: 'max' }),
          fc.integer({ min: 1, max: 10_000 }),
          async (code, body, missing) => {
            peer.script(encodeResponse({ status: code, headers: [], body, framing: 'longer', missing }));
            const result = await sendOnce();
            expect(result.ok).toBe(false);
            if (!result.ok)
              expect(result.error).toMatchObject({ code: 'network.connection_lost', details: { delivery: 'unknown' } });
          },
        ),
        bounded(60, 15_000, { timeout: 5_000 }),
      );
    },
    TEST_MS,
  );

  it(
    'an answer past the 8 MiB cap is response.invalid, and the message gives that cap',
    async () => {
      const cap = 8 * 1024 * 1024;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 256 * 1024 }), framing, async (over, how) => {
          peer.script(
            encodeResponse({
              status: 200,
              headers: [],
              body: Buffer.alloc(cap + over, 0x20),
              framing: how,
              cuts: [4096],
            }),
          );
          const result = await sendOnce();
          expect(result.ok).toBe(false);
          if (!result.ok) {
            expect(result.error.code).toBe('response.invalid');
            expect(result.error.message, result.error.message).toMatch(/8 MiB|8,388,608|8388608/);
          }
        }),
        bounded(3, 15_000, { timeout: 10_000 }),
      );
    },
    TEST_MS,
  );
});

/** Answers shaped like the contacts operation's: its codes, and fields that fit its schema or not. */
const contactAnswer = fc.record(
  {
    status: fc.oneof(fc.constantFrom('Success', 'Error', 'Busy'), fc.string({ maxLength: 6 })),
    code: fc.oneof(fc.constantFrom('00', '03', '97', '99', '401'), fc.string({ maxLength: 3 })),
    message: fc.string({ maxLength: 10 }),
    id: fc.oneof(fc.nat(), fc.jsonValue()),
    contact: fc.oneof(fc.record({ id: fc.nat(), name: fc.string({ maxLength: 10 }) }), fc.jsonValue()),
  },
  { requiredKeys: ['status', 'code'] },
);

describe('a messaging write, for any answer', () => {
  it(
    'a success whose fields are not what the operation returns is messaging.outcome_unknown: the write took effect',
    async () => {
      const body = Buffer.from('{"status":"Success","code":"00","id":[]}');
      peer.script(encodeResponse({ status: 200, headers: [], body, framing: 'exact' }));
      const before = peer.requests;
      const client = createMessagingClient({
        baseUrl: peer.origin,
        getApiKey: async () => 'mk_test',
        defaultCountry: 'GB',
      });
      try {
        const result = await settle(client.createContact({ name: 'Ada Lovelace', number: '020 7946 0000' }));
        expect(peer.requests - before).toBe(1);
        expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(result.error).toMatchObject({
            code: 'messaging.outcome_unknown',
            status: 200,
            details: { cause: 'response.invalid' },
          });
          expect(result.error.message).toContain('succeeded');
        }
      } finally {
        await client.close();
      }
    },
    TEST_MS,
  );

  it(
    'is a result, a messaging.<operation>.<code> refusal, or messaging.outcome_unknown — never resent',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          status,
          fc.oneof(
            // As text, so a counter-example shows the JSON.
            { arbitrary: contactAnswer.map((v) => JSON.stringify(v)), weight: 3 },
            { arbitrary: answerBody.map((v) => JSON.stringify(v) ?? ''), weight: 1 },
            { arbitrary: fc.uint8Array({ maxLength: 100, size: 'max' }), weight: 1 },
          ),
          fc.constantFrom<Framing>('exact', 'none', 'chunked', 'longer'),
          async (code, body, how) => {
            const bytes = typeof body === 'string' ? Buffer.from(body) : body;
            peer.script(encodeResponse({ status: code, headers: [], body: bytes, framing: how }));
            const before = peer.requests;
            const client = createMessagingClient({
              baseUrl: peer.origin,
              getApiKey: async () => 'mk_test',
              defaultCountry: 'GB',
              timeouts: { connectMs: 3_000, headersMs: 3_000, bodyMs: 3_000 },
            });
            try {
              const result = await settle(client.createContact({ name: 'Ada Lovelace', number: '020 7946 0000' }));
              expect(peer.requests - before).toBe(1);
              if (result.ok) {
                expect(result.value.status).toBe('Success');
                return;
              }
              const { code: errorCode } = result.error;
              if (errorCode === 'messaging.outcome_unknown') return;
              expect(errorCode).toMatch(/^messaging\.contacts\./);
            } finally {
              await client.close();
            }
          },
        ),
        bounded(150, 20_000, { timeout: 5_000 }),
      );
    },
    TEST_MS,
  );
});
