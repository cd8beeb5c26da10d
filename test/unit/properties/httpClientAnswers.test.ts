// The Create API client (main/core/api/httpClient.ts) against a real peer on 127.0.0.1 that
// answers with generated statuses, headers and bytes: well-formed envelopes, other JSON,
// bytes that are not UTF-8 or not HTTP, bodies cut short, bodies past the 32 MiB cap, and
// peers that stall. Whatever comes back, send() resolves with the data or rejects with an
// AppFailure that is valid and can cross IPC — never an untyped error, never a hang.
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../../../main/core/api/httpClient.ts';
import { CLIENT_ERROR_CODES, isClientErrorCode } from '../../../shared/appError.ts';
import { bounded, settle } from './propertySupport.ts';
import { encodeResponse, startRawPeer, type Framing, type RawPeer } from './rawPeer.ts';

/** Above each property's own bound (bounded(…)), so that bound is what fails first. */
const TEST_MS = 30_000;

let peer: RawPeer;
beforeAll(async () => {
  peer = await startRawPeer();
});
afterAll(() => peer?.close());

/** A fresh client per run: no connection is reused between scripted answers. */
async function ask(timeouts: { headersMs: number; bodyMs: number } = { headersMs: 3_000, bodyMs: 3_000 }) {
  const client: HttpClient = createHttpClient({
    baseUrl: `${peer.origin}/api/v1`,
    getApiKey: async () => 'sk_test_property',
    timeouts: { connectMs: 3_000, ...timeouts },
    connections: 1,
  });
  try {
    return await settle(client.send({ method: 'GET', path: '/projects' }, z.unknown()));
  } finally {
    await client.close();
  }
}

const token = fc.stringMatching(/^[A-Za-z0-9._~-]{1,40}$/);
/** Header values a server may send: visible ASCII, no leading or trailing blanks. */
const headerText = fc.stringMatching(/^[!-~]([ -~]{0,40}[!-~])?$/);
const retryAfter = fc.oneof(
  fc.nat({ max: 86_400 }).map(String),
  fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }).map((d) => d.toUTCString()),
  headerText,
);
const extraHeaders = fc.array(
  fc.tuple(
    fc.stringMatching(/^x-[a-z-]{1,12}$/).filter((n) => n !== 'x-request-id'),
    headerText,
  ),
  { maxLength: 3 },
);

const successStatus = fc.constantFrom(200, 201, 202, 203, 206, 299);
const failureStatus = fc.oneof(fc.integer({ min: 400, max: 599 }), fc.constantFrom(300, 301, 302, 307, 308));
/** Framings that deliver the whole body. */
const wholeFraming = fc.constantFrom<Framing>('exact', 'none', 'chunked');
const cuts = fc.array(fc.nat(), { maxLength: 6 });

const meta = fc.option(fc.record({ requestId: token, apiVersion: fc.constant('1') }, { requiredKeys: ['requestId'] }), {
  nil: undefined,
});
const successEnvelope = fc.record({
  data: fc.jsonValue(),
  meta,
  pagination: fc.option(fc.record({ nextCursor: fc.oneof(fc.string(), fc.nat(), fc.constant(null)) }), {
    nil: undefined,
  }),
});
const errorFields = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 10 }).filter((k) => k !== 'code' && k !== 'message' && k !== '__proto__'),
  fc.jsonValue(),
  { maxKeys: 3 },
);
const errorEnvelope = fc.record({
  error: fc.record({ code: fc.string(), message: fc.string() }),
  details: errorFields,
  meta,
});

const utf8 = (value: unknown) => Buffer.from(JSON.stringify(value));
const withoutUndefined = (value: object) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe('the Create API client reads any answer', () => {
  it(
    'a success envelope gives its data, pagination and request ID, however the body is framed',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          successStatus,
          successEnvelope,
          fc.option(token, { nil: undefined }),
          extraHeaders,
          wholeFraming,
          cuts,
          async (status, envelope, headerId, headers, framing, chunkCuts) => {
            const body = withoutUndefined(envelope);
            const sent = [...headers, ...(headerId ? [['x-request-id', headerId] as const] : [])];
            peer.script(encodeResponse({ status, headers: sent, body: utf8(body), framing, cuts: chunkCuts }));
            const result = await ask();
            expect(result.ok, JSON.stringify(result)).toBe(true);
            if (!result.ok) return;
            expect(result.value.status).toBe(status);
            expect(result.value.data).toEqual(body.data);
            expect(result.value.requestId).toBe(envelope.meta?.requestId ?? headerId ?? null);
            const cursor = envelope.pagination?.nextCursor;
            expect(result.value.pagination?.nextCursor ?? null).toBe(
              cursor === undefined || cursor === null ? null : String(cursor),
            );
          },
        ),
        bounded(150, 20_000, { timeout: 5_000 }),
      );
    },
    TEST_MS,
  );

  it(
    'an error envelope gives an AppFailure with its code, message, status, request ID, Retry-After and other fields',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          failureStatus,
          errorEnvelope,
          fc.option(retryAfter, { nil: undefined }),
          fc.option(token, { nil: undefined }),
          wholeFraming,
          cuts,
          async (status, { error, details, meta: m }, wait, headerId, framing, chunkCuts) => {
            const body = withoutUndefined({ error: { ...details, ...error }, meta: m });
            const headers = [
              ...(wait === undefined ? [] : [['retry-after', wait] as const]),
              ...(headerId ? [['x-request-id', headerId] as const] : []),
            ];
            peer.script(encodeResponse({ status, headers, body: utf8(body), framing, cuts: chunkCuts }));
            const result = await ask();
            expect(result.ok).toBe(false);
            if (result.ok) return;
            expect(result.error).toMatchObject({ code: error.code, message: error.message, status });
            expect(result.error.requestId).toBe(m?.requestId ?? headerId ?? null);
            expect(result.error.details ?? {}).toEqual(withoutUndefined(details));
            if (wait === undefined) expect(result.error.retryAfterMs).toBeNull();
          },
        ),
        bounded(150, 20_000, { timeout: 5_000 }),
      );
    },
    TEST_MS,
  );

  it(
    'anything else — other JSON, cut JSON, bytes that are not UTF-8 — is response.invalid with its status',
    async () => {
      const notAnEnvelope = fc.oneof(
        fc
          .jsonValue()
          .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v))
          .map(utf8),
        fc.uint8Array({ maxLength: 300, size: 'max' }).filter((bytes) => {
          try {
            JSON.parse(new TextDecoder().decode(bytes));
            return false;
          } catch {
            return true;
          }
        }),
        fc.tuple(successEnvelope, fc.nat()).map(([e, at]) => {
          const bytes = utf8(withoutUndefined(e));
          return bytes.subarray(0, at % bytes.length);
        }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(successStatus, failureStatus),
          notAnEnvelope,
          headerText,
          wholeFraming,
          cuts,
          async (status, body, contentType, framing, chunkCuts) => {
            peer.script(
              encodeResponse({ status, headers: [['content-type', contentType]], body, framing, cuts: chunkCuts }),
            );
            const result = await ask();
            expect(result.ok).toBe(false);
            if (!result.ok) expect(result.error).toMatchObject({ code: 'response.invalid', status });
          },
        ),
        bounded(150, 20_000, { timeout: 5_000 }),
      );
    },
    TEST_MS,
  );

  it(
    'a body cut short of its Content-Length, the connection then closed, is network.connection_lost',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(successStatus, failureStatus),
          fc.oneof(
            successEnvelope.map((e) => utf8(withoutUndefined(e))),
            fc.uint8Array({ maxLength: 200, size: 'max' }),
          ),
          fc.integer({ min: 1, max: 100_000 }),
          async (status, body, missing) => {
            peer.script(encodeResponse({ status, headers: [], body, framing: 'longer', missing }));
            const result = await ask();
            expect(result.ok).toBe(false);
            if (!result.ok) expect(result.error).toMatchObject({ code: 'network.connection_lost', status: null });
          },
        ),
        bounded(100, 15_000, { timeout: 5_000 }),
      );
    },
    TEST_MS,
  );

  it(
    'a peer that stops sending mid-body is network.timeout once the body timeout passes',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uint8Array({ maxLength: 100, size: 'max' }),
          fc.integer({ min: 1, max: 1_000 }),
          async (partial, missing) => {
            const { bytes } = encodeResponse({ status: 200, headers: [], body: partial, framing: 'longer', missing });
            peer.script({ bytes, then: 'hold' });
            const result = await ask({ headersMs: 3_000, bodyMs: 150 });
            expect(result.ok).toBe(false);
            if (!result.ok) expect(result.error.code).toBe('network.timeout');
          },
        ),
        bounded(4, 10_000, { timeout: 5_000 }),
      );
    },
    TEST_MS,
  );

  it(
    'any bytes at all, HTTP or not, give data or a typed failure',
    async () => {
      const anyStatusLine = fc.oneof(
        fc.integer({ min: 0, max: 999 }).map((s) => `HTTP/1.1 ${String(s).padStart(3, '0')} X\r\n`),
        fc.string({ unit: 'binary', maxLength: 30 }),
      );
      await fc.assert(
        fc.asyncProperty(anyStatusLine, fc.uint8Array({ maxLength: 400, size: 'max' }), async (line, rest) => {
          peer.script({ bytes: Buffer.concat([Buffer.from(line, 'latin1'), rest]), then: 'close' });
          const result = await ask();
          if (!result.ok && result.error.status === null) expect(isClientErrorCode(result.error.code)).toBe(true);
        }),
        bounded(200, 20_000, { timeout: 5_000 }),
      );
    },
    TEST_MS,
  );

  it(
    'bytes that are not an HTTP response at all are response.invalid: the peer was reached, it does not speak HTTP',
    async () => {
      // Not H (HTTP/), R (RTSP/), I (ICE/), nor blanks a parser may skip: no response can start so.
      const firstByte = fc.integer({ min: 0x21, max: 0x7e }).filter((b) => !'HRI'.includes(String.fromCharCode(b)));
      await fc.assert(
        fc.asyncProperty(firstByte, fc.uint8Array({ maxLength: 200, size: 'max' }), async (first, rest) => {
          peer.script({ bytes: Buffer.concat([Buffer.from([first]), rest]), then: 'close' });
          const result = await ask();
          expect(result.ok).toBe(false);
          if (!result.ok) {
            expect(result.error.code, result.error.message).toBe('response.invalid');
            expect(result.error.message).toContain(CLIENT_ERROR_CODES['response.invalid']);
          }
        }),
        bounded(50, 10_000, { timeout: 5_000 }),
      );
    },
    TEST_MS,
  );

  it(
    'a peer answering "!" is response.invalid, not network.unreachable (undici gives that parser error no code)',
    async () => {
      peer.script({ bytes: Buffer.from('!'), then: 'close' });
      const result = await ask();
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatchObject({ code: 'response.invalid', status: null });
    },
    TEST_MS,
  );

  it(
    'an error envelope whose extra fields nest deeply still gives an AppError the journal and IPC can carry',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 50_000 }), failureStatus, async (depth, status) => {
          const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
          const body = Buffer.from(`{"error":{"code":"x.deep","message":"deep","nested":${nested}}}`);
          peer.script(encodeResponse({ status, headers: [], body, framing: 'exact' }));
          const result = await ask();
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.error.code).toBe('x.deep');
        }),
        bounded(40, 15_000, { timeout: 5_000 }),
      );
    },
    TEST_MS,
  );

  it(
    'a body past the 32 MiB cap is response.invalid, however its length is told',
    async () => {
      const cap = 32 * 1024 * 1024;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 512 * 1024 }),
          fc.constantFrom<Framing>('exact', 'none', 'chunked'),
          async (over, framing) => {
            const body = Buffer.alloc(cap + over, 0x20);
            peer.script(
              encodeResponse({ status: 200, headers: [], body, framing, cuts: [1024 * 1024, 16 * 1024 * 1024] }),
            );
            const result = await ask();
            expect(result.ok).toBe(false);
            if (!result.ok) {
              expect(result.error.code).toBe('response.invalid');
              expect(result.error.message).toContain(String(cap));
            }
          },
        ),
        bounded(3, 20_000, { timeout: 10_000 }),
      );
    },
    TEST_MS,
  );
});
