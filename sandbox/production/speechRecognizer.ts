// The local service's speech recogniser: CMU PocketSphinx with its US English model, as
// Debian packages them (pocketsphinx, pocketsphinx-en-us; scripts/system-deps.sh installs
// them). It runs as child processes, so a long file never blocks the event loop: ffmpeg
// decodes the asset's first sound track to 16 kHz mono PCM in a temporary file, and
// pocketsphinx_continuous reads it, splits the sound at silences (its voice activity detector)
// and prints every word it heard with its first and last 10 ms frame and its posterior
// probability. Nothing is downloaded: the model is the package's files. The words' edges
// are then fitted to the silences measured in the same PCM (speechSilences.ts), so the gaps
// between words are the pauses of the sound.
//
// Settings beyond pocketsphinx's defaults (bench/transcribe.bench.ts measures both): score
// 8 Gaussians of the model's mixtures per frame instead of 4, and widen the second
// (flat-lexicon) search pass's beams. On the LibriVox sentences of pocketsphinx-testdata
// they take the share of words heard right from about 65 % to about 75 %, for about a
// third more CPU time, still several times faster than realtime on one core.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpeg } from '../media/ffmpeg.ts';
import { jobFailure } from './mediaJob.ts';
import { fitToSilences, measureSilences } from './speechSilences.ts';
import type { Word } from './transcriptWords.ts';

const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const MODEL = {
  hmm: `${MODEL_DIR}/en-us`,
  lm: `${MODEL_DIR}/en-us.lm.bin`,
  dict: `${MODEL_DIR}/cmudict-en-us.dict`,
} as const;
const DECODER = 'pocketsphinx_continuous';
/** The recogniser's frame: word times are whole frames. */
const FRAME_MS = 10;
const SAMPLE_RATE = 16_000;

/** What GET /openapi.json and every transcription say about the recogniser. */
export const RECOGNIZER = {
  id: 'pocketsphinx',
  languages: ['en'],
  summary:
    'CMU PocketSphinx 5prealpha with its US English acoustic model, 3-gram language model and CMU pronouncing dictionary, run offline by the local service',
} as const;

/** Our settings over pocketsphinx's defaults (see the header). */
export const DECODER_SETTINGS: readonly string[] = ['-topn', '8', '-fwdflatbeam', '1e-80', '-fwdflatwbeam', '1e-40'];

const MISSING = `The local service's speech recogniser is not installed: install the Debian packages pocketsphinx and pocketsphinx-en-us (scripts/system-deps.sh does), then transcribe again.`;

/**
 * The words of pocketsphinx_continuous's `-time yes` output: lines of "word start end
 * posterior" (seconds; `start` and `end` are the first and last frame). Silence and noise
 * markers (<s>, </s>, <sil>, [NOISE], [SPEECH]) are left out, and an alternative
 * pronunciation's "(2)" is dropped from the word.
 */
export function parseDecoderWords(stdout: string): Word[] {
  const words: Word[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (\d+\.\d+) (\d+\.\d+) (-?\d+(?:\.\d+)?(?:e-?\d+)?)$/.exec(line.trim());
    if (!m) continue;
    const [, token, start, end, posterior] = m;
    if (/^[<[+]/.test(token!)) continue;
    const startMs = Math.round(Number(start) * 1000);
    words.push({
      text: token!.replace(/\(\d+\)$/, ''),
      startMs,
      endMs: Math.max(startMs + FRAME_MS, Math.round(Number(end) * 1000) + FRAME_MS),
      confidence: Math.round(Math.min(1, Math.max(0, Number(posterior))) * 1000) / 1000,
    });
  }
  return words;
}

/** Runs the decoder on raw 16 kHz PCM; its stdout once it exits 0, else the end of its log as the error. */
function decode(pcmPath: string, settings: readonly string[], signal?: AbortSignal): Promise<string> {
  // prettier-ignore
  const args = ['-infile', pcmPath, '-samprate', String(SAMPLE_RATE), '-time', 'yes',
    '-hmm', MODEL.hmm, '-lm', MODEL.lm, '-dict', MODEL.dict, ...settings];
  const decoder = spawn(DECODER, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(signal && { signal }) });
  let stdout = '';
  let log = '';
  decoder.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  // Only the end of the log says why a run failed; pocketsphinx logs a lot.
  decoder.stderr.setEncoding('utf8').on('data', (chunk: string) => (log = (log + chunk).slice(-4000)));
  return new Promise((resolve, reject) => {
    decoder.once('error', reject);
    decoder.once('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${DECODER} ended with ${signal ?? `exit code ${code}`}: ${log.trim().slice(-600)}`));
    });
  });
}

function requireModel(): void {
  if (!Object.values(MODEL).every((path) => existsSync(path)))
    throw jobFailure('transcription.recognizer_missing', MISSING);
}

/** A recogniser failure as the job's error: a missing program says what to install. */
function recognitionFailure(err: unknown): Error {
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') return jobFailure('transcription.recognizer_missing', MISSING);
  return jobFailure('job.failed', `The speech could not be recognised: ${(err as Error).message}`);
}

/**
 * The words the recogniser hears in raw 16 kHz mono 16-bit PCM (one chunk of a long
 * recording), timed from the file's start and not yet fitted to silences.
 */
export async function recognizePcmWords(
  pcmPath: string,
  options: { settings?: readonly string[]; signal?: AbortSignal } = {},
): Promise<Word[]> {
  const { settings = DECODER_SETTINGS, signal } = options;
  requireModel();
  try {
    return parseDecoderWords(await decode(pcmPath, settings, signal));
  } catch (err) {
    throw recognitionFailure(err);
  }
}

/**
 * The words spoken in the first sound track of a media file, in time order, timed from the
 * start of the file. `settings` replaces DECODER_SETTINGS (the benchmark's baseline passes
 * []); `signal` stops the child processes (a cancelled job, a stopping service).
 */
export async function recognizeSpeech(
  mediaPath: string,
  options: { settings?: readonly string[]; signal?: AbortSignal } = {},
): Promise<Word[]> {
  const { settings = DECODER_SETTINGS, signal } = options;
  requireModel();
  // A file, not a pipe: the decoder opens its input by name, and Node's child pipes are sockets it cannot open.
  const dir = await mkdtemp(join(tmpdir(), 'clipdesk-speech-'));
  try {
    const pcmPath = join(dir, 'speech.s16le');
    await ffmpeg(
      ['-i', mediaPath, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', pcmPath],
      { signal },
    );
    const words = parseDecoderWords(await decode(pcmPath, settings, signal));
    const { size } = await stat(pcmPath);
    const durationMs = Math.round((size / 2 / SAMPLE_RATE) * 1000);
    return fitToSilences(words, await measureSilences(pcmPath, durationMs, signal));
  } catch (err) {
    throw recognitionFailure(err);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
