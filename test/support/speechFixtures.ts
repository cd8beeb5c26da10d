// Media with known sound and picture for the transcription, review, speech-edit and finish
// tests: tone bursts at exact times, silences and black stretches where the test says, so
// what the sandbox measures can be checked against what was made.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { mediaForm } from './mediaFixtures.ts';
import type { ApiCall } from './sandboxProcess.ts';

const run = promisify(execFile);

async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

export interface Burst {
  startMs: number;
  endMs: number;
}

/** ffmpeg expression: 1 inside any burst, 0 elsewhere (t in seconds). */
function inside(bursts: Burst[]): string {
  return bursts.map((b) => `between(t,${b.startMs / 1000},${b.endMs / 1000})`).join('+') || '0';
}

/** A mono WAV, `seconds` long, with a 440 Hz tone at `amplitude` (0..1) during each burst and digital silence elsewhere. */
export async function makeToneBursts(dir: string, bursts: Burst[], seconds: number, amplitude = 0.3): Promise<string> {
  const path = join(dir, `bursts-${randomUUID()}.wav`);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='if(${inside(bursts)},${amplitude}*sin(2*PI*440*t),0)':d=${seconds}:s=44100`,
    '-c:a',
    'pcm_s16le',
    path,
  ]);
  return path;
}

/** A steady quiet tone (a WAV `seconds` long) at about -42 LUFS. */
export async function makeQuietWav(dir: string, seconds = 5): Promise<string> {
  const path = join(dir, `quiet-${randomUUID()}.wav`);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${seconds},volume=0.1`,
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    path,
  ]);
  return path;
}

/**
 * An MP4 (H.264 test pattern, 10 fps, AAC tone) `seconds` long whose picture is black
 * during `black` and whose sound is silent during `silent`.
 */
export async function makeClipWithGaps(
  dir: string,
  options: { seconds: number; black: Burst; silent: Burst },
): Promise<string> {
  const path = join(dir, `gaps-${randomUUID()}.mp4`);
  const { seconds, black, silent } = options;
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=160x90:rate=10:d=${seconds},drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill:enable='${inside([black])}'`,
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='if(${inside([silent])},0,0.3*sin(2*PI*440*t))':d=${seconds}:s=44100`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-shortest',
    path,
  ]);
  return path;
}

/** An MP4 with H.264 video only (no sound track), `seconds` long. */
export async function makeVideoWithoutSound(dir: string, seconds = 1): Promise<string> {
  const path = join(dir, `mute-${randomUUID()}.mp4`);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=160x90:rate=10:d=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    path,
  ]);
  return path;
}

/** What ffmpeg's ebur128 filter measures in a file: integrated loudness (LUFS) and true peak (dBFS). */
export async function measureEbur128(path: string): Promise<{ integratedLufs: number; truePeakDb: number }> {
  const { stderr } = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostats',
      '-nostdin',
      '-i',
      path,
      '-map',
      '0:a:0',
      '-af',
      'ebur128=peak=true',
      '-f',
      'null',
      '-',
    ],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  return {
    integratedLufs: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]),
    truePeakDb: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)![1]),
  };
}

export async function newProject(call: ApiCall): Promise<number> {
  const res = await call('POST', '/projects', { body: { name: `Intel ${randomUUID().slice(0, 8)}` } });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** Uploads a file to a project and returns the Asset. */
export async function upload(call: ApiCall, projectId: number, path: string): Promise<any> {
  const res = await call('POST', '/assets', { form: mediaForm(path, { projectId }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** A creating POST with a fresh (or the given) Idempotency-Key. */
export function startJob(call: ApiCall, path: string, body: unknown, key: string = randomUUID()) {
  return call('POST', path, { body, headers: { 'idempotency-key': key } });
}

/**
 * Polls gently until the job's state is final: four times a second at first, then once a
 * second, so a slow job (speech recognition under load) stays within one key's 120 requests a minute.
 */
export async function settle(call: ApiCall, path: string, timeoutMs = 30_000): Promise<any> {
  const started = Date.now();
  for (;;) {
    const res = await call('GET', path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (['completed', 'failed', 'cancelled'].includes(res.body.data.state)) return res.body.data;
    const elapsed = Date.now() - started;
    if (elapsed > timeoutMs) throw new Error(`${path} still ${res.body.data.state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, elapsed < 5000 ? 250 : 1000));
  }
}

export async function walletUsd(call: ApiCall): Promise<number> {
  return (await call('GET', '/me')).body.data.account.walletUsd;
}
