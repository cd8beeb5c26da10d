// Helpers for the export tests: media whose frames and sound say which clip they came
// from, the calls a client makes (upload, project, export, download), and measures of the
// exported file (streams, a frame's average colour, peak level, PSNR against another).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { mediaForm } from './mediaFixtures.ts';
import type { ApiCall, RunningSandbox } from './sandboxProcess.ts';

const run = promisify(execFile);

async function ffmpeg(args: string[]): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
    encoding: 'buffer',
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** Media made in `dir` and the client calls of one sandbox. */
export function exportHarness(sandbox: RunningSandbox, call: ApiCall, dir: string) {
  return {
    /** A solid-colour MP4 (H.264 + a 440 Hz AAC tone), so frames of the export show which clip they came from. */
    async solidMp4(colour: string, seconds: number): Promise<string> {
      const path = join(dir, `${colour}-${seconds}s.mp4`);
      await ffmpeg([
        '-f',
        'lavfi',
        '-i',
        `color=c=${colour}:s=160x90:r=25:d=${seconds}`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        path,
      ]);
      return path;
    },
    async solidPng(colour: string): Promise<string> {
      const path = join(dir, `${colour}.png`);
      await ffmpeg(['-f', 'lavfi', '-i', `color=c=${colour}:s=64x48`, '-frames:v', '1', path]);
      return path;
    },
    async upload(path: string, project: number): Promise<any> {
      const res = await call('POST', '/assets', { form: mediaForm(path, { projectId: project }) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data;
    },
    async createProject(name: string, aspectRatio: string): Promise<number> {
      const res = await call('POST', '/projects', { body: { name, aspectRatio } });
      expect(res.status).toBe(201);
      return res.body.data.id;
    },
    postExport(body: unknown, key: string = randomUUID()) {
      return call('POST', '/exports', { body, headers: { 'idempotency-key': key } });
    },
    /** Downloads an asset's bytes to a file the way a client would. */
    async download(assetId: number): Promise<string> {
      const res = await fetch(`${sandbox.createBaseUrl}/assets/${assetId}/content`, {
        headers: { authorization: `Bearer ${sandbox.apiKey}` },
      });
      expect(res.status).toBe(200);
      const path = join(dir, `download-${assetId}.mp4`);
      writeFileSync(path, Buffer.from(await res.arrayBuffer()));
      return path;
    },
  };
}

export async function probeFile(path: string): Promise<{ streams: any[]; format: any }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name,width,height,pix_fmt,sample_rate,channels,avg_frame_rate:format=duration',
    '-of',
    'json',
    path,
  ]);
  return JSON.parse(stdout);
}

/** The average colour of the frame shown at `seconds`, as [r, g, b]. */
export async function colourAt(path: string, seconds: number): Promise<[number, number, number]> {
  const pixel = await ffmpeg([
    '-ss',
    String(seconds),
    '-i',
    path,
    '-frames:v',
    '1',
    '-vf',
    'scale=1:1:flags=area',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  return [pixel[0]!, pixel[1]!, pixel[2]!];
}

/** The peak sound level, in dB, between two times (-91 or lower is silence). */
export async function peakDb(path: string, from: number, to: number): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-ss',
    String(from),
    '-t',
    String(to - from),
    '-i',
    path,
    '-af',
    'volumedetect',
    '-vn',
    '-f',
    'null',
    '-',
  ]);
  const match = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  return match && match[1] !== '-inf' ? Number(match[1]) : -Infinity;
}

/** Average PSNR (dB) of two videos' pictures, frame by frame; identical ones are Infinity. */
export async function psnr(a: string, b: string): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-i',
    a,
    '-i',
    b,
    '-lavfi',
    'psnr',
    '-f',
    'null',
    '-',
  ]);
  const match = /average:(inf|[\d.]+)/.exec(stderr)!;
  return match[1] === 'inf' ? Infinity : Number(match[1]);
}
