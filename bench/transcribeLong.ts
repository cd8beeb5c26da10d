// The long-recording row of the transcription benchmark (issue 26, "Long transcription"): the
// LibriVox sentences joined over and over into a recording of BENCH_TRANSCRIBE_LONG_MINUTES
// (default 10; the two hours is 120), transcribed through the service, which cuts it
// into chunks at silences and recognises them on every core. Measured: the wall-clock
// realtime factor (the job's createdAt → completedAt over the audio), the chunks, the word
// error rate against the repeated text, and the resume cost: the same asset transcribed
// again with the service stopped half-way and started on the same data folder, its extra wall
// time over the uninterrupted run (restart, the decode and the silences measured again, the
// chunks in flight at the stop recognised again).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { wordErrors } from '../shared/speech/wordErrorRate.ts';
import { expectStatus, jsonClient, newProject, startBenchSandbox, type JsonCall } from './support/benchSandbox.ts';
import { envInt, fixed, note, table } from './support/report.ts';

const run = promisify(execFile);
const LONG_MINUTES = envInt('BENCH_TRANSCRIBE_LONG_MINUTES', 10);

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

/** Runs the row; its one-line summary. */
export async function benchLongTranscription(work: string, set: LongRecording): Promise<string> {
  const long = await makeLongRecording(work, set);
  let sandbox = await startBenchSandbox({ jobSeconds: 0 });
  try {
    let call = jsonClient(sandbox.createBaseUrl, sandbox.apiKey);
    const form = new FormData();
    form.set('projectId', String(await newProject(call, 'Long transcription benchmark')));
    form.set('file', new Blob([readFileSync(long.path)], { type: 'audio/wav' }), 'long.wav');
    const asset = expectStatus(await call('POST', '/assets', { form }), 201, 'uploading the long recording');

    let chunks = 0;
    const whole = await follow(call, await transcribe(call, asset.id), (job) => {
      chunks = job.partial?.chunks.total ?? chunks;
      return false;
    });
    if (whole.state !== 'completed')
      throw new Error(`long transcription ${whole.state}: ${JSON.stringify(whole.error)}`);
    const wholeMs = Date.parse(whole.completedAt) - Date.parse(whole.createdAt);
    const errors = wordErrors(long.text, whole.transcript.text);

    const id = await transcribe(call, asset.id);
    const half = await follow(
      call,
      id,
      (job) => (job.partial?.chunks.done ?? 0) * 2 >= (job.partial?.chunks.total ?? 2),
    );
    const storedAtStop = half.partial?.chunks.done ?? 0;
    const stoppedAt = performance.now();
    sandbox = await sandbox.restart();
    call = jsonClient(sandbox.createBaseUrl, sandbox.apiKey);
    const resumed = await follow(call, id, () => false);
    // What the rest took after the stop, against the uninterrupted run's time for the same share (1 s polls).
    const restMs = performance.now() - stoppedAt;
    const restExpectedMs = wholeMs * (1 - storedAtStop / Math.max(1, chunks));
    if (resumed.state !== 'completed') throw new Error(`resumed transcription ${resumed.state}`);
    const resumedMs = Date.parse(resumed.completedAt) - Date.parse(resumed.createdAt);
    const same = resumed.transcript.text === whole.transcript.text;

    table([
      [
        'long recording',
        'audio',
        'chunks',
        'WER',
        'wall / audio',
        'resumed: wall / audio',
        'resume cost',
        'same words',
      ],
      [
        `LibriVox sentences × ${long.rounds}`,
        `${fixed(long.ms / 60_000, 1)} min`,
        chunks,
        `${fixed(errors.rate * 100, 1)} %`,
        fixed(wholeMs / long.ms, 3),
        fixed(resumedMs / long.ms, 3),
        `${fixed((restMs - restExpectedMs) / 1000, 1)} s (stopped at ${storedAtStop} of ${chunks} chunks)`,
        same ? 'yes' : 'NO',
      ],
    ]);
    note(
      "Wall clock from the job's createdAt to completedAt; the resumed run includes the stop and the restart. Resume cost: the time from the stop to completion (restart, decode and silences again, the chunks in flight at the stop recognised again) minus the uninterrupted run's time for the same share of chunks; on a loaded machine it varies with the load. Goal (issue 26): wall / audio ≤ 0.2 on a two-hour recording (BENCH_TRANSCRIBE_LONG_MINUTES=120), WER within one point of the joined LibriVox row.",
    );
    return `long recording ${fixed(long.ms / 60_000, 1)} min: wall RTF ${fixed(wholeMs / long.ms, 3)}, ${chunks} chunks, WER ${fixed(errors.rate * 100, 1)} %, resume after a stop half-way ${fixed((restMs - restExpectedMs) / 1000, 1)} s over the uninterrupted run's time for the rest${same ? '' : ' (WORDS DIFFER)'}`;
  } finally {
    await sandbox.remove();
  }
}
