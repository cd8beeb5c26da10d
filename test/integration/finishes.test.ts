// Finishes against the real sandbox: a quiet recording becomes a NEW asset whose loudness,
// measured here with ffmpeg's ebur128, is on target; the source asset stays byte for byte
// the same; video keeps its picture; refusals, replays, cancelling and silent input.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeFixtureDir, makeMp4, makePng, sha256OfFile } from '../support/mediaFixtures.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import {
  makeQuietWav,
  makeToneBursts,
  makeVideoWithoutSound,
  measureEbur128,
  newProject,
  settle,
  startJob,
  upload,
  walletUsd,
} from '../support/speechFixtures.ts';

const run = promisify(execFile);
const fixtures = makeFixtureDir();
afterAll(() => fixtures.cleanup());

describe('finishes', () => {
  let sandbox: RunningSandbox;
  let session: SignedIn;
  let call: ApiCall;
  let quietPath: string;

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
    session = await signIn(sandbox);
    quietPath = await makeQuietWav(fixtures.dir, 5);
  });
  afterAll(() => sandbox?.stop({ removeData: true }));
  beforeEach(async () => {
    const issued = await session.call('POST', '/keys', { body: { name: 'finishes test', expiresInDays: 1 } });
    expect(issued.status).toBe(201);
    call = apiClient(sandbox.createBaseUrl, issued.body.data.token);
  });

  /** Downloads an asset's bytes to a file here. */
  async function download(assetId: number, extension: string): Promise<string> {
    const res = await fetch(`${sandbox.createBaseUrl}/assets/${assetId}/content`, {
      headers: { authorization: `Bearer ${sandbox.apiKey}` },
    });
    expect(res.status).toBe(200);
    const path = join(fixtures.dir, `download-${assetId}-${randomUUID()}.${extension}`);
    writeFileSync(path, Buffer.from(await res.arrayBuffer()));
    return path;
  }

  it('normalises a quiet WAV into a new asset at -16 LUFS, free, and leaves the original untouched', async () => {
    const projectId = await newProject(call);
    const source = await upload(call, projectId, quietPath);
    const measuredSource = await measureEbur128(quietPath);
    expect(measuredSource.integratedLufs).toBeLessThan(-35); // the fixture really is quiet
    const before = await walletUsd(call);

    const res = await startJob(call, `/assets/${source.id}/finishes`, {});
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      assetId: source.id,
      projectId,
      state: 'queued',
      targetLufs: -16,
      truePeakDb: -1.5,
      outputAssetId: null,
      loudness: null,
      costUsd: 0,
    });
    const done = await settle(call, `/finishes/${res.body.data.id}`);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    expect(done.outputAssetId).not.toBe(source.id);
    expect(Math.abs(done.loudness.input.integratedLufs - measuredSource.integratedLufs)).toBeLessThanOrEqual(1);
    expect(Math.abs(done.loudness.output.integratedLufs - -16)).toBeLessThanOrEqual(1);

    const output = (await call('GET', `/assets/${done.outputAssetId}`)).body.data;
    expect(output).toMatchObject({ kind: 'audio', projectId, source: 'finish', contentType: 'audio/wav' });
    const measuredOutput = await measureEbur128(await download(output.id, 'wav'));
    expect(Math.abs(measuredOutput.integratedLufs - -16)).toBeLessThanOrEqual(1);
    expect(measuredOutput.truePeakDb).toBeLessThanOrEqual(-1.5 + 0.5);
    expect(Math.abs(output.durationMs - source.durationMs)).toBeLessThanOrEqual(50);

    const sourceNow = (await call('GET', `/assets/${source.id}`)).body.data;
    expect(sourceNow).toEqual(source);
    expect(sha256OfFile(await download(source.id, 'wav'))).toBe(sha256OfFile(quietPath));
    expect(await walletUsd(call)).toBe(before);

    const listed = await call('GET', `/assets/${source.id}/finishes`);
    expect(listed.body.data.map((f: any) => f.id)).toEqual([done.id]);
  });

  it("replaces a video's sound at the target loudness and copies its picture unchanged", async () => {
    const path = await makeMp4(fixtures.dir, { seconds: 4 });
    const source = await upload(call, await newProject(call), path);
    const res = await startJob(call, `/assets/${source.id}/finishes`, { targetLufs: -23 });
    expect(res.status).toBe(202);
    const done = await settle(call, `/finishes/${res.body.data.id}`);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    const output = (await call('GET', `/assets/${done.outputAssetId}`)).body.data;
    expect(output).toMatchObject({
      kind: 'video',
      contentType: 'video/mp4',
      width: source.width,
      height: source.height,
      source: 'finish',
    });

    const outPath = await download(output.id, 'mp4');
    expect(Math.abs((await measureEbur128(outPath)).integratedLufs - -23)).toBeLessThanOrEqual(1);
    const videoPackets = async (file: string) =>
      (
        await run(
          'ffprobe',
          ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=size,pts', '-of', 'csv=p=0', file],
          { maxBuffer: 16 * 1024 * 1024 },
        )
      ).stdout;
    expect(await videoPackets(outPath)).toBe(await videoPackets(path)); // stream copy: the same coded pictures
  });

  /** A mono WAV of `seconds` made from an ffmpeg expression of t. */
  async function wavOf(expression: string, seconds: number): Promise<string> {
    const path = join(fixtures.dir, `expr-${randomUUID()}.wav`);
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi'],
      ...['-i', `aevalsrc='${expression}':d=${seconds}:s=44100`, '-c:a', 'pcm_s16le', path],
    ]);
    return path;
  }

  it('reaches -14 LUFS on sound whose peaks stand far above its loudness, where loudnorm alone stops short', async () => {
    // A quiet tone with one loud click: one gain to -14 would push the click past the ceiling,
    // and loudnorm's dynamic mode made only about -18.
    const clickPath = await wavOf('0.05*sin(2*PI*440*t)+if(between(t,1,1.01),0.9*sin(2*PI*2000*t),0)', 4);
    const source = await upload(call, await newProject(call), clickPath);
    const res = await startJob(call, `/assets/${source.id}/finishes`, { targetLufs: -14, truePeakDb: -1 });
    const done = await settle(call, `/finishes/${res.body.data.id}`);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    expect(done.loudness).toMatchObject({ normalization: 'limited', shortfall: null });
    const measured = await measureEbur128(await download(done.outputAssetId, 'wav'));
    expect(Math.abs(measured.integratedLufs - -14)).toBeLessThanOrEqual(1);
    expect(measured.truePeakDb).toBeLessThanOrEqual(-1 + 0.5);
  });

  it('says how far it got and why when the target cannot be reached under the peak ceiling', async () => {
    // Single-sample clicks over near-silence: no gain makes it loud without the clicks passing the ceiling.
    const hitsPath = await wavOf('if(lt(mod(t,1),0.005),0.99,0.001*sin(2*PI*440*t))', 4);
    const source = await upload(call, await newProject(call), hitsPath);
    const res = await startJob(call, `/assets/${source.id}/finishes`, { targetLufs: -14, truePeakDb: -1 });
    const done = await settle(call, `/finishes/${res.body.data.id}`);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    expect(Math.abs(done.loudness.output.integratedLufs - -14)).toBeGreaterThan(1);
    expect(done.loudness.shortfall).toMatch(
      /^Reached −\d+\.\d LUFS, not the −14\.0 LUFS asked: its peaks .* under −1\.0 dBTP .*Choose a quieter target, or a higher peak ceiling\.$/,
    );
  });

  it('refuses an image, a video without sound and out-of-range targets', async () => {
    const projectId = await newProject(call);
    const image = await upload(call, projectId, await makePng(fixtures.dir));
    const mute = await upload(call, projectId, await makeVideoWithoutSound(fixtures.dir, 1));
    const audio = await upload(call, projectId, quietPath);

    const onImage = await startJob(call, `/assets/${image.id}/finishes`, {});
    expect(onImage.status).toBe(400);
    expect(onImage.body.error.code).toBe('media.kind_not_supported');
    const onMute = await startJob(call, `/assets/${mute.id}/finishes`, {});
    expect(onMute.status).toBe(400);
    expect(onMute.body.error.code).toBe('media.no_audio');
    const tooQuiet = await startJob(call, `/assets/${audio.id}/finishes`, { targetLufs: -80 });
    expect(tooQuiet.status).toBe(400);
    expect(tooQuiet.body.error.message).toContain('targetLufs');
    const overFullScale = await startJob(call, `/assets/${audio.id}/finishes`, { truePeakDb: 1 });
    expect(overFullScale.status).toBe(400);
    expect(overFullScale.body.error.message).toContain('truePeakDb');
    expect((await call('GET', `/assets/${audio.id}/finishes`)).body.data).toEqual([]);
  });

  it('replays under the same key, refuses the key with other targets, and a cancelled finish makes no asset', async () => {
    const projectId = await newProject(call);
    const source = await upload(call, projectId, quietPath);
    const key = randomUUID();
    await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 100 });
    let first;
    try {
      first = await startJob(call, `/assets/${source.id}/finishes`, { targetLufs: -14 }, key);
    } finally {
      await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 1 });
    }
    expect(first.status).toBe(202);
    const again = await startJob(call, `/assets/${source.id}/finishes`, { targetLufs: -14, truePeakDb: -1.5 }, key);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await startJob(call, `/assets/${source.id}/finishes`, { targetLufs: -20 }, key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency.key_reused');

    const cancelled = await call('POST', `/finishes/${first.body.data.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      state: 'cancelled',
      outputAssetId: null,
      error: { code: 'job.cancelled' },
    });
    const assets = await call('GET', `/assets?projectId=${projectId}`);
    expect(assets.body.data.map((a: any) => a.id)).toEqual([source.id]);
  });

  it('fails a finish of pure silence with finish.silent_audio', async () => {
    const silence = await upload(call, await newProject(call), await makeToneBursts(fixtures.dir, [], 3));
    const res = await startJob(call, `/assets/${silence.id}/finishes`, {});
    expect(res.status).toBe(202);
    const done = await settle(call, `/finishes/${res.body.data.id}`);
    expect(done).toMatchObject({ state: 'failed', outputAssetId: null, error: { code: 'finish.silent_audio' } });
    expect(done.error.message).toMatch(/silent/);
  });
});
