// Transcription benchmark (sandbox/production/speechRecognizer.ts): how many words the local
// service's recogniser gets wrong (the word error rate) and how much time it takes per
// second of sound (the realtime factor), on recorded speech whose text is known — the two
// sets of Debian's pocketsphinx-testdata: five LibriVox sentences (Jane Austen, read by a
// volunteer; the set the service's settings were chosen on) and five "cards" phrases ("ten
// of clubs"; not looked at when choosing). Four ways, in the same run:
//   1. the baseline: pocketsphinx_continuous out of the box, one run per recording;
//   2. the same defaults on the recordings joined with one-second pauses into one file, as
//      the service transcribes an asset (recognizeSpeech with no settings);
//   3. the service's settings on the joined file (recognizeSpeech);
//   4. through the service: the joined file uploaded, POST /assets/{id}/transcriptions,
//      followed to completed (the job's own createdAt → completedAt).
// CPU time is what the recogniser's processes (ffmpeg and pocketsphinx) spent, user +
// system, read from /proc: on a shared machine it says more than the wall clock, which is
// shown too. A realtime factor under 1 is faster than realtime (on one core: the decoder is
// single-threaded).
//
// Then the long-recording rows (transcribeLong.ts): chunks on every core, the CPU per audio second,
// and the cost of a resume after a kill half-way.
//
//   BENCH_TRANSCRIBE_RUNS  timed runs of each way (default 3; medians are shown)
//   BENCH_TRANSCRIBE_LONG_MINUTES  the long recording's length (default 10)
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseDecoderWords, recognizeSpeech } from '../sandbox/production/speechRecognizer.ts';
import { wordErrors, type WordErrors } from '../shared/speech/wordErrorRate.ts';
import { benchLongTranscription } from './transcribeLong.ts';
import { childrenCpuMs } from './support/processCpu.ts';
import { expectStatus, jsonClient, newProject, startBenchSandbox } from './support/benchSandbox.ts';
import { envInt, fixed, heading, median, note, ratio, summary, table } from './support/report.ts';

const RUNS = envInt('BENCH_TRANSCRIBE_RUNS', 3);
const TESTDATA = '/usr/share/pocketsphinx/test/data';
const PAUSE_MS = 1000;
const run = promisify(execFile);

interface Recording {
  path: string;
  text: string;
}

interface SpeechSet {
  name: string;
  recordings: Recording[];
  /** The recordings joined with pauses: what the service transcribes. */
  joined: string;
  durationMs: number;
  text: string;
}

/** A sphinx transcription file: lines of "<s> words </s> (id)"; each recording is `${dir}/${id}.wav`. */
function readSet(dir: string, transcription: string): Recording[] {
  return readFileSync(join(dir, transcription), 'utf8')
    .split('\n')
    .map((line) => /^<s>\s*(.*?)\s*<\/s>\s*\((\S+)\)$/.exec(line.trim()))
    .filter((m) => m !== null)
    .map(([, text, id]) => ({ path: join(dir, `${id}.wav`), text: text! }));
}

async function durationMs(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Math.round(Number(stdout.trim()) * 1000);
}

async function joinRecordings(recordings: Recording[], path: string): Promise<void> {
  const inputs = recordings.flatMap((r, i) => [
    ...(i === 0 ? [] : ['-f', 'lavfi', '-t', String(PAUSE_MS / 1000), '-i', 'anullsrc=r=16000:cl=mono']),
    '-i',
    r.path,
  ]);
  const count = recordings.length * 2 - 1;
  const filter = `${Array.from({ length: count }, (_, i) => `[${i}:a]`).join('')}concat=n=${count}:v=0:a=1`;
  // prettier-ignore
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...inputs,
    '-filter_complex', filter, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', path]);
}

interface Measured {
  errors: WordErrors;
  cpuMs: number[];
  wallMs: number[];
}

/** Runs `once` RUNS times: the words it heard (the same each run) and its CPU and wall times. */
async function measure(set: SpeechSet, once: () => Promise<{ text: string; cpuMs: number; wallMs: number }>) {
  const result: Measured = { errors: wordErrors(set.text, ''), cpuMs: [], wallMs: [] };
  for (let i = 0; i < RUNS; i++) {
    const { text, cpuMs, wallMs } = await once();
    result.errors = wordErrors(set.text, text);
    result.cpuMs.push(cpuMs);
    result.wallMs.push(wallMs);
  }
  return result;
}

/** Times a run of child processes of this process. */
async function timed(work: () => Promise<string>): Promise<{ text: string; cpuMs: number; wallMs: number }> {
  const cpu = childrenCpuMs('self');
  const started = performance.now();
  const text = await work();
  return { text, wallMs: performance.now() - started, cpuMs: childrenCpuMs('self') - cpu };
}

const sentenceOf = (words: { text: string }[]) => words.map((w) => w.text).join(' ');

async function main() {
  heading(
    'Transcription',
    `pocketsphinx (Debian's, US English model) on pocketsphinx-testdata's recorded speech; ${RUNS} timed runs of each way, medians`,
  );
  const work = mkdtempSync(join(tmpdir(), 'clipdesk-bench-transcribe-'));
  const sandbox = await startBenchSandbox({ jobSeconds: 0 });
  try {
    const sets: SpeechSet[] = [];
    for (const [name, dir, file] of [
      ['LibriVox sentences', join(TESTDATA, 'librivox'), 'transcription'],
      ['cards phrases', join(TESTDATA, 'cards'), 'cards.transcription'],
    ] as const) {
      const recordings = readSet(dir, file);
      const joined = join(work, `${name.split(' ')[0]}.wav`);
      await joinRecordings(recordings, joined);
      sets.push({
        name,
        recordings,
        joined,
        durationMs: await durationMs(joined),
        text: recordings.map((r) => r.text).join(' '),
      });
    }

    const call = jsonClient(sandbox.createBaseUrl, sandbox.apiKey);
    const projectId = await newProject(call, 'Transcription benchmark');
    const rows: (string | number)[][] = [
      ['set', 'way', 'words', 'errors', 'WER', 'right', 'CPU / audio', 'wall / audio', 'WER ratio', 'CPU ratio'],
    ];
    const summaries: string[] = [];
    for (const set of sets) {
      const speechMs = (await Promise.all(set.recordings.map((r) => durationMs(r.path)))).reduce((a, b) => a + b, 0);
      const baseline = await measure(set, async () => {
        // Each recording on its own, as `pocketsphinx_continuous -infile file.wav` reads it: all defaults.
        let text = '';
        let cpuMs = 0;
        let wallMs = 0;
        for (const recording of set.recordings) {
          const one = await timed(async () =>
            sentenceOf(
              parseDecoderWords(
                (await run('pocketsphinx_continuous', ['-infile', recording.path, '-time', 'yes'])).stdout,
              ),
            ),
          );
          text += ` ${one.text}`;
          cpuMs += one.cpuMs;
          wallMs += one.wallMs;
        }
        return { text, cpuMs, wallMs };
      });
      const defaultsJoined = await measure(set, () =>
        timed(async () => sentenceOf(await recognizeSpeech(set.joined, { settings: [] }))),
      );
      const ours = await measure(set, () => timed(async () => sentenceOf(await recognizeSpeech(set.joined))));

      const form = new FormData();
      form.set('projectId', String(projectId));
      form.set('file', new Blob([readFileSync(set.joined)], { type: 'audio/wav' }), `${set.name}.wav`);
      const asset = expectStatus(await call('POST', '/assets', { form }), 201, 'uploading the speech');
      const service = await measure(set, async () => {
        const cpu = childrenCpuMs(sandbox.pid);
        const accepted = expectStatus(
          await call('POST', `/assets/${asset.id}/transcriptions`, {
            body: {},
            headers: { 'idempotency-key': randomUUID() },
          }),
          202,
          'transcribing',
        );
        for (;;) {
          await new Promise((r) => setTimeout(r, 500));
          const job = expectStatus(await call('GET', `/transcriptions/${accepted.id}`), 200, 'polling');
          if (job.state === 'queued' || job.state === 'running') continue;
          if (job.state !== 'completed') throw new Error(`transcription ${job.state}: ${JSON.stringify(job.error)}`);
          return {
            text: job.transcript.text,
            cpuMs: childrenCpuMs(sandbox.pid) - cpu,
            wallMs: Date.parse(job.completedAt) - Date.parse(job.createdAt),
          };
        }
      });

      const audio = (m: Measured, ms: number) => ({ cpu: median(m.cpuMs) / ms, wall: median(m.wallMs) / ms });
      const base = audio(baseline, speechMs);
      for (const [way, m, ms] of [
        ['pocketsphinx defaults, per recording (baseline)', baseline, speechMs],
        ['pocketsphinx defaults, joined file', defaultsJoined, set.durationMs],
        ["the service's settings, joined file", ours, set.durationMs],
        ['through the service (HTTP job)', service, set.durationMs],
      ] as const) {
        const a = audio(m, ms);
        rows.push([
          set.name,
          way,
          m.errors.words,
          m.errors.errors,
          `${fixed(m.errors.rate * 100, 1)} %`,
          `${fixed((1 - m.errors.rate) * 100, 1)} %`,
          fixed(a.cpu, 3),
          fixed(a.wall, 3),
          ratio(m.errors.rate, baseline.errors.rate),
          ratio(a.cpu, base.cpu),
        ]);
      }
      summaries.push(
        `${set.name}: WER ${fixed(service.errors.rate * 100, 1)} % through the service vs ${fixed(baseline.errors.rate * 100, 1)} % out of the box (${ratio(service.errors.rate, baseline.errors.rate)}), CPU ${fixed(audio(service, set.durationMs).cpu, 2)} s per audio second (${ratio(audio(service, set.durationMs).cpu, base.cpu)})`,
      );
      note(`${set.name}: ${fixed(speechMs / 1000, 1)} s of speech, ${fixed(set.durationMs / 1000, 1)} s joined`);
    }
    note('');
    table(rows);
    note(
      'Per recording, the audio is the recordings alone; joined, it includes the one-second pauses. "right" is 1 − WER. Ratios are against the baseline row of the same set: under 1 is better.',
    );
    note('');
    summaries.push(await benchLongTranscription(work, sets[0]!));
    summary('transcribe', summaries.join('; '));
  } finally {
    await sandbox.remove();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
