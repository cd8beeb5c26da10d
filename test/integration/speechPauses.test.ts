// Pauses in real recorded speech, through the real sandbox and its recogniser: four LibriVox
// sentences (pocketsphinx-testdata), each trimmed to where its sound starts and ends, joined
// by silences of known lengths (0.4, 0.8 and 1.2 s) and a 2.7 s tail, under a faint room
// tone (pink noise at about −50 dBFS, as a real room has; digital silence would be too easy).
// The transcript editor's view of it (shared/transcript) finds every one of those pauses,
// each edge within 50 ms, and "Shorten pauses" shortens them at a threshold as low as
// 150 ms. Unpunctuated words are broken into sentences at pauses.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog as serviceCatalog } from '../../sandbox/editor/editorCatalog.ts';
import { applyCommands, type ApplyContext } from '../../shared/timeline/applyCommands.ts';
import { CatalogSchema, type Timeline } from '../../shared/timeline/timelineTypes.ts';
import { shortenPauses, speechCounts } from '../../shared/transcript/textEdits.ts';
import { timelineTranscript, type SpokenWord, type WordItem } from '../../shared/transcript/timelineTranscript.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';
import { newProject, settle, startJob, upload } from '../support/speechFixtures.ts';
import { sentence } from '../support/spokenMedia.ts';

const run = promisify(execFile);
const QUIET = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
const fixtures = makeFixtureDir();
/** The inserted silences after each sentence but the last, then the tail. */
const SILENCES_MS = [400, 800, 1200];
const TAIL_MS = 2700;
const TOLERANCE_MS = 50;

async function secondsOf(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number(stdout.trim());
}

/** The recording trimmed to its sound (from the first to the last moment above −40 dB), 16 kHz mono. */
async function trimmed(path: string, out: string): Promise<number> {
  const edge = 'silenceremove=start_periods=1:start_threshold=-40dB';
  await run('ffmpeg', [
    ...QUIET,
    '-i',
    path,
    '-af',
    `${edge},areverse,${edge},areverse`,
    '-ar',
    '16000',
    '-ac',
    '1',
    out,
  ]);
  return Math.round((await secondsOf(out)) * 1000);
}

/** Speech with known pauses: where each inserted silence (and the tail) starts and ends, ms. */
async function speechWithPauses(dir: string): Promise<{ path: string; pauses: [number, number][] }> {
  const parts = ['0870', '0880', '0890', '0930'];
  const inputs: string[] = [];
  const pauses: [number, number][] = [];
  let at = 0;
  for (const [i, suffix] of parts.entries()) {
    const part = join(dir, `part-${suffix}.wav`);
    at += await trimmed(sentence(suffix).path, part);
    const silence = SILENCES_MS[i] ?? TAIL_MS;
    inputs.push('-i', part, '-f', 'lavfi', '-t', String(silence / 1000), '-i', 'anullsrc=r=16000:cl=mono');
    pauses.push([at, at + silence]);
    at += silence;
  }
  const path = join(dir, `pauses-${randomUUID()}.wav`);
  const n = parts.length * 2;
  const joined = `${Array.from({ length: n }, (_v, i) => `[${i}]`).join('')}concat=n=${n}:v=0:a=1[speech]`;
  await run('ffmpeg', [
    ...QUIET,
    ...inputs,
    ...['-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.003:sample_rate=16000'],
    ...['-filter_complex', `${joined};[speech][${n}]amix=inputs=2:duration=first:normalize=0`],
    ...['-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', path],
  ]);
  return { path, pauses };
}

describe('pauses in recorded speech', () => {
  let sandbox: RunningSandbox;
  let words: SpokenWord[];
  let known: [number, number][];
  let durationMs: number;

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 0.2 });
    const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    const projectId = await newProject(call);
    const speech = await speechWithPauses(fixtures.dir);
    known = speech.pauses;
    const asset = await upload(call, projectId, speech.path);
    durationMs = asset.durationMs;
    const res = await startJob(call, `/assets/${asset.id}/transcriptions`, { language: 'en' });
    expect(res.status).toBe(202);
    const done = await settle(call, `/transcriptions/${res.body.data.id}`, 120_000);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    words = done.transcript.words;
    expect(words.length).toBeGreaterThan(30);
  }, 180_000);
  afterAll(async () => {
    await sandbox?.stop({ removeData: true });
    fixtures.cleanup();
  });

  const ctx = (): ApplyContext => ({
    catalog: CatalogSchema.parse(serviceCatalog()),
    asset: () => ({ kind: 'audio', durationMs }),
    newId: randomUUID,
  });

  /** The recording as one clip on an audio track, from 1 s on the timeline. */
  function placed(): Timeline {
    const empty: Timeline = {
      projectId: 1,
      revision: 'r0',
      durationMs: 0,
      tracks: [{ id: randomUUID(), kind: 'audio', name: 'Audio 1', muted: false, locked: false, clips: [] }],
    };
    const trackId = empty.tracks[0]!.id;
    return applyCommands(
      empty,
      [{ type: 'addClip', trackId, assetId: 1, startMs: 1000, inMs: 0, outMs: durationMs }],
      ctx(),
    );
  }

  it('finds every silence between sentences, and the tail, each edge within 50 ms', () => {
    const transcript = timelineTranscript(placed(), new Map([[1, words]]));
    const gaps = transcript.gaps.map((g) => [g.startMs - 1000, g.endMs - 1000] as const);
    for (const [start, end] of known) {
      const found = gaps.find(([s, e]) => Math.abs(s - start) <= TOLERANCE_MS && Math.abs(e - end) <= TOLERANCE_MS);
      expect(found, `a pause at ${start}–${end} ms among ${JSON.stringify(gaps)}`).toBeDefined();
    }
  });

  it('shortens them at every threshold down to 150 ms', () => {
    const timeline = placed();
    const transcript = timelineTranscript(timeline, new Map([[1, words]]));
    for (const keepMs of [1000, 500, 300, 150]) {
      const longer = known.filter(([s, e]) => e - s > keepMs).length;
      expect(speechCounts(transcript, keepMs).pauses, `keeping ${keepMs} ms`).toBeGreaterThanOrEqual(longer);
    }
    const plan = shortenPauses(timeline, transcript, 150, ctx());
    expect('commands' in plan, JSON.stringify(plan)).toBe(true);
    const after = applyCommands(timeline, 'commands' in plan ? plan.commands : [], ctx());
    // At least every known pause less 150 ms is gone.
    const removed = known.reduce((sum, [s, e]) => sum + (e - s - 150), 0);
    expect(timeline.durationMs - after.durationMs).toBeGreaterThanOrEqual(removed - 4 * TOLERANCE_MS);
  });

  it('ends a sentence at each of those pauses, with no sentence of more than 20 words', () => {
    const transcript = timelineTranscript(placed(), new Map([[1, words]]));
    const items = transcript.items.filter((i): i is WordItem => i.kind === 'word');
    for (const [start] of known) {
      const before = items.filter((w) => w.endMs - 1000 <= start + TOLERANCE_MS).at(-1)!;
      expect(before.sentenceEnd, `the word before ${start} ms, "${before.text}"`).toBe(true);
    }
    let run = 0;
    for (const word of items) {
      run = word.sentenceEnd ? 0 : run + 1;
      expect(run).toBeLessThan(20);
    }
  });
});
