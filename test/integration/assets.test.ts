// Media assets against the real sandbox over HTTP, with real files made by ffmpeg.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import {
  makeFixtureDir,
  makeJpeg,
  makeMp4,
  makePng,
  makeWav,
  mediaForm,
  sha256OfFile,
} from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

const MiB = 1024 * 1024;

let sandbox: RunningSandbox;
let call: ApiCall;
let fixtures: ReturnType<typeof makeFixtureDir>;
let files: { png: string; jpeg: string; mp4: string; wav: string };
let projectId: number;
let otherProjectId: number;
const BRAND_ID = 1; // the sandbox seeds one brand in the default account

beforeAll(async () => {
  fixtures = makeFixtureDir();
  const { dir } = fixtures;
  const [started, png, jpeg, mp4, wav] = await Promise.all([
    startSandboxProcess(),
    makePng(dir, { width: 64, height: 48 }),
    makeJpeg(dir, { width: 80, height: 60 }),
    makeMp4(dir, { seconds: 1, width: 160, height: 90 }),
    makeWav(dir, { seconds: 0.5 }),
  ]);
  sandbox = started;
  files = { png, jpeg, mp4, wav };
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  projectId = (await call('POST', '/projects', { body: { name: 'Assets' } })).body.data.id;
  otherProjectId = (await call('POST', '/projects', { body: { name: 'Other' } })).body.data.id;
}, 30_000);
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures?.cleanup();
});

function upload(path: string, fields: Record<string, string | number>, filename?: string) {
  return call('POST', '/assets', { form: mediaForm(path, fields, filename) });
}

/** The files in the sandbox's media folder (what it keeps on disk). */
function storedFiles(): string[] {
  return readdirSync(join(sandbox.dataDir, 'media')).sort();
}

/** A file made of `head` followed by zeros, `size` bytes long. */
function padded(head: Buffer, size: number, name: string): string {
  const bytes = Buffer.alloc(size);
  head.copy(bytes);
  const path = join(fixtures.dir, name);
  writeFileSync(path, bytes);
  return path;
}

/**
 * Streams a multipart upload of `head` + zeros (`fileBytes` in all) with node:http, stopping
 * as soon as an answer arrives; reports how many bytes the client got to hand over.
 */
function streamUpload(head: Buffer, fileBytes: number, declareLength: boolean) {
  const boundary = 'clipdesk-test-boundary';
  const pre = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="projectId"\r\n\r\n${projectId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const post = Buffer.from(`\r\n--${boundary}--\r\n`);
  const zeros = Buffer.alloc(MiB);
  function* chunks() {
    yield pre;
    yield head;
    for (let sent = head.length; sent < fileBytes; sent += MiB)
      yield zeros.subarray(0, Math.min(MiB, fileBytes - sent));
    yield post;
  }
  return new Promise<{ status: number; body: any; bytesSent: number }>((resolve, reject) => {
    const headers: Record<string, string | number> = {
      authorization: `Bearer ${sandbox.apiKey}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    if (declareLength) headers['content-length'] = pre.length + fileBytes + post.length;
    const req = request(`${sandbox.createBaseUrl}/assets`, { method: 'POST', headers });
    let answered = false;
    let bytesSent = 0;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), bytesSent }));
    });
    // Once the server has answered and closed, further writes fail; only an error before an answer counts.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const it = chunks();
    const pump = (): void => {
      while (!answered) {
        const next = it.next();
        if (next.done) {
          req.end();
          return;
        }
        bytesSent += next.value.length;
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

describe('POST /assets', () => {
  it('stores PNG, JPEG, MP4 and WAV with their real type, size, SHA-256, dimensions and duration', async () => {
    const cases = [
      { path: files.png, kind: 'image', contentType: 'image/png', width: 64, height: 48, seconds: null },
      { path: files.jpeg, kind: 'image', contentType: 'image/jpeg', width: 80, height: 60, seconds: null },
      { path: files.mp4, kind: 'video', contentType: 'video/mp4', width: 160, height: 90, seconds: 1 },
      { path: files.wav, kind: 'audio', contentType: 'audio/wav', width: null, height: null, seconds: 0.5 },
    ];
    for (const c of cases) {
      const res = await upload(c.path, { projectId });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const asset = res.body.data;
      expect(asset).toMatchObject({
        projectId,
        brandId: null,
        kind: c.kind,
        contentType: c.contentType,
        sizeBytes: statSync(c.path).size,
        sha256: sha256OfFile(c.path),
        width: c.width,
        height: c.height,
        source: 'upload',
        filename: c.path.split('/').pop(),
      });
      if (c.seconds === null) expect(asset.durationMs).toBeNull();
      else expect(Math.abs(asset.durationMs - c.seconds * 1000)).toBeLessThanOrEqual(50);
      expect((await call('GET', `/assets/${asset.id}`)).body.data).toEqual(asset);
    }
  });

  it('takes the file before the fields, for a brand, and keeps a UTF-8 file name', async () => {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(files.png)]), 'Logo é.png');
    form.append('brandId', String(BRAND_ID));
    const res = await call('POST', '/assets', { form });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ brandId: BRAND_ID, projectId: null, kind: 'image', filename: 'Logo é.png' });
  });

  it('judges the type by the bytes: a text file named photo.png is 415, naming what it found', async () => {
    const path = join(fixtures.dir, 'photo.png');
    writeFileSync(path, 'This is a note, not a photo.\n'.repeat(20));
    const before = storedFiles();
    const res = await call('POST', '/assets', {
      form: (() => {
        const form = new FormData();
        form.append('projectId', String(projectId));
        form.append('file', new Blob([readFileSync(path)], { type: 'image/png' }), 'photo.png');
        return form;
      })(),
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('media.unsupported_type');
    expect(res.body.error.message).toContain('no known media format');
    expect(storedFiles()).toEqual(before);

    const archive = join(fixtures.dir, 'clip.mp4');
    writeFileSync(archive, gzipSync(Buffer.alloc(4096, 1)));
    const gz = await upload(archive, { projectId });
    expect(gz.status).toBe(415);
    expect(gz.body.error.message).toContain('application/gzip');
  });

  it('refuses a file that starts like an MP4 but holds nothing playable (415)', async () => {
    const ftyp = readFileSync(files.mp4).subarray(0, 32);
    expect(ftyp.subarray(4, 8).toString()).toBe('ftyp');
    const before = storedFiles();
    const res = await upload(padded(ftyp, 8192, 'broken.mp4'), { projectId });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('media.unsupported_type');
    expect(res.body.error.message).toContain('video/mp4');
    expect(storedFiles()).toEqual(before);
  });

  it('takes an image of exactly 10 MiB and refuses 10 MiB + 1 byte with 413, then serves the next request', async () => {
    const png = readFileSync(files.png);
    const exact = await upload(padded(png, CREATE_LIMITS.imageMaxBytes, 'exact.png'), { projectId });
    expect(exact.status, JSON.stringify(exact.body)).toBe(201);
    expect(exact.body.data.sizeBytes).toBe(CREATE_LIMITS.imageMaxBytes);

    const before = storedFiles();
    const res = await upload(padded(png, CREATE_LIMITS.imageMaxBytes + 1, 'over.png'), { projectId });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('upload.too_large');
    expect(res.body.error.message).toContain('10 MiB');
    expect(res.body.error.message).toContain('POST /uploads');
    expect(storedFiles()).toEqual(before);
    expect((await call('GET', '/assets?limit=1')).status).toBe(200);
  });

  it('stops reading a video as soon as it passes 100 MiB (413) and keeps nothing of it', async () => {
    const before = storedFiles();
    const total = 1024 * MiB; // the client would send 1 GiB if the server let it
    const res = await streamUpload(readFileSync(files.mp4), total, false);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('upload.too_large');
    expect(res.body.error.message).toContain('100 MiB');
    expect(res.body.error.message).toContain('POST /uploads');
    // The limit plus what socket buffers hold, far from the gigabyte offered.
    expect(res.bytesSent).toBeGreaterThan(CREATE_LIMITS.videoAudioMaxBytes);
    expect(res.bytesSent).toBeLessThan(CREATE_LIMITS.videoAudioMaxBytes + 64 * MiB);
    expect(storedFiles()).toEqual(before);
    expect((await call('GET', '/assets?limit=1')).status).toBe(200);
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const res = await streamUpload(readFileSync(files.mp4), 1024 * MiB, true);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('upload.too_large');
    expect(res.body.error.message).toContain('POST /uploads');
    expect(res.bytesSent).toBeLessThan(64 * MiB);
    expect((await call('GET', '/assets?limit=1')).status).toBe(200);
  });

  it('says which field to send when the file or the owner is wrong', async () => {
    const noFile = new FormData();
    noFile.append('projectId', String(projectId));
    const missing = await call('POST', '/assets', { form: noFile });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('request.invalid');
    expect(missing.body.error.message).toMatch(/file: missing.*"file"/);

    const both = await upload(files.png, { projectId, brandId: BRAND_ID });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toContain('not both');

    const neither = await upload(files.png, {});
    expect(neither.status).toBe(400);
    expect(neither.body.error.message).toMatch(/projectId.*brandId/);

    const zero = await upload(files.png, { projectId: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.error.message).toContain('projectId');

    const extra = await upload(files.png, { projectId, title: 'x' });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toContain('title');

    const json = await call('POST', '/assets', { body: { projectId } });
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe('request.unsupported_content_type');
    expect(json.body.error.message).toContain('multipart/form-data');
  });

  it('answers 404 for a project or brand that is not in the account', async () => {
    const before = storedFiles();
    const project = await upload(files.mp4, { projectId: CREATE_LIMITS.idMax });
    expect(project.status).toBe(404);
    expect(project.body.error.code).toBe('resource.not_found');
    expect(project.body.error.message).toContain(`project ${CREATE_LIMITS.idMax}`);
    const brand = await upload(files.mp4, { brandId: 999 });
    expect(brand.status).toBe(404);
    expect(brand.body.error.message).toContain('brand 999');
    expect(storedFiles()).toEqual(before);
  });
});

describe('GET /assets', () => {
  it('walks every asset newest first, two at a time, until nextCursor is null', async () => {
    for (const path of [files.wav, files.jpeg, files.png])
      expect((await upload(path, { projectId: otherProjectId })).status).toBe(201);
    const all = (await call('GET', '/assets?limit=100')).body.data.map((a: { id: number }) => a.id);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await call('GET', `/assets?limit=2${cursor ? `&after=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      walked.push(...res.body.data.map((a: { id: number }) => a.id));
      cursor = res.body.pagination.nextCursor;
    } while (cursor !== null);
    expect(walked).toEqual(all);
    expect(walked).toEqual([...walked].sort((a, b) => b - a));
  });

  it('filters by project and by brand', async () => {
    const other = (await call('GET', `/assets?projectId=${otherProjectId}`)).body.data;
    expect(other).toHaveLength(3);
    expect(other.every((a: { projectId: number }) => a.projectId === otherProjectId)).toBe(true);
    const brand = (await call('GET', `/assets?brandId=${BRAND_ID}`)).body.data;
    expect(brand.length).toBeGreaterThanOrEqual(1);
    expect(
      brand.every((a: { brandId: number; projectId: null }) => a.brandId === BRAND_ID && a.projectId === null),
    ).toBe(true);
    expect((await call('GET', '/assets?projectId=0')).status).toBe(400);
    expect((await call('GET', '/assets?limit=101')).status).toBe(400);
  });
});

describe('GET /assets/{id}', () => {
  it('answers 404 for an ID not in the account and 400 for IDs out of range', async () => {
    const unknown = await call('GET', `/assets/${CREATE_LIMITS.idMax}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('resource.not_found');
    for (const id of ['0', '2147483648', 'abc']) {
      const res = await call('GET', `/assets/${id}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('request.invalid_id');
    }
    expect((await call('GET', `/assets/${CREATE_LIMITS.idMax}/content`)).status).toBe(404);
  });
});

describe('GET /assets/{id}/content', () => {
  let asset: { id: number; sha256: string; sizeBytes: number };
  const get = (headers: Record<string, string> = {}, id = asset.id) =>
    fetch(`${sandbox.createBaseUrl}/assets/${id}/content`, {
      headers: { authorization: `Bearer ${sandbox.apiKey}`, ...headers },
    });

  beforeAll(async () => {
    asset = (await upload(files.mp4, { projectId }, 'Scène 1.mp4')).body.data;
  });

  it('returns the exact bytes with type, length and the file name', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(asset.sha256);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(Number(res.headers.get('content-length'))).toBe(asset.sizeBytes);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Sc%C3%A8ne%201.mp4");
  });

  it('answers a Range with exactly those bytes (206)', async () => {
    const whole = readFileSync(files.mp4);
    const res = await get({ range: 'bytes=100-1123' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-1123/${whole.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(whole.subarray(100, 1124))).toBe(true);

    const tail = await get({ range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 10))).toBe(true);

    const rest = await get({ range: `bytes=${whole.length - 5}-` });
    expect(rest.headers.get('content-range')).toBe(`bytes ${whole.length - 5}-${whole.length - 1}/${whole.length}`);
    expect(Buffer.from(await rest.arrayBuffer()).equals(whole.subarray(whole.length - 5))).toBe(true);
  });

  it('answers 416 for a range past the end, with the size in Content-Range', async () => {
    const res = await get({ range: `bytes=${asset.sizeBytes}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${asset.sizeBytes}`);
    expect((await res.json()).error.code).toBe('request.range_not_satisfiable');
  });

  it('needs credentials', async () => {
    const res = await fetch(`${sandbox.createBaseUrl}/assets/${asset.id}/content`);
    expect(res.status).toBe(401);
  });
});
