// Authentication: API keys and the central session (spec: Authentication 1-9, Limits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';
import { signIn, type SignedIn } from '../support/session.ts';

let sandbox: RunningSandbox;
let session: SignedIn;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  session = await signIn(sandbox);
});
afterAll(() => sandbox?.stop({ removeData: true }));

const me = (key: string) => apiClient(sandbox.createBaseUrl, key)('GET', '/me');

async function issueKey(name: string, expiresInDays = 30) {
  const res = await session.call('POST', '/keys', { body: { name, expiresInDays } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; token: string; lastFour: string; expiresAt: string };
}

describe('API keys', () => {
  it('the ready key from the READY line works', async () => {
    const res = await me(sandbox.apiKey);
    expect(res.status).toBe(200);
    expect(res.body.data.authenticatedWith).toBe('key');
    expect(res.body.data.key.lastFour).toBe(sandbox.apiKey.slice(-4));
  });

  it('no credentials, a malformed header and an unknown key are 401 with distinct codes', async () => {
    const none = await fetch(`${sandbox.createBaseUrl}/me`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as any).error.code).toBe('auth.missing');
    const basic = await fetch(`${sandbox.createBaseUrl}/me`, { headers: { authorization: 'Basic abc' } });
    expect(((await basic.json()) as any).error.code).toBe('auth.invalid_key');
    const wrong = await me('cd_not-a-real-key');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('auth.invalid_key');
  });

  it('a key is shown once at issue and never by the list', async () => {
    const key = await issueKey('laptop');
    expect(key.token).toMatch(/^cd_/);
    expect(key.lastFour).toBe(key.token.slice(-4));
    const list = await session.call('GET', '/keys');
    expect(list.status).toBe(200);
    const listed = list.body.data.find((k: any) => k.id === key.id);
    expect(listed).toMatchObject({ name: 'laptop', status: 'active', lastFour: key.lastFour });
    expect(JSON.stringify(list.body)).not.toContain(key.token);
    expect((await me(key.token)).status).toBe(200);
  });

  it('only the hash of a token is stored', async () => {
    const key = await issueKey('hash-check');
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(`${sandbox.dataDir}/sandbox.sqlite`, { readOnly: true });
    const rows = db.prepare('SELECT * FROM api_keys WHERE id = ?').all(key.id);
    db.close();
    expect(JSON.stringify(rows)).not.toContain(key.token);
  });

  it('expiry must be 1 to 90 days', async () => {
    for (const expiresInDays of [0, 91, 1.5]) {
      const res = await session.call('POST', '/keys', { body: { name: 'x', expiresInDays } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('request.invalid');
      expect(res.body.error.message).toContain('expiresInDays');
    }
  });

  it('revocation takes effect on the very next request', async () => {
    const key = await issueKey('to-revoke');
    expect((await me(key.token)).status).toBe(200);
    const revoked = await session.call('DELETE', `/keys/${key.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.status).toBe('revoked');
    const after = await me(key.token);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('auth.key_revoked');
  });

  it('an expired key stops working', async () => {
    const key = await issueKey('short-lived', 1);
    expect((await me(key.token)).status).toBe(200);
    await sandbox.admin('POST', '/_sandbox/clock', { advanceMs: 86_400_000 + 1000 });
    const after = await me(key.token);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('auth.key_expired');
    // A day later the 12-hour session has expired too: a session write now needs a new sign-in.
    expect((await session.call('GET', '/keys')).body.error.code).toBe('auth.session_required');
    session = await signIn(sandbox);
  });

  it('keys are created and revoked only from a session, never with a key', async () => {
    const auth = { authorization: `Bearer ${sandbox.apiKey}` };
    const list = await fetch(`${sandbox.createBaseUrl}/keys`, { headers: auth });
    expect(list.status).toBe(401);
    expect(((await list.json()) as any).error.code).toBe('auth.session_required');
    const issue = await fetch(`${sandbox.createBaseUrl}/keys`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', expiresInDays: 5 }),
    });
    expect(issue.status).toBe(401);
  });

  it('a session write needs the CSRF token and the same origin', async () => {
    const noToken = await session.call('POST', '/keys', {
      body: { name: 'x', expiresInDays: 5 },
      headers: { 'x-csrf-token': '' },
    });
    expect(noToken.status).toBe(403);
    expect(noToken.body.error.code).toBe('auth.csrf_failed');
    const foreign = await session.call('POST', '/keys', {
      body: { name: 'x', expiresInDays: 5 },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('auth.cross_origin');
  });

  it('a wrong password is refused and the session cookie is HttpOnly', async () => {
    const bad = await fetch(`${sandbox.origin}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: sandbox.login.email, password: 'nope' }),
    });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as any).error.code).toBe('auth.invalid_login');
    const good = await fetch(`${sandbox.origin}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sandbox.login),
    });
    expect(good.headers.get('set-cookie')).toMatch(/HttpOnly/);
  });

  it('the 21st active key of an actor is refused until one is revoked', async () => {
    const list = await session.call('GET', '/keys');
    const active = list.body.data.filter((k: any) => k.status === 'active').length;
    const issued = [];
    for (let i = active; i < 20; i++) issued.push(await issueKey(`bulk-${i}`));
    const twentyFirst = await session.call('POST', '/keys', { body: { name: 'one too many', expiresInDays: 5 } });
    expect(twentyFirst.status).toBe(403);
    expect(twentyFirst.body.error.code).toBe('key.limit_reached');
    expect(twentyFirst.body.error.message).toMatch(/revoke/i);
    await session.call('DELETE', `/keys/${issued[0]!.id}`);
    expect((await session.call('POST', '/keys', { body: { name: 'room again', expiresInDays: 5 } })).status).toBe(201);
  });
});

describe('the rate limit', () => {
  it('serves 120 requests per key in a minute, refuses the 121st with Retry-After, and leaves other keys alone', async () => {
    const fresh = await startSandboxProcess();
    try {
      const call = apiClient(fresh.createBaseUrl, fresh.apiKey);
      const statuses = await Promise.all(
        Array.from({ length: 120 }, () => call('GET', '/projects').then((r) => r.status)),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
      const refused = await call('GET', '/projects');
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate.limited');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // A refused request does not use up budget: still refused, not pushed further out.
      expect((await call('GET', '/projects')).status).toBe(429);

      const other = await signIn(fresh);
      const otherKey = (await other.call('POST', '/keys', { body: { name: 'second', expiresInDays: 5 } })).body.data
        .token;
      expect((await apiClient(fresh.createBaseUrl, otherKey)('GET', '/projects')).status).toBe(200);

      await fresh.admin('POST', '/_sandbox/clock', { advanceMs: 60_000 });
      expect((await call('GET', '/projects')).status).toBe(200);
    } finally {
      await fresh.stop({ removeData: true });
    }
  });
});

describe('support impersonation sessions', () => {
  // A sandbox of its own: the tests above leave the person with 20 active keys.
  let fresh: RunningSandbox;
  let own: SignedIn;
  beforeAll(async () => {
    fresh = await startSandboxProcess();
    own = await signIn(fresh);
  });
  afterAll(() => fresh?.stop({ removeData: true }));
  const meOn = (key: string) => apiClient(fresh.createBaseUrl, key)('GET', '/me');

  it('a key issued while support acts for a person is capped to that session and stops when it ends', async () => {
    const support = await signIn(fresh, { ...fresh.supportLogin, impersonate: fresh.login.email });
    const issued = await support.call('POST', '/keys', { body: { name: 'support fix', expiresInDays: 90 } });
    expect(issued.status).toBe(201);
    const key = issued.body.data;
    expect(key.cappedToSupportSession).toBe(true);
    // Asked for 90 days, it expires with the 12-hour session.
    expect(Date.parse(key.expiresAt) - Date.parse(key.createdAt)).toBeLessThanOrEqual(12 * 3_600_000);
    const acting = await meOn(key.token);
    expect(acting.status).toBe(200);
    expect(acting.body.data.user.email).toBe(fresh.login.email);

    // The person's own keys are not capped.
    const mine = await own.call('POST', '/keys', { body: { name: 'mine', expiresInDays: 30 } });
    expect(mine.body.data.cappedToSupportSession).toBe(false);

    const signOut = await fetch(`${fresh.origin}/session`, {
      method: 'DELETE',
      headers: { cookie: support.cookie, origin: fresh.origin, 'x-csrf-token': support.csrfToken },
    });
    expect(signOut.status).toBe(200);
    const after = await meOn(key.token);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('auth.session_ended');
    expect((await meOn(mine.body.data.token)).status).toBe(200);
  });

  it('only support may act on behalf of someone else', async () => {
    const res = await fetch(`${sandbox.origin}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...sandbox.login, impersonate: sandbox.supportLogin.email }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).error.code).toBe('auth.impersonation_forbidden');
  });
});
