// Media and service access for the production e2e tests: short MP4s of recorded speech
// (LibriVox sentences the recogniser hears, with pauses where the test says) and of a tone
// with silences (sound that is not speech: for reviews and finishes), the workspace's own
// API for building the timeline behind the app (as a script or another editor would), and ffprobe.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mediaForm } from '../../support/mediaFixtures.ts';
import { makeSpokenMedia, type SpokenPart } from '../../support/spokenMedia.ts';

const run = promisify(execFile);

export interface Span {
  readonly startMs: number;
  readonly endMs: number;
}

const inside = (spans: readonly Span[]) =>
  spans.map((s) => `between(t,${s.startMs / 1000},${s.endMs / 1000})`).join('+') || '0';

/** An MP4 (test pattern, 10 fps, AAC) of sentences and silences, as an interview camera would record them. */
export async function makeSpokenClip(dir: string, name: string, parts: SpokenPart[]): Promise<string> {
  return (await makeSpokenMedia(dir, parts, { video: true, name })).path;
}

/** An MP4 (test pattern, 10 fps, AAC) `seconds` long with a 440 Hz tone except during `silences`. */
export async function makeToneClip(
  dir: string,
  name: string,
  seconds: number,
  silences: readonly Span[],
): Promise<string> {
  const path = join(dir, name);
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=160x90:rate=10:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='if(${inside(silences)},0,0.3*sin(2*PI*440*t))':d=${seconds}:s=44100`,
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

/** How long a media file lasts, as ffprobe reads its container. */
export async function probeDurationMs(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=nw=1:nk=1',
    path,
  ]);
  return Math.round(Number(stdout.trim()) * 1000);
}

export interface ServiceApi {
  get(path: string): Promise<any>;
  post(path: string, body: unknown): Promise<any>;
  upload(path: string, projectId: number): Promise<any>;
}

export async function serviceApi(app: {
  localSecrets(): Promise<{ createApiKey: string } | null>;
  localCreateBaseUrl(): string;
}): Promise<ServiceApi> {
  const secrets = await app.localSecrets();
  const base = app.localCreateBaseUrl();
  const authorization = `Bearer ${secrets!.createApiKey}`;
  return {
    async get(path) {
      return (await fetch(`${base}${path}`, { headers: { authorization } })).json();
    },
    async post(path, body) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(body),
      });
      return res.json();
    },
    async upload(path, projectId) {
      const res = await fetch(`${base}/assets`, {
        method: 'POST',
        headers: { authorization },
        body: mediaForm(path, { projectId }),
      });
      return (await res.json()).data;
    },
  };
}

/** The sum of the source ranges the clips of the first video track play. */
export function videoTrackLengthMs(timeline: any): number {
  const video = timeline.tracks.find((t: any) => t.kind === 'video');
  return video.clips.reduce((sum: number, c: any) => sum + (c.outMs - c.inMs), 0);
}
