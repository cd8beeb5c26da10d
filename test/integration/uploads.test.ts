// Resumable uploads (POST /uploads, tus 1.0) against the real sandbox over HTTP, with real
// media: chunked PATCHes across a sandbox restart, tus-js-client end to end, and every refusal.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../../shared/limits.ts';
import { makeFixtureDir, makePng } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import { signIn } from '../support/session.ts';

const MiB = 1024 * 1024;
const run = promisify(execFile);

let sandbox: RunningSandbox;
let call: ApiCall;
let fixtures: ReturnType<typeof makeFixtureDir>;
let projectId: number;
/** A real MP4 of a few MB (noise does not compress), and one whose index never arrives. */
let video: Buffer;
let brokenVideo: Buffer;

async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
}

beforeAll(async () => {
  fixtures = makeFixtureDir();
  const noisy = join(fixtures.dir, 'noisy.mp4');
  const tailIndexed = join(fixtures.dir, 'tail-indexed.mp4');
  const source = [
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x360:rate=25:duration=2',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
  ];
  const encode = [
    '-vf',
    'noise=alls=60:allf=t+u',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
  ];
  const [started] = await Promise.all([
    startSandboxProcess(),
    ffmpeg([...source, ...encode, '-movflags', '+faststart', noisy]),
    // Without faststart the index (moov) comes last: cut short, the file sniffs as MP4 but cannot play.
    ffmpeg([...source, ...encode, tailIndexed]),
  ]);
  sandbox = started;
  video = readFileSync(noisy);
  brokenVideo = readFileSync(tailIndexed).subarray(0, MiB);
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  projectId = (await call('POST', '/projects', { body: { name: 'Uploads' } })).body.data.id;
}, 30_000);
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures?.cleanup();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const b64 = (value: string | number) => Buffer.from(String(value)).toString('base64');

function metadata(fields: Record<string, string | number>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');
}

function tus(key = sandbox.apiKey): Record<string, string> {
  return { authorization: `Bearer ${key}`, 'tus-resumable': '1.0.0' };
}

function create(length: number, fields: Record<string, string | number>, headers: Record<string, string> = tus()) {
  return fetch(`${sandbox.createBaseUrl}/uploads`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(length), 'upload-metadata': metadata(fields) },
  });
}

function patch(url: string, offset: number, bytes: Buffer, headers: Record<string, string> = tus()) {
  return fetch(url, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
}

const head = (url: string, headers: Record<string, string> = tus()) => fetch(url, { method: 'HEAD', headers });

/** Creates an upload of `bytes` for the project and returns its URL. */
async function started(bytes: Buffer, name = 'clip.mp4'): Promise<string> {
  const res = await create(bytes.length, { filename: name, filetype: 'video/mp4', projectId });
  expect(res.status).toBe(201);
  return res.headers.get('location')!;
}

/** Sends bytes [from, to) in chunks, checking each offset; returns the last answer. */
async function sendRange(url: string, bytes: Buffer, from: number, to: number, chunk = MiB): Promise<Response> {
  let res: Response | undefined;
  for (let offset = from; offset < to; offset += chunk) {
    const end = Math.min(offset + chunk, to);
    res = await patch(url, offset, bytes.subarray(offset, end));
    expect(res.status, await res.clone().text()).toBe(204);
    expect(res.headers.get('upload-offset')).toBe(String(end));
  }
  return res!;
}

const assetCount = async () => (await (await sandbox.admin('GET', '/_sandbox/stats')).json()).data.assets as number;

describe('tus discovery', () => {
  it('OPTIONS advertises tus 1.0.0, its extensions, the 2 GiB maximum and the checksum algorithms, without credentials', async () => {
    const res = await fetch(`${sandbox.createBaseUrl}/uploads`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    expect(res.headers.get('tus-extension')!.split(',')).toEqual(
      expect.arrayContaining(['creation', 'expiration', 'termination', 'checksum']),
    );
    expect(Number(res.headers.get('tus-max-size'))).toBe(UPLOAD_LIMITS.resumableMaxBytes);
    expect(res.headers.get('tus-checksum-algorithm')).toContain('sha1');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('a resumable upload', () => {
  it('survives a sandbox restart: HEAD gives the offset, the rest completes it, and the asset is byte-identical', async () => {
    expect(video.length).toBeGreaterThan(3 * MiB);
    const url = await started(video, 'noisy.mp4');
    expect(url).toMatch(new RegExp(`^${sandbox.createBaseUrl}/uploads/[0-9a-f]{32}$`));

    const sent = 2 * MiB;
    const partial = await sendRange(url, video, 0, sent);
    expect(partial.headers.get('tus-resumable')).toBe('1.0.0');
    expect(Date.parse(partial.headers.get('upload-expires')!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(partial.headers.get('clipdesk-asset-id')).toBeNull();

    // The client stops sending; the sandbox goes down and comes back on the same data and port.
    sandbox = await sandbox.restart();
    call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);

    const resumed = await head(url);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('upload-offset')).toBe(String(sent));
    expect(resumed.headers.get('upload-length')).toBe(String(video.length));
    expect(resumed.headers.get('cache-control')).toBe('no-store');

    const wrong = await patch(url, 0, video.subarray(0, MiB));
    expect(wrong.status).toBe(409);
    const conflict = await wrong.json();
    expect(conflict.error.code).toBe('upload.offset_mismatch');
    expect(conflict.error.uploadOffset).toBe(sent);
    expect((await head(url)).headers.get('upload-offset')).toBe(String(sent));

    const early = await call('GET', `/uploads/${url.split('/').pop()}/asset`);
    expect(early.status).toBe(404);
    expect(early.body.error.code).toBe('upload.incomplete');
    expect(early.body.error.uploadOffset).toBe(sent);

    const last = await sendRange(url, video, sent, video.length);
    const assetId = Number(last.headers.get('clipdesk-asset-id'));
    expect(assetId).toBeGreaterThan(0);
    expect(last.headers.get('upload-expires')).toBeNull();

    const asset = (await call('GET', `/assets/${assetId}`)).body.data;
    expect(asset).toMatchObject({
      projectId,
      kind: 'video',
      contentType: 'video/mp4',
      filename: 'noisy.mp4',
      source: 'upload',
      sizeBytes: video.length,
    });
    expect(asset.sha256).toBe(sha256(video));
    const content = await fetch(`${sandbox.createBaseUrl}/assets/${assetId}/content`, {
      headers: { authorization: `Bearer ${sandbox.apiKey}` },
    });
    expect(sha256(Buffer.from(await content.arrayBuffer()))).toBe(sha256(video));

    // A client that lost the last answer can still learn the asset, and HEAD says "complete".
    expect((await call('GET', `/uploads/${url.split('/').pop()}/asset`)).body.data.id).toBe(assetId);
    expect((await head(url)).headers.get('upload-offset')).toBe(String(video.length));
  });

  it('works end to end with tus-js-client', async () => {
    const headerAssetIds: string[] = [];
    const upload = await new Promise<Upload>((resolve, reject) => {
      const client: Upload = new Upload(video, {
        endpoint: `${sandbox.createBaseUrl}/uploads`,
        chunkSize: 2 * MiB,
        retryDelays: [],
        headers: { authorization: `Bearer ${sandbox.apiKey}` },
        metadata: { filename: 'from-client.mp4', filetype: 'video/mp4', projectId: String(projectId) },
        onAfterResponse(_req, res) {
          const id = res.getHeader('Clipdesk-Asset-Id');
          if (id) headerAssetIds.push(id);
        },
        onSuccess: () => resolve(client),
        onError: reject,
      });
      client.start();
    });
    expect(headerAssetIds).toHaveLength(1);
    const uploadId = upload.url!.split('/').pop();
    const asset = (await call('GET', `/uploads/${uploadId}/asset`)).body.data;
    expect(asset.id).toBe(Number(headerAssetIds[0]));
    expect(asset).toMatchObject({ filename: 'from-client.mp4', sha256: sha256(video), projectId });
  });

  it('takes a chunk whose Upload-Checksum matches and discards one that does not (460)', async () => {
    const png = readFileSync(await makePng(fixtures.dir, { width: 320, height: 240 }));
    const res = await create(png.length, { filename: 'still.png', filetype: 'image/png', projectId });
    const url = res.headers.get('location')!;
    const half = Math.floor(png.length / 2);
    const digest = (bytes: Buffer) => createHash('sha1').update(bytes).digest('base64');

    const bad = await patch(url, 0, png.subarray(0, half), {
      ...tus(),
      'upload-checksum': `sha1 ${digest(Buffer.from('other bytes'))}`,
    });
    expect(bad.status).toBe(460);
    expect((await bad.json()).error.code).toBe('upload.checksum_mismatch');
    expect((await head(url)).headers.get('upload-offset')).toBe('0');

    const unknown = await patch(url, 0, png.subarray(0, half), { ...tus(), 'upload-checksum': `crc99 ${digest(png)}` });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toContain('sha1');

    const good = await patch(url, 0, png.subarray(0, half), {
      ...tus(),
      'upload-checksum': `sha1 ${digest(png.subarray(0, half))}`,
    });
    expect(good.status).toBe(204);
    const rest = await patch(url, half, png.subarray(half), {
      ...tus(),
      'upload-checksum': `sha1 ${digest(png.subarray(half))}`,
    });
    expect(rest.status).toBe(204);
    const asset = (await call('GET', `/assets/${rest.headers.get('clipdesk-asset-id')}`)).body.data;
    expect(asset).toMatchObject({
      kind: 'image',
      contentType: 'image/png',
      width: 320,
      height: 240,
      sha256: sha256(png),
    });
  });

  it('is terminated by DELETE: its bytes are gone and it answers 404 from then on', async () => {
    const url = await started(video);
    await sendRange(url, video, 0, MiB);
    const deleted = await fetch(url, { method: 'DELETE', headers: tus() });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('tus-resumable')).toBe('1.0.0');
    expect((await head(url)).status).toBe(404);
    const more = await patch(url, MiB, video.subarray(MiB, 2 * MiB));
    expect(more.status).toBe(404);
    expect((await more.json()).error.code).toBe('resource.not_found');
  });
});

describe('creation checks the request before any byte', () => {
  const good = () => ({ filename: 'a.mp4', filetype: 'video/mp4', projectId });

  it('refuses metadata without a filename or filetype, or without exactly one of projectId and brandId, naming the key', async () => {
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ filetype: 'video/mp4', projectId }, /filename/],
      [{ filename: 'a.mp4', projectId }, /filetype/],
      [{ filename: 'a.mp4', filetype: 'video/mp4', projectId, brandId: 1 }, /projectId and brandId/],
      [{ filename: 'a.mp4', filetype: 'video/mp4' }, /projectId .*brandId/],
      [{ filename: 'a.mp4', filetype: 'video/mp4', projectId: 'seven' }, /projectId/],
    ];
    for (const [fields, message] of cases) {
      const res = await create(1000, fields);
      const body = await res.json();
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(body.error.code).toBe('request.invalid');
      expect(body.error.message).toMatch(message);
      expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    }
  });

  it('answers 404 for a project or brand that is not in the account', async () => {
    const cases: Record<string, string | number>[] = [
      { ...good(), projectId: 987654 },
      { filename: 'a.mp4', filetype: 'video/mp4', brandId: 987654 },
    ];
    for (const fields of cases) {
      const res = await create(1000, fields);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('resource.not_found');
    }
  });

  it('needs Tus-Resumable: 1.0.0 (412) and Upload-Length (400)', async () => {
    const missing = await create(1000, good(), { authorization: `Bearer ${sandbox.apiKey}` });
    expect(missing.status).toBe(412);
    expect((await missing.json()).error.code).toBe('upload.tus_version_unsupported');
    const old = await create(1000, good(), { ...tus(), 'tus-resumable': '0.2.2' });
    expect(old.status).toBe(412);
    expect(old.headers.get('tus-version')).toBe('1.0.0');
    const noLength = await fetch(`${sandbox.createBaseUrl}/uploads`, {
      method: 'POST',
      headers: { ...tus(), 'upload-metadata': metadata(good()) },
    });
    expect(noLength.status).toBe(400);
    expect((await noLength.json()).error.message).toContain('Upload-Length');
  });

  it('accepts files larger than POST /assets takes, up to 2 GiB, and refuses larger ones with 413', async () => {
    const large = await create(150 * MiB, good());
    expect(large.status).toBe(201);
    expect((await head(large.headers.get('location')!)).headers.get('upload-length')).toBe(String(150 * MiB));
    expect((await fetch(large.headers.get('location')!, { method: 'DELETE', headers: tus() })).status).toBe(204);

    const tooLarge = await create(UPLOAD_LIMITS.resumableMaxBytes + 1, good());
    expect(tooLarge.status).toBe(413);
    const body = await tooLarge.json();
    expect(body.error.code).toBe('upload.too_large');
    expect(body.error.message).toContain('2 GiB');
  });
});

describe('what is uploaded', () => {
  it('refuses content that is not media as soon as its first bytes are in, and makes no asset', async () => {
    const before = await assetCount();
    const junk = randomBytes(4 * MiB);
    const url = await started(junk, 'not-a-video.mp4');
    const res = await patch(url, 0, junk.subarray(0, 100 * 1024));
    expect(res.status).toBe(415);
    const body = await res.json();
    expect(body.error.code).toBe('media.unsupported_type');
    expect(body.error.message).toContain('judged from the file');
    // The refusal is the upload's answer from then on, and no asset was made.
    expect((await head(url)).status).toBe(415);
    expect((await call('GET', `/uploads/${url.split('/').pop()}/asset`)).body.error.code).toBe(
      'media.unsupported_type',
    );
    expect(await assetCount()).toBe(before);
  });

  it('refuses at the last byte a file that looks like MP4 but cannot play, and makes no asset', async () => {
    const before = await assetCount();
    const url = await started(brokenVideo, 'cut-short.mp4');
    await sendRange(url, brokenVideo, 0, brokenVideo.length / 2);
    const last = await patch(url, brokenVideo.length / 2, brokenVideo.subarray(brokenVideo.length / 2));
    expect(last.status).toBe(415);
    expect((await last.json()).error.message).toContain('no playable media');
    expect(await assetCount()).toBe(before);
  });
});

describe('who may use an upload', () => {
  it('needs an API key (401 without), and any key of the same account may continue it', async () => {
    const noKey = await create(
      1000,
      { filename: 'a.mp4', filetype: 'video/mp4', projectId },
      { 'tus-resumable': '1.0.0' },
    );
    expect(noKey.status).toBe(401);
    const url = await started(video);
    await sendRange(url, video, 0, MiB);
    expect((await head(url, { 'tus-resumable': '1.0.0' })).status).toBe(401);

    const session = await signIn(sandbox);
    const otherKey = (await session.call('POST', '/keys', { body: { name: 'second machine', expiresInDays: 5 } })).body
      .data.token;
    const resumed = await head(url, tus(otherKey));
    expect(resumed.headers.get('upload-offset')).toBe(String(MiB));
    const more = await patch(url, MiB, video.subarray(MiB, 2 * MiB), tus(otherKey));
    expect(more.status).toBe(204);
  });

  it('an unfinished upload expires 24 hours after its last bytes (sandbox clock): 410', async () => {
    const url = await started(video);
    await sendRange(url, video, 0, MiB);
    await sandbox.admin('POST', '/_sandbox/clock', { advanceMs: 23 * 3_600_000 });
    // A chunk pushes the expiry out again.
    expect((await patch(url, MiB, video.subarray(MiB, 2 * MiB))).status).toBe(204);
    await sandbox.admin('POST', '/_sandbox/clock', { advanceMs: 23 * 3_600_000 });
    expect((await head(url)).status).toBe(200);
    await sandbox.admin('POST', '/_sandbox/clock', { advanceMs: 2 * 3_600_000 });
    const expired = await head(url);
    expect(expired.status).toBe(410);
    const more = await patch(url, 2 * MiB, video.subarray(2 * MiB, 3 * MiB));
    expect(more.status).toBe(410);
    expect((await more.json()).error.code).toBe('upload.expired');
  });
});
