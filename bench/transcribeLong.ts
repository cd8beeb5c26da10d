// The long-recording row of the transcription benchmark (issue 26, "Long transcription"): the
// LibriVox sentences joined over and over into a recording of BENCH_TRANSCRIBE_LONG_MINUTES
// (default 10; the two hours is 120), transcribed through the service, which cuts it
// into chunks at silences and recognises them on every core. Measured, on an uninterrupted run:
// the wall-clock realtime factor (the job's createdAt → completedAt over the audio); the CPU
// seconds per audio second of the service's child processes (ffmpeg's decode and silences
// before the chunks, pocketsphinx on the chunks; user + system from /proc, so it does not
// depend on the machine's load), and from them the floor of the realtime factor on idle cores
// (the part before the chunks runs alone; the chunks share the cores); the chunks; the word
// error rate against the repeated text. Then the resume: the same asset transcribed again, the
// service killed (SIGKILL, as a crash) once half its chunks are stored and started on the same
// data folder; its cost is the chunks recognised twice (those in flight at the kill: their
// pocketsphinx runs name the chunk's file), the CPU time over the uninterrupted run's, and the
// wall time from the kill to completion over the uninterrupted run's time for the same share.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { wordErrors } from '../shared/speech/wordErrorRate.ts';
import {
  expectStatus,
  jsonClient,
  newProject,
  startBenchSandbox,
  type BenchSandbox,
  type JsonCall,
  type LogLine,
} from './support/benchSandbox.ts';
import { childrenCpuMs, liveChildren } from './support/processCpu.ts';
import { envInt, fixed, note, table } from './support/report.ts';

const run = promisify(execFile);
const LONG_MINUTES = envInt('BENCH_TRANSCRIBE_LONG_MINUTES', 10);
/** The cores the chunks share (the service runs as many chunks at once, at most its paid job slots). */
const CORES = availableParallelism();

export interface LongRecording {
  recordings: { path: string; text: string }[];
}

async function makeLongRecording(
  work: string,
  set: LongRecording,
): Promise<{ path: string; ms: number; text: string; rounds: number }> {
  // One round of the sentences with one-second pauses, then that round looped to the length.
  const round = join(work, 'long-round.wav');
  const inputs = set.recordings.flatMap((r) => [
    '-i',
    r.path,
    '-f',
    'lavfi',
    '-t',
    '1',
    '-i',
    'anullsrc=r=16000:cl=mono',
  ]);
  const count = set.recordings.length * 2;
  const filter = `${Array.from({ length: count }, (_, i) => `[${i}:a]`).join('')}concat=n=${count}:v=0:a=1`;
  // prettier-ignore
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...inputs,
    '-filter_complex', filter, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', round]);
  const roundMs =
    Number(
      (await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', round])).stdout,
    ) * 1000;
  const rounds = Math.max(1, Math.round((LONG_MINUTES * 60_000) / roundMs));
  const path = join(work, 'long.wav');
  // prettier-ignore
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-stream_loop', String(rounds - 1),
    '-i', round, '-c:a', 'pcm_s16le', path]);
  const text = Array.from({ length: rounds }, () => set.recordings.map((r) => r.text).join(' ')).join(' ');
  return { path, ms: Math.round(rounds * roundMs), text, rounds };
}

async function transcribe(call: JsonCall, assetId: number): Promise<number> {
  const accepted = expectStatus(
    await call('POST', `/assets/${assetId}/transcriptions`, { body: {}, headers: { 'idempotency-key': randomUUID() } }),
    202,
    'transcribing the long recording',
  );
  return accepted.id as number;
}

/** Polls a transcription until `until` holds of it (or it ended); the last answer. */
async function follow(call: JsonCall, id: number, until: (job: any) => boolean): Promise<any> {
  for (;;) {
    const job = expectStatus(await call('GET', `/transcriptions/${id}`), 200, 'polling');
    if (until(job) || !['queued', 'running'].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

interface Phases {
  /** createdAt → the chunks' start: the queue, the decode to PCM and the silences, one process at a time. */
  beforeMs: number;
  beforeCpuMs: number;
  /** The chunks' start → the last chunk stored. */
  chunksMs: number;
  chunksCpuMs: number;
  /** The last chunk → completedAt: joining the words and fitting them to the silences. */
  afterMs: number;
}

const epochMs = (line: LogLine) => performance.timeOrigin + line.atMs;

/** Where a finished job's time went, from the service's log lines about it (each with the children's CPU then). */
function phasesOf(log: LogLine[], id: number, job: any, cpuAtStart: number): Phases {
  const start = log.find((l) => l.line.includes(`transcription ${id}: recognising `));
  const chunkLines = log.filter((l) => new RegExp(`transcription ${id}: chunk \\d+ of \\d+ recognised`).test(l.line));
  const last = chunkLines.at(-1);
  if (!start || !last) throw new Error(`the service's log does not say when transcription ${id}'s chunks ran`);
  return {
    beforeMs: epochMs(start) - Date.parse(job.createdAt),
    beforeCpuMs: start.childrenCpuMs - cpuAtStart,
    chunksMs: epochMs(last) - epochMs(start),
    chunksCpuMs: last.childrenCpuMs - start.childrenCpuMs,
    afterMs: Date.parse(job.completedAt) - epochMs(last),
  };
}

/** The chunk indexes the service's log says it recognised for a transcription. */
function recognisedChunks(log: LogLine[], id: number): number[] {
  return log.flatMap((l) => {
    const m = new RegExp(`transcription ${id}: chunk (\\d+) of \\d+ recognised`).exec(l.line);
    return m ? [Number(m[1]) - 1] : [];
  });
}

/** The chunks being recognised under the service right now: pocketsphinx's -infile names the chunk's file. */
function chunksInFlight(servicePid: number): { chunks: number[]; cpuMs: number; pids: number[] } {
  const children = liveChildren(servicePid);
  const chunks: number[] = [];
  for (const child of children) {
    try {
      const m = /chunk-(\d+)\.s16le/.exec(readFileSync(`/proc/${child.pid}/cmdline`, 'utf8'));
      if (m) chunks.push(Number(m[1]));
    } catch {
      // It ended while it was read.
    }
  }
  return { chunks, cpuMs: children.reduce((sum, c) => sum + c.cpuMs, 0), pids: children.map((c) => c.pid) };
}

const perAudio = (ms: number, audioMs: number) => fixed(ms / audioMs, 3);

/** Runs the row; its one-line summary. */
export async function benchLongTranscription(work: string, set: LongRecording): Promise<string> {
  const long = await makeLongRecording(work, set);
  let sandbox: BenchSandbox = await startBenchSandbox({ jobSeconds: 0 });
  try {
    let call = jsonClient(sandbox.createBaseUrl, sandbox.apiKey);
    const form = new FormData();
    form.set('projectId', String(await newProject(call, 'Long transcription benchmark')));
    form.set('file', new Blob([readFileSync(long.path)], { type: 'audio/wav' }), 'long.wav');
    const asset = expectStatus(await call('POST', '/assets', { form }), 201, 'uploading the long recording');

    // The uninterrupted run.
    let cpuAtStart = childrenCpuMs(sandbox.pid);
    const wholeId = await transcribe(call, asset.id);
    const whole = await follow(call, wholeId, () => false);
    if (whole.state !== 'completed')
      throw new Error(`long transcription ${whole.state}: ${JSON.stringify(whole.error)}`);
    const wholeCpuMs = childrenCpuMs(sandbox.pid) - cpuAtStart;
    const wholeMs = Date.parse(whole.completedAt) - Date.parse(whole.createdAt);
    const phases = phasesOf(sandbox.log(), wholeId, whole, cpuAtStart);
    const chunks = recognisedChunks(sandbox.log(), wholeId).length;
    const errors = wordErrors(long.text, whole.transcript.text);
    // On idle cores the part before the chunks runs alone and the chunks share the cores.
    const floorMs = (cores: number) => phases.beforeCpuMs + phases.chunksCpuMs / Math.min(cores, chunks);

    if (chunks < 2)
      throw new Error(
        `the long recording was recognised as ${chunks} chunk: a resume needs 2 or more; set BENCH_TRANSCRIBE_LONG_MINUTES to 2 or more`,
      );
    // The same asset again, killed once half its chunks are stored.
    cpuAtStart = childrenCpuMs(sandbox.pid);
    const id = await transcribe(call, asset.id);
    const half = await follow(call, id, (job) => (job.partial?.chunks.done ?? 0) * 2 >= chunks);
    if (half.state !== 'running')
      throw new Error(`the second run was ${half.state} before half its chunks were stored`);
    const killedPid = sandbox.pid;
    const inFlight = chunksInFlight(killedPid);
    const cpuBeforeKillMs = childrenCpuMs(killedPid) - cpuAtStart + inFlight.cpuMs;
    const killedAt = performance.now();
    await sandbox.stop('SIGKILL');
    // Its children outlive it (pocketsphinx runs on until its next write to the closed pipe): ended
    // here, so the restarted service does not share the cores with them.
    for (const pid of inFlight.pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    sandbox = await sandbox.restart();
    const restartMs = performance.now() - killedAt;
    call = jsonClient(sandbox.createBaseUrl, sandbox.apiKey);
    const cpuAtRestart = childrenCpuMs(sandbox.pid);
    const resumed = await follow(call, id, () => false);
    if (resumed.state !== 'completed')
      throw new Error(`resumed transcription ${resumed.state}: ${JSON.stringify(resumed.error)}`);
    const restMs = performance.now() - killedAt;
    const resumedCpuMs = cpuBeforeKillMs + childrenCpuMs(sandbox.pid) - cpuAtRestart;
    const resumeLine = sandbox.log().find((l) => l.line.includes(`transcription ${id}: recognising `));
    const storedAtKill = Number(/\((\d+) stored\)/.exec(resumeLine?.line ?? '')?.[1] ?? NaN);
    const again = recognisedChunks(sandbox.log(), id);
    const twice = inFlight.chunks.filter((i) => again.includes(i)).sort((a, b) => a - b);
    // The uninterrupted run's time for the chunks left at the kill, as its chunks took it.
    const restExpectedMs = phases.beforeMs + phases.chunksMs * (1 - storedAtKill / chunks) + phases.afterMs;
    const resumedMs = Date.parse(resumed.completedAt) - Date.parse(resumed.createdAt);
    const same = resumed.transcript.text === whole.transcript.text;

    table([
      ['long recording', 'audio', 'chunks', 'WER', 'wall / audio', 'CPU / audio', 'floor on idle cores', 'load'],
      [
        `LibriVox sentences × ${long.rounds}`,
        `${fixed(long.ms / 60_000, 1)} min`,
        chunks,
        `${fixed(errors.rate * 100, 1)} %`,
        fixed(wholeMs / long.ms, 3),
        `${perAudio(wholeCpuMs, long.ms)} (before the chunks ${perAudio(phases.beforeCpuMs, long.ms)}, chunks ${perAudio(phases.chunksCpuMs, long.ms)})`,
        `${perAudio(floorMs(1), long.ms)} on 1, ${perAudio(floorMs(CORES), long.ms)} on ${CORES}`,
        readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      ],
    ]);
    note(
      `Wall time: ${fixed(phases.beforeMs / 1000, 1)} s before the chunks (queue, decode, silences), ${fixed(phases.chunksMs / 1000, 1)} s of chunks (CPU ${fixed(phases.chunksCpuMs / Math.max(1, phases.chunksMs), 2)} cores busy on average), ${fixed(phases.afterMs / 1000, 1)} s after.`,
    );
    table([
      [
        'resume (SIGKILL half-way)',
        'stored at the kill',
        'recognised twice',
        'restart',
        'extra wall',
        'extra CPU',
        'resumed: wall / audio',
        'same words',
      ],
      [
        `LibriVox sentences × ${long.rounds}`,
        `${storedAtKill} of ${chunks} chunks`,
        `${twice.length} chunk${twice.length === 1 ? '' : 's'} (${fixed(inFlight.cpuMs / 1000, 1)} CPU s in flight)`,
        `${fixed(restartMs / 1000, 1)} s`,
        `${fixed((restMs - restExpectedMs) / 1000, 1)} s`,
        `${fixed((resumedCpuMs - wholeCpuMs) / 1000, 1)} s`,
        fixed(resumedMs / long.ms, 3),
        same ? 'yes' : 'NO',
      ],
    ]);
    note(
      "Wall clock from the job's createdAt to completedAt. CPU: user + system of the service's child processes (ffmpeg, pocketsphinx), which does not depend on the load; the floor is the wall / audio those would take on idle cores. Resume: extra wall is the time from the kill to completion (the restart, the decode and the silences again, the chunks in flight recognised again) minus the uninterrupted run's time for the chunks left, and varies with the load; extra CPU is the resumed run's CPU over the uninterrupted run's. Goal (issue 26): wall / audio ≤ 0.2 on a two-hour recording (BENCH_TRANSCRIBE_LONG_MINUTES=120), WER within one point of the joined LibriVox row.",
    );
    return `long recording ${fixed(long.ms / 60_000, 1)} min: wall RTF ${fixed(wholeMs / long.ms, 3)}, CPU ${perAudio(wholeCpuMs, long.ms)} s per audio s (floor ${perAudio(floorMs(CORES), long.ms)} on ${CORES} idle cores), ${chunks} chunks, WER ${fixed(errors.rate * 100, 1)} %, resume after a kill half-way: ${twice.length} chunks recognised twice, ${fixed((resumedCpuMs - wholeCpuMs) / 1000, 1)} CPU s and ${fixed((restMs - restExpectedMs) / 1000, 1)} s wall over the uninterrupted run${same ? '' : ' (WORDS DIFFER)'}`;
  } finally {
    await sandbox.remove();
  }
}
