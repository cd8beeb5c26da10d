// The long-form benchmark's projects: two recordings played one after the other as picture
// and sound on two tracks in step, each with a seeded transcript (POST /_sandbox/transcriptions/seed)
// of synthetic words at a talking pace — for scale only: nobody says these words, and the
// sound is a tone. Pace: a word every 300 ms (220 ms of it spoken), a 1.2 s pause after
// every 40 words, a filler ("um", "uh") every 12th word: about 11,200 words and 930 fillers an hour.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { ServiceCall } from './browserModeApp.ts';

const run = promisify(execFile);

const VOCABULARY = (
  'so what we found when we started the show was that people really wanted to hear ' +
  'about how things actually get made and i think that is still true today because ' +
  'every guest brings something new to the table'
).split(' ');

/** [text, startMs, endMs] of a recording of `durationMs`, as the seed control takes them. */
export function syntheticWords(durationMs: number): [string, number, number][] {
  const words: [string, number, number][] = [];
  let at = 0;
  for (let k = 0; at + 220 <= durationMs; k++) {
    const filler = k % 12 === 11;
    // The vocabulary's neighbours never repeat a word (a repeat would be marked as one).
    words.push([filler ? (k % 24 === 23 ? 'uh' : 'um') : VOCABULARY[k % VOCABULARY.length]!, at, at + 220]);
    at += k % 40 === 39 ? 1500 : 300;
  }
  return words;
}

/** A cheap recording of `seconds`: a 64×36 picture at 5 fps and a quiet tone, mono AAC. */
export async function makeRecording(file: string, seconds: number): Promise<void> {
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=64x36:rate=5:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=16000:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50'],
    ...['-c:a', 'aac', '-b:a', '24k', '-ac', '1', '-shortest', file],
  ]);
}

export interface LongformProject {
  name: string;
  id: number;
  words: number;
  fillers: number;
  durationMs: number;
}

/**
 * A project of `recordings` uploads of `file` (each `durationMs` long), each with its seeded
 * transcript, laid end to end on the default video and audio tracks.
 */
export async function buildProject(
  call: ServiceCall,
  seed: (assetId: number, words: [string, number, number][]) => Promise<void>,
  name: string,
  file: string,
  durationMs: number,
  recordings = 2,
): Promise<LongformProject> {
  const project = await call('POST', '/projects', { name, aspectRatio: '16:9' });
  const bytes = readFileSync(file);
  const words = syntheticWords(durationMs);
  const assets: number[] = [];
  for (let k = 0; k < recordings; k++) {
    const form = new FormData();
    form.append('projectId', String(project.id));
    form.append('file', new Blob([bytes]), `recording-${k + 1}.mp4`);
    const asset = await call('POST', '/assets', undefined, form);
    await seed(asset.id as number, words);
    assets.push(asset.id as number);
  }
  const timeline = await call('GET', `/projects/${project.id}/editor/timeline`);
  const trackOf = (kind: string) => timeline.tracks.find((t: { kind: string }) => t.kind === kind).id as string;
  await call('POST', `/projects/${project.id}/editor/commands`, {
    revision: timeline.revision,
    commands: [trackOf('video'), trackOf('audio')].flatMap((trackId) =>
      assets.map((assetId, k) => ({
        type: 'addClip',
        trackId,
        assetId,
        startMs: k * durationMs,
        inMs: 0,
        outMs: durationMs,
      })),
    ),
  });
  const fillers = words.filter(([text]) => text === 'um' || text === 'uh').length;
  return { name, id: project.id, words: words.length * recordings, fillers: fillers * recordings, durationMs };
}

/** The seed control of the app's local sandbox (`origin` without /api/v1). */
export function seeder(baseUrl: string, adminToken: string) {
  const origin = baseUrl.replace(/\/api\/v1$/, '');
  return async (assetId: number, words: [string, number, number][]): Promise<void> => {
    const res = await fetch(`${origin}/_sandbox/transcriptions/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-admin': adminToken },
      body: JSON.stringify({ assetId, words }),
    });
    if (!res.ok) throw new Error(`seeding asset ${assetId}'s transcript: ${res.status} ${await res.text()}`);
  };
}
