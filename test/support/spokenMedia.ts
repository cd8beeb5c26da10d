// Recorded speech whose words are known, for the tests that need a recogniser to hear real
// words: the public-domain LibriVox sentences (Jane Austen, "Sense and Sensibility", read
// by a volunteer) that Debian's pocketsphinx-testdata ships with their transcriptions.
// Sentences and silences are joined by ffmpeg into one WAV (or an MP4 with a test picture),
// and the test learns where each sentence sits in it.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const LIBRIVOX_DIR = '/usr/share/pocketsphinx/test/data/librivox';

export interface Sentence {
  /** The recording's name, e.g. "sense_and_sensibility_01_austen_64kb-0880". */
  id: string;
  path: string;
  /** What is said, in lower case, as the transcription file writes it. */
  text: string;
}

/** The five sentences, in the order of the transcription file. */
export function librivoxSentences(): Sentence[] {
  return readFileSync(join(LIBRIVOX_DIR, 'transcription'), 'utf8')
    .split('\n')
    .map((line) => /^<s> (.*) <\/s> \((\S+)\)$/.exec(line.trim()))
    .filter((m) => m !== null)
    .map(([, text, id]) => ({ id: id!, path: join(LIBRIVOX_DIR, `${id}.wav`), text: text! }));
}

/** The sentence whose recording's name ends with `suffix` (e.g. "0880"). */
export function sentence(suffix: string): Sentence {
  const found = librivoxSentences().find((s) => s.id.endsWith(suffix));
  if (!found) throw new Error(`pocketsphinx-testdata has no LibriVox sentence ending in ${suffix}`);
  return found;
}

/** A stretch of a sentence's recording (e.g. one word of it), from fromMs to toMs. */
export interface Excerpt {
  of: Sentence;
  fromMs: number;
  toMs: number;
}

export type SpokenPart = Sentence | Excerpt | { silenceMs: number };

export interface PlacedSentence {
  sentence: Sentence;
  startMs: number;
  endMs: number;
}

export interface SpokenMedia {
  path: string;
  durationMs: number;
  /** Where each whole sentence sits in the file (excerpts are not listed). */
  sentences: PlacedSentence[];
  /** What is said in the whole file. */
  text: string;
}

async function durationMs(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Math.round(Number(stdout.trim()) * 1000);
}

/**
 * Joins sentences and silences into one file: a 16 kHz mono WAV, or with `video` an MP4
 * (H.264 test pattern at 10 fps, AAC sound) as a camera would record an interview.
 */
export async function makeSpokenMedia(
  dir: string,
  parts: SpokenPart[],
  options: { video?: boolean; name?: string } = {},
): Promise<SpokenMedia> {
  const inputs: string[] = [];
  const sentences: PlacedSentence[] = [];
  let at = 0;
  for (const part of parts) {
    if ('silenceMs' in part) {
      inputs.push('-f', 'lavfi', '-t', String(part.silenceMs / 1000), '-i', 'anullsrc=r=16000:cl=mono');
      at += part.silenceMs;
    } else if ('of' in part) {
      inputs.push('-ss', String(part.fromMs / 1000), '-to', String(part.toMs / 1000), '-i', part.of.path);
      at += part.toMs - part.fromMs;
    } else {
      inputs.push('-i', part.path);
      const length = await durationMs(part.path);
      sentences.push({ sentence: part, startMs: at, endMs: at + length });
      at += length;
    }
  }
  const path = join(dir, options.name ?? `spoken-${randomUUID()}.${options.video ? 'mp4' : 'wav'}`);
  const joined = `${parts.map((_, i) => `[${i}:a]`).join('')}concat=n=${parts.length}:v=0:a=1[speech]`;
  const picture = options.video ? ['-f', 'lavfi', '-i', `testsrc=size=160x90:rate=10:d=${at / 1000}`] : [];
  const encoding = options.video
    ? ['-map', `${parts.length}:v`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
    : [];
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...inputs,
    ...picture,
    ...['-filter_complex', joined, '-map', '[speech]', '-ar', '16000', '-ac', '1'],
    ...encoding,
    ...(options.video ? ['-c:a', 'aac', '-b:a', '96k', '-shortest'] : ['-c:a', 'pcm_s16le']),
    path,
  ]);
  return {
    path,
    durationMs: await durationMs(path),
    sentences,
    text: sentences.map((s) => s.sentence.text).join(' '),
  };
}
