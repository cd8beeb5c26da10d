// The service's output formats as ffmpeg arguments (sandbox/render/outputFormats.ts,
// renderCommand.ts) and the loudness step (loudness.ts): each format's encoders and muxer,
// an audio format drawing no picture, a still one PNG frame, and one gain to the target.
import { describe, expect, it } from 'vitest';
import type { Composition } from '../../sandbox/render/composition.ts';
import { normaliseFilter, parseEbur128Summary } from '../../sandbox/render/loudness.ts';
import { FORMATS, PRODUCTS, videoEncoderArgs } from '../../sandbox/render/outputFormats.ts';
import { resolveOutput } from '../../sandbox/render/outputSettings.ts';
import {
  buildJoinCommand,
  buildMixCommand,
  buildRenderCommand,
  buildStillCommand,
} from '../../sandbox/render/renderCommand.ts';

const composition: Composition = {
  width: 640,
  height: 360,
  fps: 30,
  startMs: 0,
  frames: 60,
  layers: [],
  captions: [],
  sounds: [],
} as unknown as Composition;
const files = { quality: 'standard' as const, graphFile: '/g.txt', textFile: (t: string) => `/t/${t}` };
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('output formats', () => {
  it("encodes each video format with its codec and writes it with its container's muxer", () => {
    const made = (format: 'mp4' | 'mp4-h265' | 'webm-vp9' | 'mov-prores') =>
      buildRenderCommand(composition, { ...files, format, output: `/out${PRODUCTS[format].extension}` }).args;
    expect(after(made('mp4'), '-c:v')).toBe('libx264');
    expect(after(made('mp4-h265'), '-c:v')).toBe('libx265');
    expect(after(made('mp4-h265'), '-tag:v')).toBe('hvc1');
    expect(after(made('webm-vp9'), '-c:v')).toBe('libvpx-vp9');
    expect(after(made('webm-vp9'), '-c:a')).toBe('libopus');
    expect(after(made('mov-prores'), '-c:v')).toBe('prores_ks');
    expect(after(made('mov-prores'), '-profile:v')).toBe('2');
    expect(after(made('mov-prores'), '-pix_fmt')).toBe('yuv422p10le');
    expect(after(made('mov-prores'), '-c:a')).toBe('pcm_s16le');
    expect(after(made('mov-prores'), '-f')).toBe('mov');
    expect(after(made('webm-vp9'), '-f')).toBe('webm');
    // Today's default is unchanged: H.264 and AAC in an MP4 that plays while it downloads.
    const mp4 = buildRenderCommand(composition, { ...files, output: '/out.mp4' }).args;
    expect(after(mp4, '-c:a')).toBe('aac');
    expect(after(mp4, '-movflags')).toBe('+faststart');
  });

  it('mixes an audio format without drawing a picture, and draws a still without sound', () => {
    const mix = buildMixCommand(composition, { ...files, sound: '/mix.wav' });
    expect(mix.graph).not.toContain('[vout]');
    expect(mix.args).not.toContain('[vout]');
    expect(after(mix.args, '-c:a')).toBe('pcm_f32le');
    const still = buildStillCommand(composition, { ...files, output: '/still.png' });
    expect(still.graph).not.toContain('[aout]');
    expect(after(still.args, '-frames:v')).toBe('1');
    expect(after(still.args, '-c:v')).toBe('png');
    expect(videoEncoderArgs('png', 'high', 30)).not.toContain('-r');
    const join = buildJoinCommand({
      format: null,
      quality: 'high',
      pictures: null,
      sounds: '/s.txt',
      output: '/m.wav',
    });
    expect(join.filter((a) => a === '-i')).toHaveLength(1);
  });

  it('fills the loudness in for an audio format only, and names every format in the contract', () => {
    expect(resolveOutput({ format: 'mp3' }, 'final')).toMatchObject({ format: 'mp3', loudnessLufs: -16 });
    expect(resolveOutput({ format: 'wav', loudnessLufs: -14 }, 'final').loudnessLufs).toBe(-14);
    expect(resolveOutput({ format: 'mov-prores' }, 'final')).not.toHaveProperty('loudnessLufs');
    expect(resolveOutput(undefined, 'final')).toEqual({
      resolution: '1080p',
      frameRate: 30,
      quality: 'standard',
      format: 'mp4',
    });
    expect(FORMATS).toEqual(['mp4', 'mp4-h265', 'webm-vp9', 'mov-prores', 'mp3', 'wav', 'm4a']);
  });
});

describe('loudness', () => {
  it('reads the integrated loudness and true peak from ebur128, silence as −70', () => {
    const stderr =
      '[Parsed_ebur128_0] Summary:\n\n  Integrated loudness:\n    I:         -21.9 LUFS\n    Threshold: -32.4 LUFS\n\n  True peak:\n    Peak:       -9.0 dBFS\n';
    expect(parseEbur128Summary(stderr)).toEqual({ integratedLufs: -21.9, truePeakDbtp: -9 });
    expect(parseEbur128Summary('Summary:\n I:   -inf LUFS\n Peak: -inf dBFS').integratedLufs).toBe(-70);
  });

  it('brings the mix to the target with one gain, and holds the peaks only when the gain would pass −1 dBTP', () => {
    expect(normaliseFilter({ integratedLufs: -21.9, truePeakDbtp: -9 }, -16)).toBe('volume=5.9dB,aresample=48000');
    expect(normaliseFilter({ integratedLufs: -20, truePeakDbtp: -2 }, -14)).toMatch(/^volume=6dB,alimiter=/);
    expect(normaliseFilter({ integratedLufs: -70, truePeakDbtp: -Infinity }, -16)).toBe('volume=0dB,aresample=48000');
  });
});
