// The monitor's loudness meter (renderer/model/meters) against ffmpeg's ebur128 on the same
// audio (issue 25: integrated within 0.5 LU, true peak within 0.5 dB): real speech (the
// LibriVox sentences) under a tone, a loud hard-clipped signal whose peaks lie between
// samples, and the speech at 44.1 kHz. Each file is made with ffmpeg, decoded by ffmpeg to
// PCM and fed to the meter in 128-frame blocks, as the AudioWorklet hears the mix; ffmpeg's
// own measure of the file (`ebur128=peak=true`) is parsed from its stderr. Momentary and
// short-term are compared too, every 100 ms.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MixMeter, type MeterReading } from '../../renderer/model/meters/mixMeter.ts';
import { parseEbur128Summary } from '../../sandbox/render/loudness.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { makeSpokenMedia, sentence } from '../support/spokenMedia.ts';

const run = promisify(execFile);
const fixtures = makeFixtureDir();
afterAll(() => fixtures.cleanup());

/** The file's sound as ffmpeg decodes it: two channels of 32-bit floats at `rate`. */
async function decode(path: string, rate: number): Promise<[Float32Array, Float32Array]> {
  const { stdout } = await run(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', path, '-f', 'f32le', '-ac', '2', '-ar', String(rate), '-'],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
  );
  const frames = new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
  const left = new Float32Array(frames.length / 2);
  const right = new Float32Array(frames.length / 2);
  for (let i = 0; i < left.length; i++) [left[i], right[i]] = [frames[2 * i]!, frames[2 * i + 1]!];
  return [left, right];
}

/** The meter fed the whole file in 128-frame blocks; its reading after each 100 ms, and at the end. */
function measure([left, right]: [Float32Array, Float32Array], rate: number) {
  const meter = new MixMeter(rate, 2);
  const step = rate / 10;
  const steps: MeterReading[] = [];
  for (let at = 0; at < left.length; at += 128) {
    const end = Math.min(left.length, at + 128);
    meter.push([left.subarray(at, end), right.subarray(at, end)]);
    // A step ends inside this block: read there (blocks are shorter than a step).
    if (Math.floor(end / step) > Math.floor(at / step) && end % step < 128) steps.push(meter.read());
  }
  return { final: meter.read(), steps };
}

/** ffmpeg's measure: the summary, and momentary and short-term every 100 ms. */
async function ebur128(path: string) {
  const { stderr } = await run(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-nostats', '-i', path, '-af', 'ebur128=peak=true:framelog=info', '-f', 'null', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const frames = [...stderr.matchAll(/M:\s*(-?[\d.]+) S:\s*(-?[\d.]+)/g)].map((m) => ({
    momentary: Number(m[1]),
    shortTerm: Number(m[2]),
  }));
  return { ...parseEbur128Summary(stderr), frames };
}

/** The largest difference between the meter's and ffmpeg's momentary and short-term, where both measured. */
function windowDifferences(ours: MeterReading[], theirs: { momentary: number; shortTerm: number }[]) {
  const worst = { momentary: 0, shortTerm: 0, compared: 0 };
  for (let i = 0; i < Math.min(ours.length, theirs.length); i++) {
    const [mine, ffmpeg] = [ours[i]!, theirs[i]!];
    // ebur128 prints −120.7 for a window it has not filled yet or that is silent.
    if (ffmpeg.momentary > -70 && Number.isFinite(mine.momentaryLufs)) {
      worst.momentary = Math.max(worst.momentary, Math.abs(mine.momentaryLufs - ffmpeg.momentary));
      worst.compared++;
    }
    if (ffmpeg.shortTerm > -70 && Number.isFinite(mine.shortTermLufs))
      worst.shortTerm = Math.max(worst.shortTerm, Math.abs(mine.shortTermLufs - ffmpeg.shortTerm));
  }
  return worst;
}

async function compared(path: string, rate: number) {
  const [ours, theirs] = await Promise.all([decode(path, rate).then((pcm) => measure(pcm, rate)), ebur128(path)]);
  const figures = {
    integrated: [ours.final.integratedLufs, theirs.integratedLufs],
    truePeak: [ours.final.truePeakDbtp, theirs.truePeakDbtp],
    ...windowDifferences(ours.steps, theirs.frames),
  };
  console.log(path.split('/').pop(), JSON.stringify(figures));
  expect(Math.abs(ours.final.integratedLufs - theirs.integratedLufs)).toBeLessThanOrEqual(0.5);
  expect(Math.abs(ours.final.truePeakDbtp - theirs.truePeakDbtp)).toBeLessThanOrEqual(0.5);
  expect(figures.compared).toBeGreaterThan(20);
  expect(figures.momentary).toBeLessThanOrEqual(0.5);
  expect(figures.shortTerm).toBeLessThanOrEqual(0.5);
  return ours.final;
}

describe('the loudness meter against ffmpeg’s ebur128', () => {
  let speech = '';
  beforeAll(async () => {
    const spoken = await makeSpokenMedia(fixtures.dir, [sentence('0880'), { silenceMs: 700 }, sentence('0890')]);
    speech = spoken.path;
  });

  /** The speech (16 kHz mono) at `rate` in stereo, with a 220 Hz tone under it, leaning right; 32-bit float WAV. */
  async function speechWithTone(rate: number): Promise<string> {
    const path = join(fixtures.dir, `speech-tone-${rate}.wav`);
    // prettier-ignore
    await run('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', speech,
      '-filter_complex',
      `[0:a]aresample=${rate},pan=stereo|c0=c0|c1=c0,volume=6dB[s];` +
        `sine=f=220:r=${rate},volume=-24dB,pan=stereo|c0=0.3*c0|c1=c0[t];` +
        '[s][t]amix=inputs=2:duration=first:normalize=0[m]',
      '-map', '[m]', '-c:a', 'pcm_f32le', path,
    ]);
    return path;
  }

  it('speech under a tone at 48 kHz', async () => {
    const final = await compared(await speechWithTone(48_000), 48_000);
    expect(final.integratedLufs).toBeGreaterThan(-40);
  });

  it('speech under a tone at 44.1 kHz (the K-weighting computed for the rate)', async () => {
    await compared(await speechWithTone(44_100), 44_100);
  });

  const LEFT = 'clip(3*sin(2*PI*997*t)*(0.6+0.4*sin(2*PI*0.5*t))\\,-1\\,1)';
  const RIGHT = 'clip(2.5*sin(2*PI*1503*t+1)\\,-1\\,1)';

  /** Sines driven far past full scale and clipped, made at `madeAt` Hz, then `filter`, as a 48 kHz float WAV. */
  async function clipped(name: string, madeAt: number, filter: string): Promise<string> {
    const path = join(fixtures.dir, name);
    // prettier-ignore
    await run('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
      '-f', 'lavfi', '-i', `aevalsrc=${LEFT}|${RIGHT}:s=${madeAt}:d=5`, '-af', filter, '-c:a', 'pcm_f32le', path,
    ]);
    return path;
  }

  it('a loud clipped master, band-limited, whose true peak lies over full scale between samples', async () => {
    // Clipped, then band-limited at 18 kHz as an encoder would, and 0.5 dB down: every sample under full
    // scale, the wave between them over it. Faded in and out: an abrupt edge would ring over it too.
    const bandLimited = 'lowpass=f=18000,lowpass=f=18000,volume=-0.5dB,afade=t=in:d=0.1,afade=t=out:st=4.9:d=0.1';
    const path = await clipped('clipped-master.wav', 48_000, bandLimited);
    const final = await compared(path, 48_000);
    expect(final.truePeakDbtp).toBeGreaterThan(0);
    expect(final.channels.every((c) => c.peakDbfs < 0)).toBe(true);
    // The clip lights watch the unlimited mix reach full scale: these samples never do.
    expect(final.channels.some((c) => c.clipped)).toBe(false);
  });

  it('a signal hard-clipped at 48 kHz: integrated as ebur128 says; true peak as a fine 4× reconstruction says', async () => {
    const path = await clipped('clipped-hard.wav', 48_000, 'anull');
    const [left, right] = await decode(path, 48_000);
    const ours = measure([left, right], 48_000).final;
    const theirs = await ebur128(path);
    expect(Math.abs(ours.integratedLufs - theirs.integratedLufs)).toBeLessThanOrEqual(0.5);
    // Its harmonics fold up to the Nyquist frequency, where ebur128's resampler (swresample's default filter)
    // reads lower than a precise one (soxr at 28 bits) does; the meter follows BS.1770's filter.
    // prettier-ignore
    const { stderr } = await run('ffmpeg', [
      '-hide_banner', '-nostdin', '-i', path,
      '-af', 'aresample=192000:resampler=soxr:precision=28,aformat=sample_fmts=dbl,astats=measure_perchannel=none',
      '-f', 'null', '-',
    ]);
    const reconstructed = Number(/Peak level dB:\s*(-?[\d.]+)/.exec(stderr)?.[1]);
    console.log(
      'clipped-hard.wav',
      JSON.stringify({ ours: ours.truePeakDbtp, ebur128: theirs.truePeakDbtp, soxr4x: reconstructed }),
    );
    expect(Math.abs(ours.truePeakDbtp - reconstructed)).toBeLessThanOrEqual(0.5);
    expect(ours.channels.every((c) => c.peakDbfs <= 0)).toBe(true);
  });
});
