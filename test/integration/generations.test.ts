// POST/GET /generations against the real sandbox: real media made by the job, wallet
// charges exactly once, idempotent replays, input checks before any charge, immutable
// history, and a job that survives a restart.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import {
  apiClient,
  startSandboxProcess,
  waitForJob,
  type ApiCall,
  type RunningSandbox,
} from '../support/sandboxProcess.ts';

const run = promisify(execFile);
const fixtures = makeFixtureDir();
afterAll(() => fixtures.cleanup());

async function walletUsd(call: ApiCall): Promise<number> {
  return (await call('GET', '/me')).body.data.account.walletUsd;
}

async function newProject(call: ApiCall, aspectRatio = '16:9'): Promise<{ id: number; sceneId: string }> {
  const res = await call('POST', '/projects', {
    body: { name: `Gen ${aspectRatio} ${randomUUID().slice(0, 6)}`, aspectRatio },
  });
  expect(res.status).toBe(201);
  return { id: res.body.data.id, sceneId: res.body.data.scenes[0].id };
}

function generate(call: ApiCall, body: unknown, key: string = randomUUID()) {
  return call('POST', '/generations', { body, headers: { 'idempotency-key': key } });
}

async function priceOf(call: ApiCall, modelId: string): Promise<number> {
  const res = await call('GET', '/models');
  return res.body.data.find((m: any) => m.id === modelId).priceUsd;
}

/** Downloads an asset's bytes and asks ffprobe what they are. */
async function probeDownload(
  sandbox: RunningSandbox,
  assetId: number,
): Promise<{ bytes: Buffer; streams: any[]; duration: number }> {
  const res = await fetch(`${sandbox.createBaseUrl}/assets/${assetId}/content`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const path = join(fixtures.dir, `download-${assetId}-${randomUUID()}`);
  writeFileSync(path, bytes);
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,codec_type,width,height,pix_fmt:format=duration',
    '-of',
    'json',
    path,
  ]);
  const info = JSON.parse(stdout);
  return { bytes, streams: info.streams, duration: Number(info.format.duration) };
}

describe('generations', () => {
  let sandbox: RunningSandbox;
  let session: SignedIn;
  let call: ApiCall;

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
    session = await signIn(sandbox);
  });
  afterAll(() => sandbox?.stop({ removeData: true }));
  // A key per test: each test polls jobs, and one key's 120 requests a minute would not cover the file.
  beforeEach(async () => {
    const issued = await session.call('POST', '/keys', { body: { name: 'generations test', expiresInDays: 1 } });
    expect(issued.status).toBe(201);
    call = apiClient(sandbox.createBaseUrl, issued.body.data.token);
  });

  it('makes PNG images at the project aspect ratio, charged per image, and reports them as outputs', async () => {
    const project = await newProject(call, '9:16');
    const before = await walletUsd(call);
    const price = await priceOf(call, 'sketch-image-1');
    const res = await generate(call, {
      projectId: project.id,
      sceneId: project.sceneId,
      modelId: 'sketch-image-1',
      prompt: 'a fox in snow',
      settings: { count: 2 },
    });
    expect(res.status).toBe(202);
    const accepted = res.body.data;
    expect(accepted).toMatchObject({
      projectId: project.id,
      sceneId: project.sceneId,
      kind: 'image',
      state: 'queued',
      outputs: [],
      error: null,
      parentGenerationId: null,
    });
    expect(accepted.settings).toMatchObject({ count: 2, style: 'photo' });
    expect(accepted.costUsd).toBeCloseTo(price * 2, 6);
    expect(await walletUsd(call)).toBeCloseTo(before - price * 2, 6);

    const done = await waitForJob(call, `/generations/${accepted.id}`);
    expect(done.state).toBe('completed');
    expect(done.startedAt).not.toBeNull();
    expect(Date.parse(done.completedAt)).toBeGreaterThanOrEqual(Date.parse(done.startedAt));
    expect(done.outputs).toHaveLength(2);

    const hashes = new Set<string>();
    for (const assetId of done.outputs) {
      const asset = (await call('GET', `/assets/${assetId}`)).body.data;
      expect(asset).toMatchObject({
        kind: 'image',
        projectId: project.id,
        source: 'generation',
        contentType: 'image/png',
      });
      expect(asset.height).toBe(640);
      expect(asset.width / asset.height).toBeCloseTo(9 / 16, 2);
      hashes.add(asset.sha256);
      const probed = await probeDownload(sandbox, assetId);
      expect(probed.streams[0]).toMatchObject({ codec_name: 'png', width: asset.width, height: asset.height });
    }
    expect(hashes.size).toBe(2); // two different images, not one copied
    expect(await walletUsd(call)).toBeCloseTo(before - price * 2, 6); // completion charges nothing more
  });

  it('makes different images for different prompts and the same image for the same prompt and seed', async () => {
    const project = await newProject(call, '1:1');
    const make = async (prompt: string) => {
      const res = await generate(call, {
        projectId: project.id,
        sceneId: project.sceneId,
        modelId: 'sketch-image-1',
        prompt,
        settings: { seed: 7 },
      });
      expect(res.status).toBe(202);
      const done = await waitForJob(call, `/generations/${res.body.data.id}`);
      return (await call('GET', `/assets/${done.outputs[0]}`)).body.data;
    };
    const [a, b, again] = [
      await make('a lighthouse at dusk'),
      await make('a bowl of cherries'),
      await make('a lighthouse at dusk'),
    ];
    expect(a.width).toBe(640);
    expect(a.height).toBe(640);
    expect(a.sha256).not.toBe(b.sha256);
    expect(again.sha256).toBe(a.sha256);
    expect(again.id).not.toBe(a.id);
  });

  it('makes a web-ready H.264/AAC MP4 as long as requested', async () => {
    const project = await newProject(call, '16:9');
    const res = await generate(call, {
      projectId: project.id,
      sceneId: project.sceneId,
      modelId: 'motion-video-1',
      prompt: 'waves on a shore',
      settings: { durationSeconds: 3 },
    });
    expect(res.status).toBe(202);
    expect(res.body.data.kind).toBe('video');
    const done = await waitForJob(call, `/generations/${res.body.data.id}`);
    expect(done.state).toBe('completed');
    const asset = (await call('GET', `/assets/${done.outputs[0]}`)).body.data;
    expect(asset).toMatchObject({ kind: 'video', contentType: 'video/mp4' });
    expect(Math.abs(asset.durationMs - 3000)).toBeLessThan(200);
    expect(asset.width / asset.height).toBeCloseTo(16 / 9, 1);

    const probed = await probeDownload(sandbox, asset.id);
    const video = probed.streams.find((s) => s.codec_type === 'video');
    const audio = probed.streams.find((s) => s.codec_type === 'audio');
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p' });
    expect(audio).toMatchObject({ codec_name: 'aac' });
    // +faststart: the index comes before the media data, so playback starts while downloading.
    expect(probed.bytes.indexOf('moov')).toBeLessThan(probed.bytes.indexOf('mdat'));
  });

  it('starts a new scene for audio with a client-made scene UUID', async () => {
    const project = await newProject(call);
    const sceneId = randomUUID();
    const res = await generate(call, {
      projectId: project.id,
      sceneId,
      modelId: 'score-audio-1',
      prompt: 'a calm piano bed',
      settings: { durationSeconds: 2 },
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ kind: 'audio', sceneId });
    const scenes = (await call('GET', `/projects/${project.id}`)).body.data.scenes;
    expect(scenes.map((s: any) => s.id)).toEqual([project.sceneId, sceneId]);

    const done = await waitForJob(call, `/generations/${res.body.data.id}`);
    expect(done.state).toBe('completed');
    const asset = (await call('GET', `/assets/${done.outputs[0]}`)).body.data;
    expect(asset).toMatchObject({ kind: 'audio', contentType: 'audio/wav', projectId: project.id });
    expect(Math.abs(asset.durationMs - 2000)).toBeLessThan(100);
    const probed = await probeDownload(sandbox, asset.id);
    expect(probed.streams[0]).toMatchObject({ codec_type: 'audio', codec_name: 'pcm_s16le' });
  });

  it('refuses a scene of another project, and a new scene UUID for image or video', async () => {
    const mine = await newProject(call);
    const other = await newProject(call);
    const before = await walletUsd(call);
    for (const modelId of ['sketch-image-1', 'score-audio-1']) {
      const res = await generate(call, { projectId: mine.id, sceneId: other.sceneId, modelId, prompt: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('scene.not_in_project');
      expect(res.body.error.message).toContain('sceneId');
    }
    for (const modelId of ['sketch-image-1', 'motion-video-1']) {
      const res = await generate(call, { projectId: mine.id, sceneId: randomUUID(), modelId, prompt: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('scene.not_in_project');
    }
    expect(await walletUsd(call)).toBe(before);
    expect((await call('GET', `/projects/${mine.id}`)).body.data.scenes).toHaveLength(1);
  });

  it('replays the same key and body as the same job without charging again', async () => {
    const project = await newProject(call);
    const body = { projectId: project.id, sceneId: project.sceneId, modelId: 'sketch-image-1', prompt: 'a red kite' };
    const key = randomUUID();
    const before = await walletUsd(call);
    const first = await generate(call, body, key);
    expect(first.status).toBe(202);
    const second = await generate(call, { ...body }, key);
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(await walletUsd(call)).toBeCloseTo(before - first.body.data.costUsd, 6);

    await waitForJob(call, `/generations/${first.body.data.id}`);
    const later = await generate(call, body, key);
    expect(later.status).toBe(200);
    expect(later.body.data).toMatchObject({ id: first.body.data.id, state: 'completed' });
    expect(await walletUsd(call)).toBeCloseTo(before - first.body.data.costUsd, 6);
    const listed = (await call('GET', `/generations?projectId=${project.id}`)).body.data;
    expect(listed).toHaveLength(1);
  });

  it('answers 409 for the same key with another body, and 400 for a missing or invalid key', async () => {
    const project = await newProject(call);
    const body = { projectId: project.id, sceneId: project.sceneId, modelId: 'sketch-image-1', prompt: 'a blue kite' };
    const key = randomUUID();
    expect((await generate(call, body, key)).status).toBe(202);
    const reused = await generate(call, { ...body, prompt: 'a green kite' }, key);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency.key_reused');

    const missing = await call('POST', '/generations', { body });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('idempotency.key_missing');
    const invalid = await generate(call, body, 'not-a-uuid');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('idempotency.key_invalid');
    expect((await call('GET', `/generations?projectId=${project.id}`)).body.data).toHaveLength(1);
  });

  it('refuses bad inputs with a message naming what to change, before charging anything', async () => {
    const project = await newProject(call);
    const base = { projectId: project.id, sceneId: project.sceneId, modelId: 'motion-video-1', prompt: 'clouds' };
    const before = await walletUsd(call);
    const cases: [unknown, number, string, string][] = [
      [{ ...base, settings: { fps: 60 } }, 400, 'request.invalid', 'settings.fps'],
      [{ ...base, settings: { durationSeconds: 9 } }, 400, 'request.invalid', 'settings.durationSeconds'],
      [{ ...base, settings: { durationSeconds: 2.5 } }, 400, 'request.invalid', 'settings.durationSeconds'],
      [{ ...base, settings: { style: 'sepia' } }, 400, 'request.invalid', 'settings.style'],
      [{ ...base, modelId: 'sketch-image-1', settings: { count: 5 } }, 400, 'request.invalid', 'settings.count'],
      [{ ...base, prompt: '   ' }, 400, 'request.invalid', 'prompt'],
      [{ ...base, prompt: 'x'.repeat(2001) }, 400, 'request.invalid', 'prompt'],
      [{ ...base, color: 'red' }, 400, 'request.invalid', 'color'],
      [{ ...base, modelId: 'no-such-model' }, 400, 'model.unknown', 'no-such-model'],
      [{ ...base, modelId: 'edit-text-1' }, 400, 'model.unknown', 'text model'],
      [{ ...base, modelId: 'cinema-video-2' }, 409, 'model.unavailable', 'cinema-video-2'],
      [{ ...base, projectId: 2_000_000 }, 404, 'resource.not_found', '2000000'],
    ];
    for (const [body, status, code, named] of cases) {
      const res = await generate(call, body);
      expect({ body, status: res.status, code: res.body.error?.code }).toEqual({ body, status, code });
      expect(res.body.error.message).toContain(named);
    }
    expect(await walletUsd(call)).toBe(before);
    expect((await call('GET', `/generations?projectId=${project.id}`)).body.data).toHaveLength(0);
  });

  it('keeps history immutable: PUT, PATCH and DELETE are 405', async () => {
    const project = await newProject(call);
    const res = await generate(call, {
      projectId: project.id,
      sceneId: project.sceneId,
      modelId: 'sketch-image-1',
      prompt: 'a pear',
    });
    const id = res.body.data.id;
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const attempt = await call(
        method,
        `/generations/${id}`,
        method === 'DELETE' ? {} : { body: { prompt: 'an apple' } },
      );
      expect(attempt.status).toBe(405);
      expect(attempt.body.error.code).toBe('route.method_not_allowed');
      expect(attempt.headers.get('allow')).toBe('GET');
    }
    expect((await call('PUT', '/generations', { body: {} })).status).toBe(405);
    expect((await call('GET', `/generations/${id}`)).body.data.prompt).toBe('a pear');
  });

  it('links a new version to its original with parentGenerationId and leaves the original unchanged', async () => {
    const project = await newProject(call);
    const first = await generate(call, {
      projectId: project.id,
      sceneId: project.sceneId,
      modelId: 'sketch-image-1',
      prompt: 'a boat',
      settings: { seed: 3 },
    });
    const original = await waitForJob(call, `/generations/${first.body.data.id}`);

    const res = await generate(call, {
      projectId: project.id,
      sceneId: project.sceneId,
      modelId: 'studio-image-2',
      prompt: 'a boat at sunrise',
      settings: { seed: 4, guidance: 12.5 },
      parentGenerationId: original.id,
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      parentGenerationId: original.id,
      prompt: 'a boat at sunrise',
      modelId: 'studio-image-2',
    });
    const version = await waitForJob(call, `/generations/${res.body.data.id}`);
    expect(version.outputs[0]).not.toBe(original.outputs[0]);
    expect((await call('GET', `/generations/${original.id}`)).body.data).toEqual(original);

    const elsewhere = await newProject(call);
    const foreign = await generate(call, {
      projectId: elsewhere.id,
      sceneId: elsewhere.sceneId,
      modelId: 'sketch-image-1',
      prompt: 'x',
      parentGenerationId: original.id,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toBe('generation.parent_not_in_project');
    const missing = await generate(call, {
      projectId: project.id,
      sceneId: project.sceneId,
      modelId: 'sketch-image-1',
      prompt: 'x',
      parentGenerationId: 2_000_000,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain('parentGenerationId');
  });

  it("lists a project's generations newest first, a page at a time", async () => {
    const project = await newProject(call);
    const other = await newProject(call);
    const made: number[] = [];
    for (const prompt of ['one', 'two', 'three']) {
      made.push(
        (await generate(call, { projectId: project.id, sceneId: project.sceneId, modelId: 'sketch-image-1', prompt }))
          .body.data.id,
      );
    }
    await generate(call, {
      projectId: other.id,
      sceneId: other.sceneId,
      modelId: 'sketch-image-1',
      prompt: 'elsewhere',
    });

    const seen: number[] = [];
    let after = '';
    for (;;) {
      const page = await call('GET', `/generations?projectId=${project.id}&limit=2${after}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((g: any) => g.id));
      if (!page.body.pagination.nextCursor) break;
      after = `&after=${page.body.pagination.nextCursor}`;
    }
    expect(seen).toEqual([...made].reverse());
  });
});

describe('generations with too little money', () => {
  let sandbox: RunningSandbox;
  let call: ApiCall;

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 0.3, args: ['--wallet', '0.01'] });
    call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  });
  afterAll(() => sandbox?.stop({ removeData: true }));

  it('answers 403 wallet.insufficient_balance and creates nothing', async () => {
    const project = await newProject(call);
    const sceneId = randomUUID();
    const res = await generate(call, {
      projectId: project.id,
      sceneId,
      modelId: 'score-audio-1',
      prompt: 'a drum loop',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('wallet.insufficient_balance');
    expect(await walletUsd(call)).toBeCloseTo(0.01, 6);
    const stats = (await sandbox.admin('GET', '/_sandbox/stats').then((r) => r.json())) as any;
    expect(stats.data).toMatchObject({ generations: 0, assets: 0 });
    expect((await call('GET', `/projects/${project.id}`)).body.data.scenes).toHaveLength(1);
  });
});

describe('a generation in flight across a restart', () => {
  let sandbox: RunningSandbox;

  // Long enough that the job is still unfinished when the sandbox stops right after accepting it.
  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 3 });
  });
  afterAll(() => sandbox?.stop({ removeData: true }));

  it('completes exactly once after the sandbox starts again', async () => {
    let call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    const project = await newProject(call);
    const before = await walletUsd(call);
    const res = await generate(call, {
      projectId: project.id,
      sceneId: project.sceneId,
      modelId: 'sketch-image-1',
      prompt: 'a restart',
    });
    expect(res.status).toBe(202);
    const id = res.body.data.id;
    expect(['queued', 'running']).toContain((await call('GET', `/generations/${id}`)).body.data.state);

    sandbox = await sandbox.restart();
    call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    const done = await waitForJob(call, `/generations/${id}`);
    expect(done.state).toBe('completed');
    expect(done.outputs).toHaveLength(1);
    expect(await walletUsd(call)).toBeCloseTo(before - res.body.data.costUsd, 6);
    const stats = (await sandbox.admin('GET', '/_sandbox/stats').then((r) => r.json())) as any;
    expect(stats.data).toMatchObject({ generations: 1, assets: 1 });
  });
});
