// Editor sessions (start, reconnect, expiry), the editor URL that only a signed-in browser
// may open, and media sync, on the real sandbox.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir, makeMp4, makePng, makeWav } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import { signIn } from '../support/session.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
let editor: ReturnType<typeof editorClient>;
const fixtures = makeFixtureDir();

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  editor = editorClient(call);
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

const startSession = (projectId: number, key = randomUUID()) =>
  call('POST', `/projects/${projectId}/editor/sessions`, { headers: { 'idempotency-key': key } });
const advanceClock = async (ms: number) =>
  expect((await sandbox.admin('POST', '/_sandbox/clock', { advanceMs: ms })).status).toBe(200);

describe('editor sessions', () => {
  it('start with the editor URL and the current revision; a retry with the same key gives the same session', async () => {
    const projectId = await editor.createProject('Session');
    const key = randomUUID();
    const before = Date.now();
    const started = await startSession(projectId, key);
    expect(started.status).toBe(201);
    const session = started.body.data;
    expect(session).toMatchObject({ projectId, revision: 'r0', reconnectedAt: null });
    expect(session.editorUrl).toBe(`${sandbox.origin}/api/v1/editor/sessions/${session.id}/open`);
    const lifetime = Date.parse(session.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(29 * 60_000);
    expect(lifetime).toBeLessThan(31 * 60_000);

    const again = await startSession(projectId, key);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(session.id);
    expect((await startSession(projectId)).body.data.id).not.toBe(session.id);
  });

  it('reconnect extends the session and reports the revision the timeline moved to', async () => {
    const projectId = await editor.createProject('Reconnect');
    const session = (await startSession(projectId)).body.data;
    const timeline = await editor.timeline(projectId);
    await editor.apply(projectId, timeline.revision, [
      { type: 'updateTrack', trackId: trackOf(timeline, 'video').id, muted: true },
    ]);
    await advanceClock(10 * 60_000);

    const res = await call('POST', `/projects/${projectId}/editor/sessions/${session.id}/reconnect`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: session.id, revision: 'r1', reconnectedAt: expect.any(String) });
    expect(Date.parse(res.body.data.expiresAt) - Date.parse(session.expiresAt)).toBeGreaterThanOrEqual(10 * 60_000);
  });

  it('refuses to reconnect to an unknown session (404) or an expired one (409 editor.session_expired)', async () => {
    const projectId = await editor.createProject('Expiry');
    const unknown = await call('POST', `/projects/${projectId}/editor/sessions/${randomUUID()}/reconnect`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('resource.not_found');

    const session = (await startSession(projectId)).body.data;
    await advanceClock(31 * 60_000);
    const expired = await call('POST', `/projects/${projectId}/editor/sessions/${session.id}/reconnect`);
    expect(expired.status).toBe(409);
    expect(expired.body.error.code).toBe('editor.session_expired');
    expect(expired.body.error.message).toContain(`/projects/${projectId}/editor/sessions`);
  });

  it('opens the editor URL only in a signed-in browser: no cookie or an API key gets 401', async () => {
    const projectId = await editor.createProject('Open <me>');
    const { editorUrl } = (await startSession(projectId)).body.data;

    const anonymous = await fetch(editorUrl);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as any).error.code).toBe('auth.session_required');
    const withKey = await fetch(editorUrl, { headers: { authorization: `Bearer ${sandbox.apiKey}` } });
    expect(withKey.status).toBe(401);

    const browser = await signIn(sandbox);
    const page = await fetch(editorUrl, { headers: { cookie: browser.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Open &#60;me&#62;');
    expect(html).not.toContain('<me>');
  });
});

describe('media sync', () => {
  it("lists the project's uploaded media as the editor's media bin, and only what is new when given since", async () => {
    const projectId = await editor.createProject('Media bin');
    const other = await editor.createProject('Not this one');
    const [mp4, wav, png] = await Promise.all([makeMp4(fixtures.dir), makeWav(fixtures.dir), makePng(fixtures.dir)]);
    const uploaded = [
      await editor.upload(mp4, projectId),
      await editor.upload(wav, projectId),
      await editor.upload(png, projectId),
    ];
    await editor.upload(mp4, other);

    const sync = await call('POST', `/projects/${projectId}/editor/media-sync`);
    expect(sync.status).toBe(200);
    const bin = sync.body.data;
    expect(bin).toMatchObject({ projectId, revision: 'r0', syncedAt: expect.any(String) });
    expect(bin.assets.map((a: any) => [a.id, a.kind, a.attached, a.usableOn])).toEqual([
      [uploaded[2]!.id, 'image', false, ['video']],
      [uploaded[1]!.id, 'audio', false, ['audio']],
      [uploaded[0]!.id, 'video', false, ['video', 'audio']],
    ]);
    expect(bin.assets[2]).toMatchObject({ durationMs: 1000, contentType: 'video/mp4', projectId });

    const later = await editor.upload(await makeMp4(fixtures.dir), projectId);
    const delta = await call('POST', `/projects/${projectId}/editor/media-sync`, { body: { since: bin.syncedAt } });
    expect(delta.status).toBe(200);
    expect(delta.body.data.assets.map((a: any) => a.id)).toEqual([later.id]);

    const bad = await call('POST', `/projects/${projectId}/editor/media-sync`, { body: { since: 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('since');
  });
});
