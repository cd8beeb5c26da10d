// The served /openapi.json and the server cannot drift: requests around every limit the
// server enforces (page sizes, IDs, name lengths, enums, extra fields) are sent to the real
// sandbox and also judged by a third-party OpenAPI validator reading the served document
// (test/support/openApiCheck.ts: openapi-backend). The server refuses an input (400
// request.invalid…) exactly when the document says it is invalid, and every answer, accepted
// or refused, matches the document's response for its status. Before, the document published
// the input side of transformed schemas and lost `limit` ≤ 100, IDs ≤ 2147483647 and the
// project name's 1–120.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import { checkAgainst, type DocumentCheck } from '../support/openApiCheck.ts';
import { signIn } from '../support/session.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';
import { bounded } from '../unit/properties/propertySupport.ts';

const KEYS = 6;
const REFUSED = new Set(['request.invalid', 'request.invalid_id', 'request.invalid_json']);

let sandbox: RunningSandbox;
let doc: DocumentCheck;
const tokens: string[] = [];
let turn = 0;

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 600 });
  const session = await signIn(sandbox);
  for (let i = 0; i < KEYS; i++) {
    const issued = await session.call('POST', '/keys', { body: { name: `drift key ${i}`, expiresInDays: 1 } });
    tokens.push(issued.body.data.token);
  }
  doc = await checkAgainst((await (await fetch(`${sandbox.createBaseUrl}/openapi.json`)).json()).data);
  await send({ method: 'post', path: '/projects', query: {}, body: { name: 'Drift' } });
});
afterAll(() => sandbox?.stop({ removeData: true }));

interface Probe {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

async function send(probe: Probe): Promise<{ status: number; body: any }> {
  turn += 1;
  const query = new URLSearchParams(probe.query).toString();
  const res = await fetch(`${sandbox.createBaseUrl}${probe.path}${query ? `?${query}` : ''}`, {
    method: probe.method.toUpperCase(),
    headers: {
      authorization: `Bearer ${tokens[turn % tokens.length]}`,
      ...(probe.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: probe.body === undefined ? undefined : JSON.stringify(probe.body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.json() };
}

// Values around each limit: in range, at each edge, one past, far past, not a number.
const idText = fc.oneof(
  fc.integer({ min: 1, max: 50 }).map(String),
  fc.constantFrom('0', '1', '2147483647', '2147483648', '9999999999', '99999999999', '-1', 'x', '007'),
);
const pageSize = fc.oneof(
  fc.integer({ min: -2, max: CREATE_LIMITS.pageSize.max + 3 }).map(String),
  fc.constantFrom('', 'ten', '1000', '0100'),
);
const { max: nameMax } = CREATE_LIMITS.projectName;
// Lengths count code points on the server as in JSON Schema, so characters outside the BMP count one on both sides.
const nameText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: nameMax - 2, max: nameMax + 2 }).map((n) => 'é'.repeat(n)),
  fc.integer({ min: nameMax - 2, max: nameMax + 2 }).map((n) => '𝕏'.repeat(n)),
  fc
    .tuple(fc.integer({ min: nameMax - 1, max: nameMax + 1 }), fc.constantFrom('', ' ', '\t ', '  \n'))
    .map(([n, pad]) => `${pad}${'n'.repeat(n)}${pad}`),
  fc.constantFrom('', ' ', '   ', '\n', ' a ', 'a b', 'a\u0007b', 'two\nlines'),
);
const aspectRatio = fc.constantFrom('16:9', '9:16', '1:1', '0:1', '16/9', '999:1', '1000:1', '');
const body = <T>(fields: fc.Arbitrary<T>) =>
  fc.oneof(
    { arbitrary: fields, weight: 6 },
    { arbitrary: fields.map((b) => ({ ...b, unexpected: true })), weight: 1 },
    { arbitrary: fc.constantFrom(null, [], 'text', 42), weight: 1 },
  );

const probe: fc.Arbitrary<Probe> = fc.oneof(
  fc
    .record({ limit: pageSize, after: idText }, { requiredKeys: [] })
    .map((query) => ({ method: 'get', path: '/projects', query })),
  fc
    .record({ limit: pageSize, projectId: idText }, { requiredKeys: [] })
    .map((query) => ({ method: 'get', path: '/generations', query })),
  fc
    .constantFrom('media', 'image', 'video', 'audio', 'text', 'font', '')
    .map((kind) => ({ method: 'get', path: '/models', query: { kind } })),
  idText.map((id) => ({ method: 'get', path: `/projects/${id}`, query: {} })),
  body(fc.record({ name: nameText, aspectRatio }, { requiredKeys: ['name'] })).map((b) => ({
    method: 'post',
    path: '/projects',
    query: {},
    body: b,
  })),
  fc
    .tuple(idText, body(fc.record({ name: nameText, revision: fc.constantFrom('2000-01-01T00:00:00Z', 'yesterday') })))
    .map(([id, b]) => ({ method: 'patch', path: `/projects/${id}`, query: {}, body: b })),
  fc
    .tuple(idText, body(fc.record({ expiresInHours: fc.integer({ min: -1, max: 722 }) }, { requiredKeys: [] })))
    .map(([id, b]) => ({ method: 'post', path: `/assets/${id}/delivery-links`, query: {}, body: b })),
);

describe('the served document and the server', () => {
  it('refuse the same inputs, and every answer matches the documented response', async () => {
    await fc.assert(
      fc.asyncProperty(probe, async (p) => {
        const answer = await send(p);
        const shown = `${p.method.toUpperCase()} ${p.path} ${JSON.stringify(p.query)} ${JSON.stringify(p.body)?.slice(0, 200)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
        const request = {
          method: p.method,
          path: p.path,
          query: p.query,
          headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
          body: p.body,
        };
        const serverRefused = answer.status === 400 && REFUSED.has(answer.body?.error?.code);
        const verdict = doc.request(request);
        expect(verdict.valid, `document says ${verdict.valid ? 'valid' : verdict.errors}; server: ${shown}`).toBe(
          !serverRefused,
        );
        const matches = doc.response(request, answer.status, answer.body);
        expect(matches.valid, `${shown}\n${matches.errors}`).toBe(true);
      }),
      bounded(250, 120_000),
    );
  });

  it('publishes the limits it enforces', async () => {
    const at = (method: string, path: string, query: Record<string, string>, b?: unknown) =>
      doc.request({ method, path, query, headers: { 'content-type': 'application/json' }, body: b }).valid;
    expect(at('get', '/projects', { limit: String(CREATE_LIMITS.pageSize.max) })).toBe(true);
    expect(at('get', '/projects', { limit: String(CREATE_LIMITS.pageSize.max + 1) })).toBe(false);
    expect(at('get', `/projects/${CREATE_LIMITS.idMax}`, {})).toBe(true);
    expect(at('get', `/projects/${CREATE_LIMITS.idMax + 1}`, {})).toBe(false);
    expect(at('post', '/projects', {}, { name: 'n'.repeat(nameMax) })).toBe(true);
    expect(at('post', '/projects', {}, { name: 'n'.repeat(nameMax + 1) })).toBe(false);
    expect(at('post', '/projects', {}, { name: '   ' })).toBe(false);
    expect(at('post', '/projects', {}, { name: `  ${'n'.repeat(nameMax)}  ` })).toBe(true);
  });
});
