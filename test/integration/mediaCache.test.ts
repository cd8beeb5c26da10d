// The media cache against the real sandbox: an asset's content copied once (a second look,
// and a restart, read nothing from the service), resumed from the byte it reached after a
// drop (Range + If-Range), started again when its version changed, thrown away when it
// does not hash to its ETag; a 720p proxy with short GOPs made once for a 1080p source,
// with progress; eviction by last use, oldest first, never what is in use; offline, what is
// cached still plays and what is not says why. Files 0600, folders 0700. Served to the page
// by the app itself (browser mode's server, the Electron protocol) in byte ranges.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionLost, AppFailure } from '../../shared/appError.ts';
import type { PreviewMedia } from '../../shared/preview/previewMedia.ts';
import { startBrowserServer } from '../../main/browserMode/browserServer.ts';
import { createApiClient, type CreateApiClient } from '../../main/core/api/createApiClient.ts';
import { createEventBus } from '../../main/core/app/eventBus.ts';
import { mediaResponse } from '../../main/electron/mediaResponse.ts';
import type { HttpDownload } from '../../main/core/api/httpClient.ts';
import { createMediaCache, PIN_MS, type MediaCacheOptions } from '../../main/core/mediaCache/mediaCache.ts';
import { createRateBudget } from '../../main/core/rate/rateBudget.ts';
import { makeFixtureDir, makeMp4, makeWav, mediaForm, sha256OfFile } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let client: CreateApiClient;
let fixtures: { dir: string; cleanup(): void };
const files: Record<'clip' | 'tone' | 'big' | 'other' | 'untagged' | 'alpha', { id: number; path: string }> =
  {} as never;

/** A second of ProRes 4444 in MOV, transparent but for an opaque square in its middle (Chromium cannot play it). */
function proresWithAlpha(dir: string): string {
  const path = join(dir, 'alpha.mov');
  const inside = 'between(X,40,119)*between(Y,20,69)';
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `color=c=black:s=160x90:r=30:d=1,format=rgba,geq=r='255*${inside}':g=0:b=0:a='255*${inside}'`],
    ...['-c:v', 'prores_ks', '-profile:v', '4444', '-pix_fmt', 'yuva444p10le', path],
  ]);
  return path;
}

/** The same file with BT.709 colour tags (ffmpeg's test pictures carry none). */
function tagged(path: string): string {
  const out = path.replace(/\.mp4$/, '-tagged.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', path, '-c', 'copy'],
    ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-movflags', '+write_colr', out],
  ]);
  return out;
}

const ffprobe = (path: string, entries: string) =>
  execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', entries, '-of', 'csv=p=0', path])
    .toString()
    .trim();

/** Every content request: the range it asked for and how the service answered. */
const reads: { assetId: number; from: number | null; status: number }[] = [];

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  fixtures = makeFixtureDir();
  client = createApiClient({
    baseUrl: sandbox.createBaseUrl,
    getApiKey: async () => sandbox.apiKey,
    budget: createRateBudget(),
  });
  const projectId = (await call('POST', '/projects', { body: { name: 'Cache' } })).body.data.id as number;
  const made = {
    clip: tagged(await makeMp4(fixtures.dir, { seconds: 4, width: 320, height: 180, fps: 30, keyframeSeconds: 1 })),
    tone: await makeWav(fixtures.dir, { seconds: 1 }),
    big: await makeMp4(fixtures.dir, { seconds: 1, width: 1920, height: 1080, fps: 30 }),
    other: tagged(await makeMp4(fixtures.dir, { seconds: 1, width: 160, height: 90 })),
    untagged: await makeMp4(fixtures.dir, { seconds: 1, width: 160, height: 90, fps: 30, keyframeSeconds: 0.5 }),
    alpha: proresWithAlpha(fixtures.dir),
  };
  for (const [name, path] of Object.entries(made) as [keyof typeof files, string][]) {
    const uploaded = await call('POST', '/assets', { form: mediaForm(path, { projectId }) });
    expect(uploaded.status).toBe(201);
    files[name] = { id: uploaded.body.data.id, path };
  }
});
afterAll(async () => {
  await client?.close();
  fixtures?.cleanup();
  await sandbox?.stop({ removeData: true });
});

interface Harness {
  readonly cache: ReturnType<typeof createMediaCache>;
  readonly root: string;
  readonly told: PreviewMedia[];
  /** Resolves with the asset's final state (ready or unavailable). */
  settled(assetId: number): Promise<PreviewMedia>;
}

function harness(
  name: string,
  overrides: Partial<MediaCacheOptions> & { cut?: { assetId: number; afterBytes: number } } = {},
): Harness {
  const root = join(fixtures.dir, name);
  const told: PreviewMedia[] = [];
  const waiters = new Map<number, (media: PreviewMedia) => void>();
  const open: MediaCacheOptions['openContent'] = async (_workspace, assetId, range, signal) => {
    const download = await client.assets.content(assetId, { signal }, range);
    reads.push({ assetId, from: range?.from ?? null, status: download.status });
    const cut = overrides.cut;
    return cut?.assetId === assetId ? cutAfter(download, cut.afterBytes) : download;
  };
  const cache = createMediaCache({
    root,
    scopeOf: () => sandbox.createBaseUrl,
    openContent: open,
    limitBytes: () => 1024 ** 3,
    emit: (_workspace, media) => {
      told.push(media);
      if (media.state === 'ready' || media.state === 'unavailable') waiters.get(media.assetId)?.(media);
    },
    ...overrides,
  });
  return {
    cache,
    root,
    told,
    async settled(assetId) {
      const wait = new Promise<PreviewMedia>((resolve) => waiters.set(assetId, resolve));
      const now = await cache.prepare('local', assetId);
      return now.state === 'ready' || now.state === 'unavailable' ? now : wait;
    },
  };
}

/** The connection drops once `afterBytes` went through, as a network would drop it. */
function cutAfter(download: HttpDownload, afterBytes: number): HttpDownload {
  async function* upToTheCut() {
    let seen = 0;
    for await (const chunk of download.body as AsyncIterable<Buffer>) {
      const room = afterBytes - seen;
      seen += chunk.length;
      if (room >= chunk.length) {
        yield chunk;
        continue;
      }
      if (room > 0) yield chunk.subarray(0, room);
      download.body.destroy();
      throw new AppFailure(connectionLost('The connection dropped.'));
    }
  }
  return { ...download, body: Readable.from(upToTheCut()) };
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const readsOf = (assetId: number) => reads.filter((r) => r.assetId === assetId);

async function servedBytes(cache: Harness['cache'], url: string): Promise<Buffer> {
  const served = await cache.open(url.replace('/media/', ''));
  expect(served, url).not.toBeNull();
  return readFileSync(served!.path);
}

function modes(root: string): { files: number[]; dirs: number[] } {
  const result = { files: [] as number[], dirs: [statSync(root).mode & 0o777] };
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    const mode = statSync(join(entry.parentPath, entry.name)).mode & 0o777;
    (entry.isDirectory() ? result.dirs : result.files).push(mode);
  }
  return result;
}

describe('media cache', () => {
  it('copies an asset once: a second look and a restart read nothing from the service; files 0600, folders 0700', async () => {
    const first = harness('once');
    const ready = await first.settled(files.clip.id);
    expect(ready).toMatchObject({
      state: 'ready',
      variant: 'original',
      info: { kind: 'video', width: 320, height: 180 },
    });
    expect(ready.info!.frameRate).toBe(30);
    expect(ready.url).toMatch(/^\/media\/[A-Za-z0-9_-]{43}$/);
    expect(sha256((await first.cache.open(ready.url!.slice(7)))!.path)).toBe(sha256OfFile(files.clip.path));
    expect(first.told.some((m) => m.state === 'fetching')).toBe(true);
    expect(readsOf(files.clip.id)).toHaveLength(1);

    expect((await first.cache.prepare('local', files.clip.id)).state).toBe('ready');
    await first.cache.close();
    const again = harness('once');
    const reopened = await again.cache.prepare('local', files.clip.id);
    expect(reopened.state).toBe('ready');
    expect(await servedBytes(again.cache, reopened.url!)).toEqual(readFileSync(files.clip.path));
    expect(readsOf(files.clip.id)).toHaveLength(1);
    // A ticket of another run, or made up, names nothing.
    expect(await again.cache.open(ready.url!.slice(7))).toBeNull();
    expect(await again.cache.open('not-a-ticket')).toBeNull();

    const { files: fileModes, dirs } = modes(again.root);
    expect(new Set(fileModes)).toEqual(new Set([0o600]));
    expect(new Set(dirs)).toEqual(new Set([0o700]));
    await again.cache.close();
  });

  it('is served by the app itself in both shells: byte ranges for <video>, nothing without a ticket, nothing for another Host', async () => {
    const h = harness('served');
    const ready = await h.settled(files.clip.id);
    const whole = readFileSync(files.clip.path);
    const rendererDir = join(fixtures.dir, 'renderer');
    mkdirSync(rendererDir, { recursive: true });
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Clipdesk</title>');
    const server = await startBrowserServer({
      core: { events: createEventBus(), dispatch: async () => ({ ok: true, value: null }), mediaCache: h.cache },
      rendererDir,
      port: 0,
    });
    try {
      const url = `${server.origin}${ready.url}`;
      const ranged = await fetch(url, { headers: { range: 'bytes=100-199' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
      expect(ranged.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.from(await ranged.arrayBuffer())).toEqual(whole.subarray(100, 200));
      const all = await fetch(url);
      expect(all.status).toBe(200);
      expect(Buffer.from(await all.arrayBuffer())).toEqual(whole);
      expect((await fetch(url, { headers: { range: `bytes=${whole.length}-` } })).status).toBe(416);
      expect((await fetch(`${server.origin}/media/${'x'.repeat(43)}`)).status).toBe(404);
      // Another Host (DNS rebinding) is refused before anything is looked up.
      const rebound = await new Promise<number>((resolve) => {
        const req = httpGet(url, { headers: { host: `evil.example:${server.port}` } }, (res) =>
          resolve(res.statusCode!),
        );
        req.end();
      });
      expect(rebound).toBe(403);

      // The Electron shell's protocol answers the same.
      const electron = await mediaResponse(
        h.cache,
        new Request(`clipdesk://app${ready.url}`, { headers: { range: 'bytes=-10' } }),
      );
      expect(electron.status).toBe(206);
      expect(Buffer.from(await electron.arrayBuffer())).toEqual(whole.subarray(whole.length - 10));
      expect((await mediaResponse(h.cache, new Request('clipdesk://app/media/nothing'))).status).toBe(404);
    } finally {
      await server.close();
      await h.cache.close();
    }
  });

  it('resumes a copy cut short from the byte it reached, and the result is the asset', async () => {
    const size = statSync(files.clip.path).size;
    const cut = harness('resume', { cut: { assetId: files.clip.id, afterBytes: Math.floor(size / 3) } });
    const before = readsOf(files.clip.id).length;
    const dropped = await cut.settled(files.clip.id);
    expect(dropped.state).toBe('unavailable');
    expect(dropped.message).toMatch(/Offline|fetched/);
    await cut.cache.close();

    const resumed = harness('resume');
    const ready = await resumed.settled(files.clip.id);
    expect(ready.state).toBe('ready');
    const [first, second] = readsOf(files.clip.id).slice(before);
    expect(first).toMatchObject({ from: null, status: 200 });
    expect(second!.status).toBe(206);
    expect(second!.from).toBeGreaterThanOrEqual(Math.floor(size / 3));
    expect(second!.from).toBeLessThan(size);
    expect(await servedBytes(resumed.cache, ready.url!)).toEqual(readFileSync(files.clip.path));
    await resumed.cache.close();
  });

  it('starts again when the content is another version than the one resumed, and throws away a copy that does not hash to its ETag', async () => {
    const h = harness('etag');
    await h.settled(files.tone.id);
    const folder = readdirSync(h.root)[0]!;
    const source = join(h.root, folder, `${files.tone.id}.source`);
    const manifest = join(h.root, folder, `${files.tone.id}.json`);
    // A partial copy of "another version": the service answers the If-Range with the whole content.
    rmSync(source);
    rmSync(manifest);
    writeFileSync(`${source}.part`, Buffer.alloc(1000, 7), { mode: 0o600 });
    writeFileSync(`${source}.part.json`, JSON.stringify({ etag: '"0000"', total: 5000, contentType: 'audio/wav' }));
    const before = readsOf(files.tone.id).length;
    const again = await h.settled(files.tone.id);
    expect(again.state).toBe('ready');
    expect(readsOf(files.tone.id).slice(before)).toEqual([{ assetId: files.tone.id, from: 1000, status: 200 }]);
    expect(sha256(source)).toBe(sha256OfFile(files.tone.path));

    // The same version, but damaged bytes before the resume point: the hash check catches it.
    const etag = `"${sha256OfFile(files.tone.path)}"`;
    rmSync(source);
    rmSync(manifest);
    writeFileSync(`${source}.part`, Buffer.alloc(1000, 7), { mode: 0o600 });
    writeFileSync(
      `${source}.part.json`,
      JSON.stringify({ etag, total: statSync(files.tone.path).size, contentType: 'audio/wav' }),
    );
    const damaged = await h.settled(files.tone.id);
    expect(damaged.state).toBe('unavailable');
    expect(damaged.message).toMatch(/damaged/);
    expect(readdirSync(join(h.root, folder)).filter((n) => n.startsWith(`${files.tone.id}.`))).toEqual([]);
    const fresh = await h.settled(files.tone.id);
    expect(fresh.state).toBe('ready');
    expect(sha256(source)).toBe(sha256OfFile(files.tone.path));
    await h.cache.close();
  });

  it('makes a 720p proxy with a keyframe every half second for a 1080p source, once, with progress', async () => {
    const h = harness('proxy');
    const ready = await h.settled(files.big.id);
    expect(ready).toMatchObject({
      state: 'ready',
      variant: 'proxy',
      info: { width: 1280, height: 720, frameRate: 30 },
    });
    const proxying = h.told.filter((m) => m.state === 'proxying');
    expect(proxying.length).toBeGreaterThan(0);
    // While it is made, the original plays (it is only too large, not unplayable).
    expect(proxying[0]).toMatchObject({ variant: 'original', progress: 0 });
    expect(proxying[0]!.message).toMatch(/1080 lines/);
    const proxy = (await h.cache.open(ready.url!.slice(7)))!;
    expect(proxy.contentType).toBe('video/mp4');
    const keyframes = execFileSync('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-skip_frame', 'nokey'],
      ...['-show_entries', 'frame=pts_time', '-of', 'csv=p=0', proxy.path],
    ])
      .toString()
      .trim()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => Number(line.replace(/,$/, '')));
    expect(keyframes).toEqual([0, 0.5]);
    // The source had no colour tags: the proxy is tagged BT.601, as the render reads such a source.
    expect(ffprobe(proxy.path, 'stream=color_space,color_primaries,color_transfer')).toBe(
      'smpte170m,smpte170m,smpte170m',
    );
    await h.cache.close();
    const again = harness('proxy');
    expect(await again.cache.prepare('local', files.big.id)).toMatchObject({ state: 'ready', variant: 'proxy' });
    expect(again.told).toEqual([]);
    await again.cache.close();
  });

  it('tags an untagged H.264 video BT.601 without encoding it again, so Chromium reads its colours as the render does', async () => {
    const h = harness('retag');
    const ready = await h.settled(files.untagged.id);
    expect(ready).toMatchObject({ state: 'ready', variant: 'proxy', info: { width: 160, height: 90, frameRate: 30 } });
    expect(h.told.find((m) => m.state === 'proxying')?.message).toMatch(/colours carry no tags/);
    const copy = (await h.cache.open(ready.url!.slice(7)))!.path;
    expect(ffprobe(copy, 'stream=color_space,color_primaries,color_transfer')).toBe('smpte170m,smpte170m,smpte170m');
    // The same pictures, not encoded again: every packet the same size at the same time.
    const packets = (path: string) => ffprobe(path, 'packet=pts_time,size');
    expect(packets(copy)).toBe(packets(files.untagged.path));
    await h.cache.close();
  });

  it('keeps the alpha of a picture that has one: its proxy is VP9 with alpha in WebM, served as such', async () => {
    const h = harness('alpha');
    const ready = await h.settled(files.alpha.id);
    expect(ready).toMatchObject({ state: 'ready', variant: 'proxy', info: { width: 160, height: 90 } });
    const proxy = (await h.cache.open(ready.url!.slice(7)))!;
    expect(proxy.contentType).toBe('video/webm');
    expect(ffprobe(proxy.path, 'stream=codec_name:stream_tags=alpha_mode')).toBe('vp9,1');
    // Decoded (by libvpx, which reads the alpha): transparent in a corner, opaque in the middle.
    const alphaAt = (x: number, y: number) =>
      execFileSync('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-c:v', 'libvpx-vp9', '-i', proxy.path, '-frames:v', '1'],
        ...['-vf', `format=rgba,crop=1:1:${x}:${y}`, '-f', 'rawvideo', '-'],
      ])[3];
    expect(alphaAt(4, 4)).toBeLessThan(10);
    expect(alphaAt(80, 45)).toBeGreaterThan(245);
    await h.cache.close();
  });

  it('evicts by last use, oldest first, and never an asset in use', async () => {
    let clock = 1_000_000_000;
    let limit = 1024 ** 3;
    const h = harness('evict', { now: () => clock, limitBytes: () => limit });
    for (const asset of [files.clip, files.tone, files.other]) {
      await h.settled(asset.id);
      clock += PIN_MS + 60_000;
    }
    // The clip is used again: it is now the newest.
    await h.cache.prepare('local', files.clip.id);
    clock += PIN_MS + 60_000;
    const usage = await h.cache.usage();
    expect(usage.entries).toBe(3);
    const toneBytes = statSync(files.tone.path).size;
    limit = usage.usedBytes - toneBytes; // room for all but the oldest
    const fitted = await h.cache.fit();
    expect(fitted.entries).toBe(2);
    expect((await h.cache.prepare('local', files.clip.id)).state).toBe('ready');
    expect(h.told.filter((m) => m.assetId === files.tone.id && m.state === 'fetching')).toHaveLength(1);
    const toneAgain = await h.cache.prepare('local', files.tone.id);
    expect(toneAgain.state).toBe('fetching');
    await h.settled(files.tone.id);
    await h.cache.prepare('local', files.other.id);

    // Everything was used within the pin time: nothing goes, even over the limit.
    limit = 256;
    const pinned = await h.cache.fit();
    expect(pinned.entries).toBe(3);
    clock += PIN_MS + 1;
    expect((await h.cache.fit()).entries).toBe(0);
    await h.cache.close();
  });

  it('offline: cached media still play (after a restart too); media not cached yet say why', async () => {
    const h = harness('offline');
    const ready = await h.settled(files.other.id);
    await h.cache.close();
    await sandbox.stop();
    try {
      const restarted = harness('offline');
      const cached = await restarted.cache.prepare('local', files.other.id);
      expect(cached.state).toBe('ready');
      expect(await servedBytes(restarted.cache, cached.url!)).toEqual(readFileSync(files.other.path));
      expect(cached.info).toEqual(ready.info);
      const missing = await restarted.settled(files.tone.id);
      expect(missing.state).toBe('unavailable');
      expect(missing.message).toMatch(/^Offline: this media is not in the cache yet/);
      await restarted.cache.close();
    } finally {
      sandbox = await sandbox.restart();
    }
  });
});
