// The Media screen's core services against the real sandbox: previews made in main from the
// asset's bytes (a JPEG of an image and of a video frame, waveform peaks of audio), cached so
// a second look costs no request; downloads written whole to the chosen path; browser-mode
// tickets that work once; and the client's brand, attachment and delivery-link operations.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure } from '../../shared/appError.ts';
import { createApiClient, type CreateApiClient } from '../../main/core/api/createApiClient.ts';
import type { Exchange } from '../../main/core/api/httpClient.ts';
import { createAssetDownloads } from '../../main/core/media/assetDownloads.ts';
import { createAssetPreviews } from '../../main/core/media/assetPreviews.ts';
import { mergePeaks } from '../../main/core/media/previewMaker.ts';
import { createRateBudget } from '../../main/core/rate/rateBudget.ts';
import { makeFixtureDir, makeMp4, makePng, makeWav, mediaForm, sha256OfFile } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
let client: CreateApiClient;
let fixtures: { dir: string; cleanup(): void };
const exchanges: Exchange[] = [];
let projectId: number;
const assets: Record<'png' | 'wav' | 'mp4' | 'logo', { id: number; path: string }> = {} as never;

/** A 200×200 PNG, transparent (its hidden colour black, as most logos store it) but for a red square in the middle. */
function transparentLogo(dir: string): string {
  const path = join(dir, 'logo.png');
  const inside = 'between(X,50,149)*between(Y,50,149)';
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `color=c=black:s=200x200,format=rgba,geq=r='255*${inside}':g=0:b=0:a='255*${inside}'`],
    ...['-frames:v', '1', path],
  ]);
  return path;
}

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  fixtures = makeFixtureDir();
  client = createApiClient({
    baseUrl: sandbox.createBaseUrl,
    getApiKey: async () => sandbox.apiKey,
    budget: createRateBudget(),
    onResponse: (exchange) => exchanges.push(exchange),
  });
  projectId = (await call('POST', '/projects', { body: { name: 'Previews' } })).body.data.id;
  const files = {
    png: await makePng(fixtures.dir, { width: 640, height: 480 }),
    wav: await makeWav(fixtures.dir, { seconds: 2 }),
    mp4: await makeMp4(fixtures.dir, { seconds: 1 }),
    logo: transparentLogo(fixtures.dir),
  };
  for (const [name, path] of Object.entries(files) as [keyof typeof assets, string][]) {
    const uploaded = await call('POST', '/assets', { form: mediaForm(path, { projectId }) });
    expect(uploaded.status).toBe(201);
    assets[name] = { id: uploaded.body.data.id, path };
  }
});
afterAll(async () => {
  await client?.close();
  fixtures?.cleanup();
  await sandbox?.stop({ removeData: true });
});

function previews(cacheDir: string) {
  return createAssetPreviews({
    cacheDir,
    scopeOf: async () => sandbox.createBaseUrl,
    openContent: (_workspace, assetId, signal) => client.assets.content(assetId, { signal, priority: 'background' }),
  });
}

const contentReads = () => exchanges.filter((e) => /\/assets\/\d+\/content$/.test(e.path)).length;

function jpegSize(dataUrl: string): { width: number; height: number } {
  const bytes = Buffer.from(dataUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
  expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
  // The first start-of-frame marker carries the size.
  for (let at = 2; at < bytes.length;) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error('no SOF marker');
}

describe('asset previews', () => {
  it('make a small JPEG of an image, kept on disk so a second look reads nothing from the service', async () => {
    const made = previews(join(fixtures.dir, 'cache-image'));
    const first = await made.preview('ws', assets.png.id);
    expect(first.unavailable).toBeNull();
    expect(first.peaks).toBeNull();
    expect(jpegSize(first.image!)).toEqual({ width: 320, height: 240 });

    const reads = contentReads();
    const again = await previews(join(fixtures.dir, 'cache-image')).preview('ws', assets.png.id);
    expect(again.image).toBe(first.image);
    expect(contentReads()).toBe(reads);
    await made.close();
  });

  it('show the transparent parts of an image over a checkerboard, never black', async () => {
    const made = previews(join(fixtures.dir, 'cache-logo'));
    const { image } = await made.preview('ws', assets.logo.id);
    const jpeg = join(fixtures.dir, 'logo-thumbnail.jpg');
    writeFileSync(jpeg, Buffer.from(image!.replace(/^data:image\/jpeg;base64,/, ''), 'base64'));
    const rgbAt = (x: number, y: number) => [
      ...execFileSync('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-i', jpeg, '-vf', `crop=1:1:${x}:${y}`],
        ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
      ]),
    ];
    // The corners: light or darker grey squares, not black.
    for (const [x, y] of [
      [3, 3],
      [12, 3],
      [196, 196],
    ] as const) {
      const [r, g, b] = rgbAt(x, y);
      expect(Math.min(r!, g!, b!), `at ${x},${y}: ${r},${g},${b}`).toBeGreaterThan(130);
      expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!)).toBeLessThan(20);
    }
    // The opaque middle: red.
    const [r, g, b] = rgbAt(100, 100);
    expect(r).toBeGreaterThan(220);
    expect(Math.max(g!, b!)).toBeLessThan(40);
    await made.close();
  });

  it('make a frame of a video and the waveform of audio, and share one download between two askers', async () => {
    const made = previews(join(fixtures.dir, 'cache-av'));
    const before = contentReads();
    const [video, videoAgain, audio] = await Promise.all([
      made.preview('ws', assets.mp4.id),
      made.preview('ws', assets.mp4.id),
      made.preview('ws', assets.wav.id),
    ]);
    expect(contentReads() - before).toBe(2);
    expect(videoAgain).toEqual(video);
    expect(jpegSize(video.image!)).toEqual({ width: 160, height: 90 });
    expect(audio.image).toBeNull();
    expect(audio.peaks).toHaveLength(120);
    // A steady sine tone (ffmpeg's sine source is at 1/8 of full scale): the same height everywhere.
    for (const peak of audio.peaks!) expect(peak).toBeCloseTo(0.125, 2);
    await made.close();
  });

  it('keep previews of two workspaces apart', async () => {
    const made = previews(join(fixtures.dir, 'cache-scope'));
    await made.preview('one', assets.png.id);
    const before = contentReads();
    await made.preview('two', assets.png.id);
    expect(contentReads()).toBe(before + 1);
    await made.close();
  });

  it('say why there is no preview for a file too large to read here, without reading it', async () => {
    const made = createAssetPreviews({
      cacheDir: join(fixtures.dir, 'cache-large'),
      scopeOf: async () => sandbox.createBaseUrl,
      openContent: (_workspace, assetId, signal) => client.assets.content(assetId, { signal }),
      maxSourceBytes: 100,
    });
    const preview = await made.preview('ws', assets.mp4.id);
    expect(preview.image).toBeNull();
    expect(preview.unavailable).toMatch(/too large/);
  });

  it('merge per-window peaks into the number of bars asked for', () => {
    expect(mergePeaks([0, 32767, 16384, 0], 2)).toEqual([1, 0.5]);
    expect(mergePeaks([100, 200], 120)).toHaveLength(2);
    expect(mergePeaks([], 10)).toEqual([]);
  });
});

describe('asset downloads', () => {
  const downloads = () =>
    createAssetDownloads({ openContent: (_workspace, assetId, signal) => client.assets.content(assetId, { signal }) });

  it('write the asset whole to the chosen path', async () => {
    const path = join(fixtures.dir, 'saved.mp4');
    const { bytes } = await downloads().saveTo('ws', assets.mp4.id, path);
    expect(bytes).toBe(statSync(assets.mp4.path).size);
    expect(sha256OfFile(path)).toBe(sha256OfFile(assets.mp4.path));
  });

  it('leave nothing behind when the asset does not exist, and say so', async () => {
    const path = join(fixtures.dir, 'missing.bin');
    const failure = await downloads()
      .saveTo('ws', 999_999, path)
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).status).toBe(404);
    expect(() => statSync(path)).toThrow();
    expect(() => statSync(`${path}.clipdesk-part`)).toThrow();
  });

  it('redeem a browser-mode ticket once, for the bytes of its asset', async () => {
    const tickets = downloads();
    const ticket = tickets.issue('ws', assets.png.id, 'pattern.png');
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const opened = await tickets.redeem(ticket);
    expect(opened).toMatchObject({ filename: 'pattern.png', contentType: 'image/png' });
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(readFileSync(assets.png.path))).toBe(true);
    expect(await tickets.redeem(ticket)).toBeNull();
    expect(await tickets.redeem('not-a-ticket')).toBeNull();
  });

  it('refuse a ticket after it expired', async () => {
    let now = 1_000;
    const tickets = createAssetDownloads({
      openContent: (_workspace, assetId) => client.assets.content(assetId),
      now: () => now,
    });
    const ticket = tickets.issue('ws', assets.png.id, 'late.png');
    now += 61_000;
    expect(await tickets.redeem(ticket)).toBeNull();
  });
});

describe('brands, attachments and delivery links through the client', () => {
  it('list brands and their assets, and attach one to a project (again changes nothing)', async () => {
    const brand = (await call('POST', '/brands', { body: { name: 'Acme' } })).body.data;
    const logo = await makePng(fixtures.dir, { width: 32, height: 32 });
    const asset = (await call('POST', '/assets', { form: mediaForm(logo, { brandId: brand.id }) })).body.data;

    const brands = await client.brands.list();
    expect(brands.items.map((b) => b.name)).toContain('Acme');
    const brandAssets = await client.brands.assets(brand.id);
    expect(brandAssets.items.map((a) => a.id)).toEqual([asset.id]);

    const attached = await client.attachments.attach(projectId, asset.id);
    expect(attached.status).toBe(201);
    expect(attached.data.asset.id).toBe(asset.id);
    expect((await client.attachments.attach(projectId, asset.id)).status).toBe(200);
    const list = await client.attachments.list(projectId);
    expect(list.items.map((a) => a.assetId)).toEqual([asset.id]);

    const refused = await client.attachments.attach(projectId, assets.png.id).catch((err: unknown) => err);
    expect((refused as AppFailure).code).toBe('attachment.not_brand_asset');
  });

  it('make a delivery link whose URL is shown once and works until it is revoked', async () => {
    const made = await client.assets.deliveryLinks.create(assets.png.id, { expiresInHours: 2 });
    expect(made.data.state).toBe('active');
    const url = made.data.url!;
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(readFileSync(assets.png.path))).toBe(true);

    const listed = await client.assets.deliveryLinks.list(assets.png.id);
    expect(listed.items[0]).toMatchObject({ id: made.data.id, url: null, state: 'active' });

    const revoked = await client.assets.deliveryLinks.revoke(assets.png.id, made.data.id);
    expect(revoked.data.state).toBe('revoked');
    expect((await fetch(url)).status).toBe(404);

    const bad = await client.assets.deliveryLinks
      .create(assets.png.id, { expiresInHours: 9999 })
      .catch((err: unknown) => err);
    expect((bad as AppFailure).code).toBe('request.invalid');
    expect((bad as AppFailure).message).toContain('expiresInHours');
  });
});
