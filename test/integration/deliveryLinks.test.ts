// Delivery links against the real sandbox: a public URL that serves an asset to anyone
// holding it, until it is revoked or expires (moved with the sandbox clock).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtureDir, makeMp4, mediaForm } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
let fixtures: ReturnType<typeof makeFixtureDir>;
let mp4: string;
let assetId: number;

beforeAll(async () => {
  fixtures = makeFixtureDir();
  [sandbox, mp4] = await Promise.all([startSandboxProcess(), makeMp4(fixtures.dir, { seconds: 1 })]);
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  const projectId = (await call('POST', '/projects', { body: { name: 'Delivery' } })).body.data.id;
  assetId = (await call('POST', '/assets', { form: mediaForm(mp4, { projectId }, 'final cut.mp4') })).body.data.id;
}, 30_000);
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures?.cleanup();
});

const HOUR = 3_600_000;
const makeLink = (body?: unknown) =>
  call('POST', `/assets/${assetId}/delivery-links`, body === undefined ? {} : { body });

describe('delivery links', () => {
  it('serve the exact bytes to anyone holding the URL, without credentials, with ranges', async () => {
    const made = await makeLink();
    expect(made.status).toBe(201);
    const link = made.body.data;
    expect(link).toMatchObject({ assetId, state: 'active', revokedAt: null });
    expect(link.url).toMatch(new RegExp(`^${sandbox.origin}/d/[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(168 * HOUR);

    const res = await fetch(link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-disposition')).toContain('final cut.mp4');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(mp4))).toBe(true);

    const part = await fetch(link.url, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(readFileSync(mp4).subarray(10, 20))).toBe(true);
  });

  it('keep only a hash of the token: lists show no URL and the data folder holds no token', async () => {
    const link = (await makeLink({ expiresInHours: 2 })).body.data;
    const token = link.url.split('/').pop();
    const list = await call('GET', `/assets/${assetId}/delivery-links`);
    const listed = list.body.data.find((l: any) => l.id === link.id);
    expect(listed).toMatchObject({ id: link.id, url: null, state: 'active', expiresAt: link.expiresAt });
    for (const name of readdirSync(sandbox.dataDir).filter((n) => n.startsWith('sandbox.sqlite'))) {
      expect(readFileSync(join(sandbox.dataDir, name)).includes(token)).toBe(false);
    }
  });

  it('stop working at once when revoked, and answer like an unknown link', async () => {
    const link = (await makeLink()).body.data;
    expect((await fetch(link.url)).status).toBe(200);
    const revoked = await call('DELETE', `/assets/${assetId}/delivery-links/${link.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.state).toBe('revoked');
    expect(revoked.body.data.revokedAt).not.toBeNull();

    const after = await fetch(link.url);
    expect(after.status).toBe(404);
    const unknown = await fetch(`${sandbox.origin}/d/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    const [a, b] = [(await after.json()).error, (await unknown.json()).error];
    expect(a).toEqual(b);
    expect((await call('DELETE', `/assets/${assetId}/delivery-links/${link.id}`)).body.data.revokedAt).toBe(
      revoked.body.data.revokedAt,
    );
    expect((await call('DELETE', `/assets/${assetId}/delivery-links/987654`)).status).toBe(404);
  });

  it('expire after their hours on the sandbox clock', async () => {
    const short = (await makeLink({ expiresInHours: 1 })).body.data;
    const long = (await makeLink()).body.data;
    expect(Date.parse(short.expiresAt) - Date.parse(short.createdAt)).toBe(HOUR);
    await sandbox.admin('POST', '/_sandbox/clock', { advanceMs: HOUR + 60_000 });
    expect((await fetch(short.url)).status).toBe(404);
    expect((await fetch(long.url)).status).toBe(200);
    const listed = (await call('GET', `/assets/${assetId}/delivery-links`)).body.data.find(
      (l: any) => l.id === short.id,
    );
    expect(listed.state).toBe('expired');
  });

  it('refuse a lifetime outside 1 to 720 hours, naming the field, and an asset not in the account', async () => {
    for (const expiresInHours of [0, 721, 1.5]) {
      const res = await makeLink({ expiresInHours });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('expiresInHours');
    }
    expect((await call('POST', '/assets/987654/delivery-links')).status).toBe(404);
    expect((await fetch(`${sandbox.createBaseUrl}/assets/${assetId}/delivery-links`, { method: 'POST' })).status).toBe(
      401,
    );
  });
});
