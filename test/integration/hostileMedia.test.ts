// Issue 22, items 2 and 7: a file that is small on disk and huge once decoded is refused on what
// it declares, before anything decodes it (413 media.limit_exceeded naming the limit); what the
// service does probe runs at most two at a time under an address-space cap; and media whose
// header promises what its data cannot give is refused 415 "cannot be decoded" instead of being
// stored with a size of 0×0. Through POST /assets and the resumable upload alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredPng, sampleClaimMp4 } from '../support/craftedMedia.ts';
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { addressSpaceLimit, commandOf, descendants } from '../support/processTree.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
let projectId: number;
const fixtures = makeFixtureDir();

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  projectId = (await call('POST', '/projects', { body: { name: 'Bombs' } })).body.data.id;
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

function upload(bytes: Buffer, filename: string) {
  const form = new FormData();
  form.append('projectId', String(projectId));
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  return call('POST', '/assets', { form });
}

/** The same bytes through the resumable upload, in one PATCH: its answer. */
async function uploadResumably(bytes: Buffer, filename: string, filetype: string) {
  const tus = { authorization: `Bearer ${sandbox.apiKey}`, 'tus-resumable': '1.0.0' };
  const meta = [`filename ${btoa(filename)}`, `filetype ${btoa(filetype)}`, `projectId ${btoa(String(projectId))}`];
  const created = await fetch(`${sandbox.createBaseUrl}/uploads`, {
    method: 'POST',
    headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': meta.join(',') },
  });
  expect(created.status).toBe(201);
  const res = await fetch(created.headers.get('location')!, {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: JSON.parse((await res.text()) || '{}') };
}

const assetCount = async () => (await (await sandbox.admin('GET', '/_sandbox/stats')).json()).data.assets as number;

describe('a decompression bomb', () => {
  it('a PNG declaring 16000×16000 16-bit RGBA is refused 413 on its header, by either upload', async () => {
    const before = await assetCount();
    const bomb = declaredPng(16_000, 16_000, { bitDepth: 16 });
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload(bomb, 'bomb.png');
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body.error.code).toBe('media.limit_exceeded');
    expect(res.body.error.message).toMatch(/16000×16000 .*8192²/);
    const resumable = await uploadResumably(bomb, 'bomb.png', 'image/png');
    expect(resumable.status).toBe(413);
    expect(resumable.body.error.code).toBe('media.limit_exceeded');
    expect(await assetCount()).toBe(before);
  });

  it('a picture wider than 16384 pixels is refused 413 naming the limit per side', async () => {
    const res = await upload(declaredPng(20_000, 8), 'wide.png');
    expect(res.status).toBe(413);
    expect(res.body.error.message).toMatch(/20000×8 .*16384 pixels per side/);
  });

  it('an MP4 whose sample table claims 50 million samples in 3 s is refused 413, not stored as a 3 s video', async () => {
    const before = await assetCount();
    const bomb = await sampleClaimMp4(fixtures.dir);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload(bomb, 'claims.mp4');
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body.error.code).toBe('media.limit_exceeded');
    expect(res.body.error.message).toMatch(/50000000 samples in 3\.\d+ s; the most taken is \d+ samples per second/);
    const resumable = await uploadResumably(bomb, 'claims.mp4', 'video/mp4');
    expect(resumable.status).toBe(413);
    expect(await assetCount()).toBe(before);
  });

  it('probes run two at a time at most, each under the 1.5 GiB address-space cap', async () => {
    const clip = await makeMp4(fixtures.dir, { seconds: 1 });
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(clip);
    const seen = new Map<number, { name: string; limit: number | null }>();
    let most = 0;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const media = descendants(sandbox.pid)
          .map((pid) => ({ pid, ...commandOf(pid) }))
          .filter((p) => p.name === 'ffprobe' || p.name === 'ffmpeg');
        most = Math.max(most, media.length);
        for (const p of media) if (!seen.has(p.pid)) seen.set(p.pid, { name: p.name, limit: addressSpaceLimit(p.pid) });
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(bytes, `clip-${i}.mp4`)));
    watching = false;
    await watcher;
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(seen.size).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
    for (const { limit } of seen.values()) if (limit !== null) expect(limit).toBe(1536 * 1024 * 1024);
    expect([...seen.values()].some((p) => p.limit === 1536 * 1024 * 1024)).toBe(true);
    // Probed once per upload, not twice: the asset store reuses the upload's probe.
    expect([...seen.values()].filter((p) => p.name === 'ffprobe').length).toBeLessThanOrEqual(8);
  });
});

describe('media that cannot be decoded', () => {
  it('a 74-byte PNG claiming 100000×100000 is refused, not stored as 0×0', async () => {
    const tiny = declaredPng(100_000, 100_000, { idat: Buffer.alloc(0) });
    expect(tiny.length).toBeLessThan(80);
    const res = await upload(tiny, 'tiny.png');
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('media.limit_exceeded');
  });

  it('a PNG whose pixels are garbage is refused 415 saying it cannot be decoded, by either upload', async () => {
    const before = await assetCount();
    const garbage = declaredPng(100, 100, { idat: Buffer.from('this is not deflate data at all, only words') });
    const res = await upload(garbage, 'garbage.png');
    expect(res.status, JSON.stringify(res.body)).toBe(415);
    expect(res.body.error.code).toBe('media.unsupported_type');
    expect(res.body.error.message).toMatch(/cannot be decoded/);
    const resumable = await uploadResumably(garbage, 'garbage.png', 'image/png');
    expect(resumable.status).toBe(415);
    expect(resumable.body.error.message).toMatch(/cannot be decoded.*discarded/);
    expect(await assetCount()).toBe(before);
  });
});
