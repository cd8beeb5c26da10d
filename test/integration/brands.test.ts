// Brands, their reusable assets, and attaching them to projects, against the real sandbox:
// a brand asset can be exported with only once it is attached (spec: "brand assets are
// reusable and must be attached to a project to be edited with").
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtureDir, makeMp4, makePng, mediaForm } from '../support/mediaFixtures.ts';
import {
  apiClient,
  startSandboxProcess,
  waitForJob,
  type ApiCall,
  type RunningSandbox,
} from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
let fixtures: ReturnType<typeof makeFixtureDir>;
let files: { png: string; mp4: string };

beforeAll(async () => {
  fixtures = makeFixtureDir();
  const [started, png, mp4] = await Promise.all([
    startSandboxProcess(),
    makePng(fixtures.dir),
    makeMp4(fixtures.dir, { seconds: 1 }),
  ]);
  sandbox = started;
  files = { png, mp4 };
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
}, 30_000);
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures?.cleanup();
});

const uploadTo = (fields: Record<string, number>, path = files.mp4) =>
  call('POST', '/assets', { form: mediaForm(path, fields) });
const exportOf = (projectId: number, assetId: number) =>
  call('POST', '/exports', { body: { projectId, clips: [{ assetId }] }, headers: { 'idempotency-key': randomUUID() } });

describe('brands', () => {
  it('lists the seeded brand, creates one, and reads it back', async () => {
    const list = await call('GET', '/brands');
    expect(list.status).toBe(200);
    expect(list.body.data.map((b: any) => b.name)).toContain('Demo brand');
    expect(list.body.pagination).toEqual({ nextCursor: null });

    const made = await call('POST', '/brands', { body: { name: '  Autumn campaign  ' } });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'Autumn campaign' });
    expect((await call('GET', `/brands/${made.body.data.id}`)).body.data).toEqual(made.body.data);
    expect((await call('GET', '/brands?limit=1')).body.data[0].id).toBe(made.body.data.id);
  });

  it('refuses a brand without a name or with one too long, and answers 404 for an unknown brand', async () => {
    for (const name of ['   ', 'x'.repeat(121)]) {
      const res = await call('POST', '/brands', { body: { name } });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('name');
    }
    expect((await call('GET', '/brands/987654')).body.error.code).toBe('resource.not_found');
    expect((await call('GET', '/brands/987654/assets')).status).toBe(404);
  });

  it("lists a brand's assets, page by page", async () => {
    const brandId = (await call('POST', '/brands', { body: { name: 'Paged' } })).body.data.id;
    const first = (await uploadTo({ brandId }, files.png)).body.data;
    const second = (await uploadTo({ brandId })).body.data;
    expect(first.brandId).toBe(brandId);
    const page = await call('GET', `/brands/${brandId}/assets?limit=1`);
    expect(page.body.data.map((a: any) => a.id)).toEqual([second.id]);
    const next = await call('GET', `/brands/${brandId}/assets?limit=1&after=${page.body.pagination.nextCursor}`);
    expect(next.body.data.map((a: any) => a.id)).toEqual([first.id]);
    expect(next.body.pagination.nextCursor).toBeNull();
  });
});

describe('attaching brand assets to projects', () => {
  it('makes a brand asset usable in the project: refused by an export before, accepted after, refused again once detached', async () => {
    const projectId = (await call('POST', '/projects', { body: { name: 'Brand film' } })).body.data.id;
    const brandAsset = (await uploadTo({ brandId: 1 })).body.data;

    const before = await exportOf(projectId, brandAsset.id);
    expect(before.status).toBe(400);
    expect(before.body.error.code).toBe('export.media_not_in_project');

    const attached = await call('POST', `/projects/${projectId}/attachments`, { body: { assetId: brandAsset.id } });
    expect(attached.status).toBe(201);
    expect(attached.body.data).toMatchObject({
      projectId,
      assetId: brandAsset.id,
      asset: { id: brandAsset.id, brandId: 1 },
    });
    const again = await call('POST', `/projects/${projectId}/attachments`, { body: { assetId: brandAsset.id } });
    expect(again.status).toBe(200);
    expect(again.body.data.attachedAt).toBe(attached.body.data.attachedAt);
    const list = await call('GET', `/projects/${projectId}/attachments`);
    expect(list.body.data.map((a: any) => a.assetId)).toEqual([brandAsset.id]);

    const accepted = await exportOf(projectId, brandAsset.id);
    expect(accepted.status).toBe(202);
    const done = await waitForJob(call, `/exports/${accepted.body.data.id}`);
    expect(done.state).toBe('completed');

    const detached = await call('DELETE', `/projects/${projectId}/attachments/${brandAsset.id}`);
    expect(detached.status).toBe(200);
    expect((await call('GET', `/projects/${projectId}/attachments`)).body.data).toEqual([]);
    expect((await exportOf(projectId, brandAsset.id)).body.error.code).toBe('export.media_not_in_project');
    expect((await call('DELETE', `/projects/${projectId}/attachments/${brandAsset.id}`)).status).toBe(404);
  });

  it("refuses to attach a project's own media or an unknown asset, saying why", async () => {
    const projectId = (await call('POST', '/projects', { body: { name: 'Own media' } })).body.data.id;
    const own = (await uploadTo({ projectId }, files.png)).body.data;
    const projectMedia = await call('POST', `/projects/${projectId}/attachments`, { body: { assetId: own.id } });
    expect(projectMedia.status).toBe(400);
    expect(projectMedia.body.error.code).toBe('attachment.not_brand_asset');
    expect(projectMedia.body.error.message).toContain(`project ${projectId}`);
    const unknown = await call('POST', `/projects/${projectId}/attachments`, { body: { assetId: 987654 } });
    expect(unknown.body.error.code).toBe('attachment.not_brand_asset');
    expect(unknown.body.error.message).toContain('does not exist');
    const wrongProject = await call('POST', '/projects/987654/attachments', { body: { assetId: own.id } });
    expect(wrongProject.status).toBe(404);
  });
});
