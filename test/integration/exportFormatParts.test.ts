// The new formats through a render in parts (sandbox/render/renderComposition.ts: more files
// than one ffmpeg run opens): 50 one-frame stills over a tone cut in 40 pieces, 2 s, exported as a WebM VP9
// (parts in Matroska, joined into WebM) and as a WAV (the sound of every part mixed, limited
// once and brought to the loudness asked for), each lasting the timeline.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { probeFile } from '../support/exportSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { stillImage, toneWav } from '../support/renderFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import { measureEbur128, settle } from '../support/speechFixtures.ts';

const FPS = 25;
const STILLS = 50;
const TONE_PIECES = 40;
const fixtures = makeFixtureDir();
let sandbox: RunningSandbox;
let call: ApiCall;
let projectId: number;

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.2 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  const editor = editorClient(call);
  projectId = await editor.createProject('Parts in every format');
  const dir = fixtures.dir;
  const [red, blue, tone] = await Promise.all([
    stillImage(dir, { colour: 'red', size: '64x64' }).then((p) => editor.upload(p, projectId)),
    stillImage(dir, { colour: 'blue', size: '64x64' }).then((p) => editor.upload(p, projectId)),
    toneWav(dir, { frequency: 1000, seconds: 2, amplitude: 0.5 }).then((p) => editor.upload(p, projectId)),
  ]);
  const start = await editor.timeline(projectId);
  const frameMs = 1000 / FPS;
  await editor.apply(projectId, start.revision, [
    ...Array.from({ length: STILLS }, (_v, i) => ({
      type: 'addClip',
      trackId: trackOf(start, 'video').id,
      assetId: (i % 2 === 0 ? red : blue).id,
      startMs: i * frameMs,
      inMs: 0,
      outMs: frameMs,
    })),
    // The tone in 40 pieces: more sounds than one run opens, so the sound alone is made in parts too.
    ...Array.from({ length: TONE_PIECES }, (_v, i) => ({
      type: 'addClip',
      trackId: trackOf(start, 'audio').id,
      assetId: tone.id,
      startMs: i * 50,
      inMs: i * 50,
      outMs: (i + 1) * 50,
    })),
  ]);
}, 120_000);

afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

async function exportAs(output: object, extension: string) {
  const accepted = await call('POST', '/exports', {
    headers: { 'idempotency-key': randomUUID() },
    body: { projectId, timeline: {}, output },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  const done = await settle(call, `/exports/${accepted.body.data.id}`, 180_000);
  expect(done.state, JSON.stringify(done.error)).toBe('completed');
  const res = await fetch(`${sandbox.createBaseUrl}/assets/${done.assetId}/content`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  });
  const path = join(fixtures.dir, `parts-${done.id}.${extension}`);
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  return path;
}

describe('a render in parts, in the new formats', () => {
  it('joins VP9 parts into a WebM that lasts the timeline', async () => {
    const path = await exportAs({ resolution: '360p', frameRate: FPS, quality: 'draft', format: 'webm-vp9' }, 'webm');
    const probe = await probeFile(path);
    expect(probe.streams.map((s: any) => s.codec_name)).toEqual(['vp9', 'opus']);
    expect(Number(probe.format.duration)).toBeCloseTo(2, 1);
  }, 180_000);

  it('mixes the parts into one WAV at the loudness asked for', async () => {
    const path = await exportAs({ format: 'wav', loudnessLufs: -20 }, 'wav');
    const probe = await probeFile(path);
    expect(probe.streams.map((s: any) => `${s.codec_type}:${s.codec_name}`)).toEqual(['audio:pcm_s16le']);
    expect(Number(probe.format.duration)).toBeCloseTo(2, 1);
    const { integratedLufs } = await measureEbur128(path);
    expect(Math.abs(integratedLufs - -20), `measured ${integratedLufs} LUFS`).toBeLessThanOrEqual(1);
  }, 180_000);
});
