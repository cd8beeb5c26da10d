// Makes the real media a sandbox generation returns: ffmpeg draws a picture, a moving
// shot or a sound whose colours, shapes and tones come from a hash of the prompt,
// settings and seed — so different prompts give different results, and the same
// inputs with the same seed give the same file. Sizes are small to keep jobs fast.
import { createHash } from 'node:crypto';
import { ffmpeg } from './ffmpeg.ts';

export interface SynthesisInput {
  prompt: string;
  /** The model's resolved settings (defaults filled in). */
  settings: Record<string, unknown>;
  seed: number;
}

const IMAGE_LONG_SIDE = 640;
const VIDEO_LONG_SIDE = 320;
const VIDEO_FPS = 12;
const AUDIO_RATE = 44_100;

/** A stream of deterministic bytes for one set of inputs. */
function fingerprint(input: SynthesisInput, salt: string): Buffer {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([salt, input.prompt, input.seed, Object.entries(input.settings).sort()]));
  const first = hash.digest();
  return Buffer.concat([first, createHash('sha256').update(first).digest()]);
}

function hexColour(bytes: Buffer, at: number): string {
  return `0x${bytes.subarray(at, at + 3).toString('hex')}`;
}

/** Width × height for "W:H" with the long side given, both even (H.264 with yuv420p needs that). */
export function frameSize(aspectRatio: string, longSide: number): { width: number; height: number } {
  const [w, h] = aspectRatio.split(':').map(Number) as [number, number];
  const even = (n: number) => Math.max(16, Math.round(n / 2) * 2);
  return w >= h
    ? { width: even(longSide), height: even((longSide * h) / w) }
    : { width: even((longSide * w) / h), height: even(longSide) };
}

const STYLE_FILTERS: Record<string, string> = {
  photo: '',
  illustration: ',format=rgb24,lutrgb=r=val-mod(val\\,48):g=val-mod(val\\,48):b=val-mod(val\\,48)',
  watercolor: ',gblur=sigma=6',
  neon: ',hue=s=2.5,eq=contrast=1.4',
};

/** A gradient of three prompt-derived colours with a few translucent shapes on top. */
function pictureFilter(bytes: Buffer, width: number, height: number, extra: string): string {
  const point = (at: number, span: number) => Math.floor((bytes[at]! / 255) * span);
  const gradient =
    `gradients=s=${width}x${height}:c0=${hexColour(bytes, 0)}:c1=${hexColour(bytes, 3)}:c2=${hexColour(bytes, 6)}:nb_colors=3` +
    `:x0=${point(9, width / 3)}:y0=${point(10, height)}:x1=${width - point(11, width / 3)}:y1=${point(12, height)}:seed=${bytes.readUInt32BE(13)}${extra}`;
  const boxes = [0, 1, 2].map((i) => {
    const at = 17 + i * 5;
    const w = Math.max(8, point(at, width / 3));
    const h = Math.max(8, point(at + 1, height / 3));
    return `drawbox=x=${point(at + 2, width - w)}:y=${point(at + 3, height - h)}:w=${w}:h=${h}:color=${hexColour(bytes, at + 4)}@0.55:t=fill`;
  });
  return [gradient, ...boxes].join(',');
}

/** A PNG at the project's aspect ratio (long side 640 px). */
export async function synthesizeImage(path: string, input: SynthesisInput, aspectRatio: string): Promise<void> {
  const bytes = fingerprint(input, 'image');
  const { width, height } = frameSize(aspectRatio, IMAGE_LONG_SIDE);
  const style = STYLE_FILTERS[String(input.settings.style ?? 'photo')] ?? '';
  await ffmpeg(['-f', 'lavfi', '-i', pictureFilter(bytes, width, height, '') + style, '-frames:v', '1', path]);
}

/** An H.264 + AAC MP4 (web-ready: moov atom first) at the project's aspect ratio. */
export async function synthesizeVideo(path: string, input: SynthesisInput, aspectRatio: string): Promise<void> {
  const bytes = fingerprint(input, 'video');
  const seconds = Number(input.settings.durationSeconds ?? 2);
  const { width, height } = frameSize(aspectRatio, VIDEO_LONG_SIDE);
  const style = STYLE_FILTERS[String(input.settings.style ?? 'photo')] ?? '';
  const motion = `:speed=${(0.01 + bytes[40]! / 2550).toFixed(4)}:rate=${VIDEO_FPS}:duration=${seconds}`;
  const args = ['-f', 'lavfi', '-i', pictureFilter(bytes, width, height, motion) + style];
  const sound = input.settings.sound !== false;
  if (sound) args.push('-f', 'lavfi', '-i', `sine=f=${110 + bytes[41]! * 2}:d=${seconds}:sample_rate=${AUDIO_RATE}`);
  args.push(
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(VIDEO_FPS),
  );
  if (sound) args.push('-c:a', 'aac', '-b:a', '64k');
  args.push('-movflags', '+faststart', path);
  await ffmpeg(args);
}

const BASE_HZ: Record<string, number> = { calm: 196, upbeat: 330, tense: 110, warm: 150, bright: 260, deep: 95 };

/** A mono 16-bit WAV: two prompt-derived tones with a slow pulse, faded unless it must loop. */
export async function synthesizeAudio(path: string, input: SynthesisInput): Promise<void> {
  const bytes = fingerprint(input, 'audio');
  const seconds = Number(input.settings.durationSeconds ?? 2);
  const base = BASE_HZ[String(input.settings.mood ?? input.settings.voice ?? 'calm')] ?? 196;
  const f1 = base + bytes[0]!;
  const f2 = f1 * (1.25 + bytes[1]! / 1020);
  const pulse = 1 + bytes[2]! / 64;
  const expr = `(0.3*sin(2*PI*${f1}*t)+0.2*sin(2*PI*${f2.toFixed(2)}*t))*(0.75+0.25*sin(2*PI*${pulse.toFixed(3)}*t))`;
  const fades =
    input.settings.loop === true ? '' : `,afade=t=in:d=0.05,afade=t=out:st=${Math.max(0, seconds - 0.2)}:d=0.2`;
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=${expr}:s=${AUDIO_RATE}:d=${seconds}${fades}`,
    '-c:a',
    'pcm_s16le',
    '-ac',
    '1',
    path,
  ]);
}
