// sendMessage, whatever the user typed, against a real peer on 127.0.0.1 that records what
// arrives: bad input is refused with a messaging.input.* code and nothing is sent; what is
// sent keeps every documented limit (740 characters as code points, 1 to 1000 E.164 numbers
// or a group, a real time in a Country/City zone, a title of at most 200 characters).
import { createServer, type Server } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingClient, type MessagingClient } from '../../../main/core/messaging/messagingClient.ts';
import { MESSAGING_LIMITS } from '../../../shared/limits.ts';
import { bounded, settle } from './propertySupport.ts';

const { messageLength, contactsPerRequest } = MESSAGING_LIMITS;
const E164 = /^\+[1-9]\d{6,14}$/;

let server: Server;
let client: MessagingClient;
const received: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'Success', code: '00', message: 'accepted', submissionId: received.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  client = createMessagingClient({
    baseUrl: `http://127.0.0.1:${port}`,
    getApiKey: async () => 'mk_test_property',
    defaultCountry: 'GB',
  });
});
afterAll(async () => {
  await client?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

const char = fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.constantFrom(' ', 'é', '😀'));
const number = fc.oneof(
  fc.nat({ max: 9999 }).map((n) => `+1646555${String(n).padStart(4, '0')}`),
  fc.nat({ max: 999 }).map((n) => `020 7946 0${String(n).padStart(3, '0')}`),
  fc.string({ maxLength: 12 }),
  fc.constant(''),
);
/** Mostly a good value, sometimes a bad one, so acceptances and each refusal both come up often. */
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: good, weight: 4 }, { arbitrary: bad, weight: 1 });

const input = fc.record(
  {
    senderId: mostly(fc.constantFrom('+44 20 7946 0999', '+1 555 010 0200'), fc.string({ maxLength: 16 })),
    contacts: fc.oneof(
      fc.array(mostly(number, fc.string({ maxLength: 12 })), { maxLength: 6 }),
      fc
        .tuple(fc.integer({ min: contactsPerRequest - 1, max: contactsPerRequest + 1 }), fc.nat({ max: 9999 }))
        .map(([n, start]) =>
          Array.from({ length: n }, (_, i) => `+1646555${String((start + i) % 10_000).padStart(4, '0')}`),
        ),
    ),
    groupId: mostly(fc.stringMatching(/^[A-Za-z0-9_.-]{1,64}$/), fc.string({ maxLength: 70 })),
    text: fc.oneof(
      fc.string({ unit: char, maxLength: 30 }),
      fc.tuple(fc.integer({ min: messageLength - 1, max: messageLength + 1 }), char).map(([n, c]) => c.repeat(n)),
    ),
    type: mostly(fc.constantFrom('text', ' TEXT '), fc.oneof(fc.constant('mms'), fc.string({ maxLength: 5 }))),
    mmsPath: mostly(fc.constant(''), fc.constant('/nonexistent/clipdesk-property.png')),
    title: fc.oneof(
      fc.string({ unit: char, maxLength: 20 }),
      fc.integer({ min: 199, max: 201 }).map((n) => 'T'.repeat(n)),
    ),
    schedule: fc.record({
      time: mostly(
        fc.constantFrom('2031-06-01 9:05', '2031-12-31 23:59'),
        fc.oneof(fc.constantFrom('2031-02-30 9:05', '2031-06-01 24:00'), fc.string({ maxLength: 16 })),
      ),
      timeZone: mostly(
        fc.constantFrom('Europe/London', 'america/new_york'),
        fc.constantFrom('UTC', 'Mars/Olympus', ''),
      ),
    }),
  },
  { requiredKeys: ['senderId', 'text', 'type'] },
);
/** Sometimes with a field sendMessage does not take. */
const anyInput = fc.oneof(
  { arbitrary: input, weight: 8 },
  {
    arbitrary: fc
      .tuple(input, fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue())
      .map(([i, k, v]) => ({ ...i, [k]: v })),
    weight: 1,
  },
  { arbitrary: fc.jsonValue(), weight: 1 },
);

describe('sendMessage, for any input', () => {
  it('refuses with messaging.input.* and sends nothing, or sends one request within every limit', async () => {
    await fc.assert(
      fc.asyncProperty(anyInput, async (raw) => {
        const before = received.length;
        const result = await settle(client.sendMessage(raw as never));
        if (!result.ok) {
          expect(result.error.code, result.error.message).toMatch(/^messaging\.input\./);
          expect(received.length).toBe(before);
          return;
        }
        expect(received.length).toBe(before + 1);
        const sent = received.at(-1)!;
        const msg = sent.msg as string;
        expect(msg.trim()).not.toBe('');
        expect([...msg].length).toBeLessThanOrEqual(messageLength);
        expect(sent.type).toBe('text');
        expect(sent.senderid).toMatch(/^\+\d+$/);
        if (sent.groupid === undefined) {
          const contacts = (sent.contacts as string).split(',');
          expect(contacts.length).toBeGreaterThanOrEqual(1);
          expect(contacts.length).toBeLessThanOrEqual(contactsPerRequest);
          for (const c of contacts) expect(c).toMatch(E164);
        } else {
          expect(sent.contacts).toBeUndefined();
          expect(sent.groupid).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
        }
        if (sent.title !== undefined) expect([...(sent.title as string)].length).toBeLessThanOrEqual(200);
        if (sent.time !== undefined) {
          expect(sent.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}$/);
          expect(sent.time_zone).toContain('/');
        }
      }),
      bounded(250, 20_000, { timeout: 5_000 }),
    );
    // The property means something only if some inputs were sent.
    expect(received.length).toBeGreaterThan(10);
  }, 30_000);
});
