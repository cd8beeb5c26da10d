// Projects, pagination and path identifiers (spec: projects rows, rule 1, Limits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
});
afterAll(() => sandbox?.stop({ removeData: true }));

const create = (body: unknown) => call('POST', '/projects', { body });

describe('projects', () => {
  it('a new project has one empty scene and the aspect ratio given', async () => {
    const res = await create({ name: '  Trailer  ', aspectRatio: '9:16' });
    expect(res.status).toBe(201);
    const project = res.body.data;
    expect(project).toMatchObject({ name: 'Trailer', aspectRatio: '9:16' });
    expect(project.id).toBeGreaterThanOrEqual(1);
    expect(project.scenes).toHaveLength(1);
    expect(project.scenes[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(project.updatedAt).toBe(project.createdAt);
    expect((await call('GET', `/projects/${project.id}`)).body.data).toEqual(project);
  });

  it('names must be 1 to 120 characters; unknown fields and bad ratios are refused with the field named', async () => {
    expect((await create({ name: 'x'.repeat(120) })).status).toBe(201);
    for (const [body, field] of [
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: '   ' }, 'name'],
      [{}, 'name'],
      [{ name: 'ok', aspectRatio: 'wide' }, 'aspectRatio'],
      [{ name: 'ok', colour: 'red' }, 'colour'],
    ] as const) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('request.invalid');
      expect(res.body.error.message).toContain(field);
    }
  });

  it('rename needs the current revision; a stale one is 409 with what is there now', async () => {
    const project = (await create({ name: 'Draft' })).body.data;
    const first = await call('PATCH', `/projects/${project.id}`, {
      body: { name: 'Final', revision: project.updatedAt },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.name).toBe('Final');
    expect(first.body.data.updatedAt).not.toBe(project.updatedAt);

    const stale = await call('PATCH', `/projects/${project.id}`, {
      body: { name: 'Mine', revision: project.updatedAt },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('revision.conflict');
    expect(stale.body.error.currentRevision).toBe(first.body.data.updatedAt);
    expect(stale.body.error.current.name).toBe('Final');
    expect((await call('GET', `/projects/${project.id}`)).body.data.name).toBe('Final');

    // Recover: read the latest revision and apply the rename again.
    const retry = await call('PATCH', `/projects/${project.id}`, {
      body: { name: 'Mine', revision: stale.body.error.currentRevision },
    });
    expect(retry.status).toBe(200);
  });

  it('rename takes exactly name and revision', async () => {
    const project = (await create({ name: 'Strict' })).body.data;
    const extra = await call('PATCH', `/projects/${project.id}`, {
      body: { name: 'A', revision: project.updatedAt, aspectRatio: '1:1' },
    });
    expect(extra.status).toBe(400);
    const missing = await call('PATCH', `/projects/${project.id}`, { body: { name: 'A' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('revision');
  });

  it('path IDs outside 1..2147483647 are 400; unknown ones are 404', async () => {
    for (const id of ['0', '2147483648', 'abc', '-1', '1.5']) {
      const res = await call('GET', `/projects/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.error.code).toBe('request.invalid_id');
    }
    const unknown = await call('GET', '/projects/2147483647');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('resource.not_found');
  });
});

describe('pagination', () => {
  it('walks every project newest first with nextCursor, ending in null', async () => {
    const fresh = await startSandboxProcess();
    try {
      const c = apiClient(fresh.createBaseUrl, fresh.apiKey);
      const ids: number[] = [];
      for (let i = 0; i < 7; i++) ids.push((await c('POST', '/projects', { body: { name: `P${i}` } })).body.data.id);
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await c('GET', `/projects?limit=3${cursor ? `&after=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.body.data.length).toBeLessThanOrEqual(3);
        seen.push(...res.body.data.map((p: any) => p.id));
        cursor = res.body.pagination.nextCursor;
        pages++;
      } while (cursor !== null);
      expect(pages).toBe(3);
      expect(seen).toEqual([...ids].reverse());
      const defaultPage = await c('GET', '/projects');
      expect(defaultPage.body.data).toHaveLength(7);
      expect(defaultPage.body.pagination.nextCursor).toBeNull();
      const one = await c('GET', `/projects?projectId=${ids[2]}`);
      expect(one.body.data.map((p: any) => p.id)).toEqual([ids[2]]);
    } finally {
      await fresh.stop({ removeData: true });
    }
  });

  it('refuses page sizes outside 1..100 and non-numeric cursors', async () => {
    for (const q of ['limit=0', 'limit=101', 'limit=ten', 'after=0', 'after=x']) {
      const res = await call('GET', `/projects?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe('request.invalid');
    }
    expect((await call('GET', '/projects?limit=100')).status).toBe(200);
  });
});

describe('persistence', () => {
  it('projects survive a restart of the sandbox', async () => {
    const fresh = await startSandboxProcess();
    const c = apiClient(fresh.createBaseUrl, fresh.apiKey);
    const project = (await c('POST', '/projects', { body: { name: 'Keep me' } })).body.data;
    const again = await fresh.restart();
    try {
      expect(again.apiKey).toBe(fresh.apiKey);
      const res = await apiClient(again.createBaseUrl, again.apiKey)('GET', `/projects/${project.id}`);
      expect(res.body.data).toEqual(project);
    } finally {
      await again.stop({ removeData: true });
    }
  });
});
