// The checks before paid work is journaled or sent, for any input: checkedSubmission
// (main/core/jobs/submission.ts) for any kind, path parameters and body, and the Create API
// client's own checks (main/core/api/createApiClient.ts) against a real peer on 127.0.0.1
// that counts what reaches it. Bad input is refused with request.invalid,
// request.invalid_id or idempotency.key_invalid and costs no request; what is sent keeps
// the limits (1 to 80 clips, IDs from 1 to 2147483647).
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type CreateApiClient } from '../../../main/core/api/createApiClient.ts';
import { JOB_KINDS } from '../../../main/core/jobs/jobKinds.ts';
import { checkedSubmission } from '../../../main/core/jobs/submission.ts';
import { createRateBudget } from '../../../main/core/rate/rateBudget.ts';
import { CREATE_LIMITS } from '../../../shared/limits.ts';
import { bounded, outcomeOf, settle, timed } from './propertySupport.ts';

const { exportMaxClips, idMax } = CREATE_LIMITS;
const KINDS = Object.keys(JOB_KINDS);

/** IDs that are fine, and every way one is not. */
const idValue = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: idMax }), weight: 4 },
  { arbitrary: fc.constantFrom(0, -1, idMax + 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53), weight: 1 },
  { arbitrary: fc.oneof(fc.string({ maxLength: 4 }), fc.constant(null), fc.constant(undefined)), weight: 1 },
);
/** A clip, usually one the client takes. */
const clip = fc.oneof(
  {
    arbitrary: fc.record(
      {
        assetId: fc.integer({ min: 1, max: idMax }),
        trimStartMs: fc.nat({ max: 60_000 }),
        title: fc.string({ maxLength: 10 }),
      },
      { requiredKeys: ['assetId'] },
    ),
    weight: 6,
  },
  {
    arbitrary: fc.record(
      { assetId: idValue, trimStartMs: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double()), volume: fc.jsonValue() },
      { requiredKeys: [] },
    ),
    weight: 1,
  },
  { arbitrary: fc.jsonValue(), weight: 1 },
);
/** Clip lists of every length, many near the 80-clip limit. */
const clips = fc.oneof(
  fc.array(clip, { maxLength: 4 }),
  fc
    .integer({ min: exportMaxClips - 2, max: exportMaxClips + 2 })
    .chain((n) => fc.array(clip, { minLength: n, maxLength: n })),
  fc
    .integer({ min: exportMaxClips - 2, max: exportMaxClips + 2 })
    .map((n) => Array.from({ length: n }, (_, i) => ({ assetId: i + 1 }))),
);
const exportInput = fc.oneof(
  { arbitrary: fc.record({ projectId: idValue, clips }), weight: 5 },
  { arbitrary: fc.jsonValue(), weight: 1 },
);
const generationInput = fc.oneof(
  {
    arbitrary: fc.record(
      {
        projectId: idValue,
        sceneId: fc.oneof(fc.uuid(), fc.constant('')),
        modelId: fc.constantFrom('sketch-image-1', ''),
        prompt: fc.string({ maxLength: 12 }),
        settings: fc.jsonValue(),
      },
      { requiredKeys: ['projectId', 'sceneId', 'modelId', 'prompt'] },
    ),
    weight: 5,
  },
  { arbitrary: fc.jsonValue(), weight: 1 },
);

function roundTrips(value: unknown): boolean {
  if (value === undefined) return true;
  try {
    expect(JSON.parse(JSON.stringify(value))).toEqual(value);
    return true;
  } catch {
    return false;
  }
}

function isId(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= idMax;
}

describe('checkedSubmission, for any kind, path parameters and body', () => {
  it('gives the exact request to journal, with checked IDs in its path and a JSON body, or refuses with a typed code', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...KINDS),
          fc.string({ maxLength: 12 }),
          fc.constantFrom('__proto__', 'constructor', 'toString'),
        ),
        fc.record({ projectId: idValue, assetId: idValue }, { requiredKeys: [] }),
        fc.oneof(exportInput, generationInput, fc.jsonValue(), fc.constant(undefined)),
        timed(1_000, (kind, params, input) => {
          const result = outcomeOf(() => checkedSubmission(kind, params as never, input));
          if (!result.ok) {
            expect(['request.invalid', 'request.invalid_id']).toContain(result.error.code);
            if (!KINDS.includes(kind)) expect(result.error.code).toBe('request.invalid');
            return;
          }
          expect(KINDS).toContain(kind);
          const spec = JOB_KINDS[kind as keyof typeof JOB_KINDS];
          for (const param of spec.pathParams) {
            expect(isId(params[param])).toBe(true);
            expect(result.value.path.split('/')).toContain(String(params[param]));
          }
          expect(result.value.path).not.toMatch(/undefined|NaN|null/);
          expect(result.value.method).toBe(spec.method);
          // What came as JSON (as it does over IPC) is journaled as JSON that reads back the same.
          if (roundTrips(input)) expect(roundTrips(result.value.body)).toBe(true);
          if (kind === 'export') {
            const sent = (result.value.body as { clips: unknown[] }).clips;
            expect(sent.length).toBeGreaterThanOrEqual(1);
            expect(sent.length).toBeLessThanOrEqual(exportMaxClips);
          }
        }),
      ),
      bounded(1_500, 15_000),
    );
  });
});

let server: Server;
let api: CreateApiClient;
const bodies: unknown[] = [];

beforeAll(async () => {
  // Answers every request with a refusal the client never retries, so each call is exactly one request.
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined);
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'peer.refused', message: 'recorded' }, meta: { requestId: 'req-1' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  api = createApiClient({
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    getApiKey: async () => 'sk_test_property',
    budget: createRateBudget({ limit: 1_000_000 }),
  });
});
afterAll(async () => {
  await api?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

const idempotencyKey = fc.oneof(
  { arbitrary: fc.constant(null).map(() => randomUUID()), weight: 5 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
);

describe('the Create API client, for any export or generation input', () => {
  it('an export: refused before any request (over 80 clips, no clips, a bad ID or key), or sent once with 1 to 80 clips', async () => {
    const seen = { sent: 0, tooMany: 0, sentAtLimit: 0 };
    await fc.assert(
      fc.asyncProperty(exportInput, idempotencyKey, async (input, key) => {
        const before = bodies.length;
        const result = await settle(api.exports.create(input as never, { idempotencyKey: key }));
        expect(result.ok).toBe(false);
        if (result.ok) return;
        if (result.error.code !== 'peer.refused') {
          expect(['request.invalid', 'idempotency.key_invalid']).toContain(result.error.code);
          expect(bodies.length).toBe(before);
          const list = (input as { clips?: unknown } | null)?.clips;
          if (Array.isArray(list) && list.length > exportMaxClips) {
            seen.tooMany += 1;
            expect(result.error.code).toBe('request.invalid');
            expect(result.error.message).toContain(`at most ${exportMaxClips} clips`);
          }
          return;
        }
        seen.sent += 1;
        expect(bodies.length).toBe(before + 1);
        const sent = bodies.at(-1) as { projectId: number; clips: { assetId: number }[] };
        expect(Number.isInteger(sent.projectId) && sent.projectId >= 1).toBe(true);
        expect(sent.clips.length).toBeGreaterThanOrEqual(1);
        expect(sent.clips.length).toBeLessThanOrEqual(exportMaxClips);
        for (const c of sent.clips) expect(Number.isInteger(c.assetId) && c.assetId >= 1).toBe(true);
        if (sent.clips.length === exportMaxClips) seen.sentAtLimit += 1;
      }),
      bounded(300, 20_000, { timeout: 5_000 }),
    );
    // Both sides of the limit came up, or the property proved little.
    expect(seen.sent).toBeGreaterThan(10);
    expect(seen.tooMany).toBeGreaterThan(5);
    expect(seen.sentAtLimit).toBeGreaterThan(0);
  }, 30_000);

  it('a generation: refused before any request, or sent once with its IDs and a prompt that is not blank', async () => {
    await fc.assert(
      fc.asyncProperty(generationInput, idempotencyKey, async (input, key) => {
        const before = bodies.length;
        const result = await settle(api.generations.create(input as never, { idempotencyKey: key }));
        expect(result.ok).toBe(false);
        if (result.ok) return;
        if (result.error.code !== 'peer.refused') {
          expect(['request.invalid', 'idempotency.key_invalid']).toContain(result.error.code);
          expect(bodies.length).toBe(before);
          return;
        }
        expect(bodies.length).toBe(before + 1);
        const sent = bodies.at(-1) as { projectId: number; sceneId: string; modelId: string; prompt: string };
        expect(Number.isInteger(sent.projectId) && sent.projectId >= 1).toBe(true);
        expect(sent.sceneId).not.toBe('');
        expect(sent.modelId).not.toBe('');
        expect(sent.prompt.trim()).not.toBe('');
      }),
      bounded(300, 20_000, { timeout: 5_000 }),
    );
  }, 30_000);

  it('reads by ID and pages: any ID or page size outside the limits is refused before any request', async () => {
    await fc.assert(
      fc.asyncProperty(
        idValue,
        fc.oneof(fc.integer({ min: -2, max: 103 }), fc.double(), fc.constant(undefined)),
        async (id, limit) => {
          const before = bodies.length;
          const one = await settle(api.projects.get(id as number));
          expect(one.ok).toBe(false);
          if (!one.ok) expect(one.error.code).toBe(isId(id) ? 'peer.refused' : 'request.invalid_id');
          const page = await settle(api.projects.list({ limit: limit as number }));
          const goodLimit = limit === undefined || (Number.isInteger(limit) && limit >= 1 && limit <= 100);
          if (!page.ok) expect(page.error.code).toBe(goodLimit ? 'peer.refused' : 'request.invalid');
          expect(bodies.length).toBe(before + (isId(id) ? 1 : 0) + (goodLimit ? 1 : 0));
        },
      ),
      bounded(200, 15_000, { timeout: 5_000 }),
    );
  }, 30_000);
});
