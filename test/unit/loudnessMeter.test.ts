// The meters' measuring math against the signals EBU Tech 3341 defines for checking a
// loudness meter (its tolerance is ±0.1 LU; true peak +0.2/−0.4 dB), fed as the audio thread
// feeds it, in blocks of 128 frames. The same math against ffmpeg's ebur128 on real audio is
// test/integration/loudnessMeter.test.ts.
import { describe, expect, it } from 'vitest';
import { derivedKWeighting, K_WEIGHTING_48K, kWeighting, LoudnessMeter } from '../../renderer/model/meters/loudness.ts';
import { LevelMeter, PEAK_HOLD_S } from '../../renderer/model/meters/levels.ts';
import { MixMeter } from '../../renderer/model/meters/mixMeter.ts';
import { levelText, scaleFraction } from '../../renderer/model/meters/meterScale.ts';
import { TruePeakMeter } from '../../renderer/model/meters/truePeak.ts';

const RATE = 48_000;

/** A stereo sine (both channels alike), `dbfs` its peak, for `seconds`. */
function sine(dbfs: number, seconds: number, { hz = 1000, rate = RATE, phase = 0 } = {}): Float32Array {
  const amplitude = 10 ** (dbfs / 20);
  const out = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate + phase);
  return out;
}

function joined(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) out.set(part, (at += part.length) - part.length);
  return out;
}

/** Feeds `samples` on both channels in 128-frame blocks, as an AudioWorklet hears them. */
function feed(meter: { push(channels: ArrayLike<number>[]): void }, samples: Float32Array, block = 128): void {
  for (let at = 0; at < samples.length; at += block) {
    const part = samples.subarray(at, at + block);
    meter.push([part, part]);
  }
}

describe('K-weighting', () => {
  it('computed from its prototypes gives the standard’s 48 kHz table', () => {
    const derived = derivedKWeighting(48_000);
    for (const [stage, table] of [0, 1].map((i) => [derived[i]!, K_WEIGHTING_48K[i]!] as const))
      for (const key of ['b0', 'b1', 'b2', 'a1', 'a2'] as const) expect(stage[key]).toBeCloseTo(table[key], 7);
    expect(kWeighting(48_000)).toBe(K_WEIGHTING_48K);
  });

  it('refuses a rate it cannot weight, saying which', () => {
    expect(() => kWeighting(0)).toThrow(/8–384 kHz, not at 0 Hz/);
    expect(() => new LoudnessMeter(48_000, 6)).toThrow(/one or two channels, not 6/);
  });
});

describe('loudness (EBU Tech 3341)', () => {
  it('a stereo 1 kHz sine at −23 dBFS reads −23 LUFS momentary, short-term and integrated', () => {
    const meter = new LoudnessMeter(RATE, 2);
    feed(meter, sine(-23, 20));
    const { momentaryLufs, shortTermLufs, integratedLufs } = meter.values();
    expect(momentaryLufs).toBeCloseTo(-23, 1);
    expect(shortTermLufs).toBeCloseTo(-23, 1);
    expect(integratedLufs).toBeCloseTo(-23, 1);
  });

  it('at 44.1 kHz too (the stages recomputed for the rate)', () => {
    const meter = new LoudnessMeter(44_100, 2);
    feed(meter, sine(-33, 10, { rate: 44_100 }));
    expect(meter.values().integratedLufs).toBeCloseTo(-33, 1);
  });

  it('case 3: −36, −23, −36 dBFS for 10, 60, 10 s integrate to −23 (the relative gate drops the quiet parts)', () => {
    const meter = new LoudnessMeter(RATE, 2);
    feed(meter, joined(sine(-36, 10), sine(-23, 60), sine(-36, 10)));
    expect(Math.abs(meter.values().integratedLufs + 23)).toBeLessThanOrEqual(0.1);
  });

  it('case 5: −26, −20, −26 dBFS for 20, 20.1, 20 s integrate to −23', () => {
    const meter = new LoudnessMeter(RATE, 2);
    feed(meter, joined(sine(-26, 20), sine(-20, 20.1), sine(-26, 20)));
    expect(Math.abs(meter.values().integratedLufs + 23)).toBeLessThanOrEqual(0.1);
  });

  it('case 4: −72 dBFS passages fall under the absolute gate; −∞ when nothing passes it', () => {
    const meter = new LoudnessMeter(RATE, 2);
    feed(meter, joined(sine(-72, 10), sine(-36, 10), sine(-23, 60), sine(-36, 10), sine(-72, 10)));
    expect(Math.abs(meter.values().integratedLufs + 23)).toBeLessThanOrEqual(0.1);
    const quiet = new LoudnessMeter(RATE, 2);
    feed(quiet, sine(-75, 5));
    expect(quiet.values().integratedLufs).toBe(-Infinity);
  });

  it('momentary follows the last 400 ms, short-term the last 3 s; a reset starts the integration again', () => {
    const meter = new LoudnessMeter(RATE, 2);
    feed(meter, joined(sine(-20, 5), sine(-30, 1)));
    const { momentaryLufs, shortTermLufs, integratedLufs } = meter.values();
    expect(momentaryLufs).toBeCloseTo(-30, 1);
    // 2 s at −20 and 1 s at −30: 10·log10((2 + 0.1) / 3) − 20 ≈ −21.55.
    expect(shortTermLufs).toBeCloseTo(-21.55, 1);
    expect(integratedLufs).toBeGreaterThan(-22);
    meter.resetIntegrated();
    expect(meter.values().integratedLufs).toBe(-Infinity);
    feed(meter, sine(-30, 2));
    expect(meter.values().integratedLufs).toBeCloseTo(-30, 1);
  });

  it('a reset while paused stays unmeasured: blocks holding sound from before it are not counted', () => {
    const meter = new LoudnessMeter(RATE, 2);
    feed(meter, sine(-6, 2));
    meter.resetIntegrated();
    // The monitor paused: the audio thread goes on hearing silence.
    feed(meter, new Float32Array(RATE));
    expect(meter.values().integratedLufs).toBe(-Infinity);
    // A reset mid-step (here 50 ms into one): the step it cuts is not counted either.
    feed(meter, sine(-6, 1.05));
    meter.resetIntegrated();
    feed(meter, sine(-30, 2));
    expect(meter.values().integratedLufs).toBeCloseTo(-30, 1);
  });

  it('does not depend on how the samples are cut into blocks', () => {
    const signal = joined(sine(-26, 2, { hz: 440 }), sine(-18, 1.37, { hz: 3000 }));
    const [whole, small] = [new LoudnessMeter(RATE, 2), new LoudnessMeter(RATE, 2)];
    feed(whole, signal, signal.length);
    feed(small, signal, 97);
    for (const key of ['momentaryLufs', 'shortTermLufs', 'integratedLufs'] as const)
      expect(small.values()[key]).toBeCloseTo(whole.values()[key], 9);
  });
});

describe('true peak', () => {
  it('finds the 0 dBTP peak between samples of a quarter-rate sine at 45° (Tech 3341 case 15)', () => {
    const meter = new TruePeakMeter(2);
    const samples = sine(-0, 2, { hz: RATE / 4, phase: Math.PI / 4 });
    feed(meter, samples);
    // Every sample is at ±0.707 (−3 dBFS); the wave between them reaches full scale.
    expect(Math.max(...samples.subarray(1000, 2000))).toBeCloseTo(Math.SQRT1_2, 3);
    expect(meter.dbtp()).toBeGreaterThan(-0.4);
    expect(meter.dbtp()).toBeLessThan(0.2);
  });

  it('is at least the sample peak, and −∞ for silence', () => {
    const meter = new TruePeakMeter(1);
    meter.push([new Float32Array([0, 0, 0.5, 0, 0])]);
    expect(meter.dbtp()).toBeGreaterThanOrEqual(20 * Math.log10(0.5));
    expect(new TruePeakMeter(2).dbtp()).toBe(-Infinity);
  });
});

describe('sample levels', () => {
  it('peak and RMS of a sine; the peak falls 20 dB in 1.7 s of silence while the hold stays for 2 s', () => {
    const meter = new LevelMeter(RATE, 2);
    feed(meter, sine(-6, 1));
    const [left] = meter.read();
    expect(left!.peakDbfs).toBeCloseTo(-6, 1);
    expect(left!.rmsDbfs).toBeCloseTo(-9.01, 1);
    feed(meter, new Float32Array(Math.round(1.7 * RATE)));
    const [fallen] = meter.read();
    expect(fallen!.peakDbfs).toBeCloseTo(-26, 0);
    expect(fallen!.holdDbfs).toBeCloseTo(-6, 1);
    expect(fallen!.rmsDbfs).toBe(-Infinity);
    feed(meter, new Float32Array(Math.round((PEAK_HOLD_S - 1.7 + 0.1) * RATE)));
    expect(meter.read()[0]!.holdDbfs).toBeLessThan(-20);
  });

  it('lights a channel’s clip when the unlimited mix reaches full scale, until reset', () => {
    const meter = new MixMeter(RATE, 2);
    const quiet = sine(-20, 0.1);
    const over = sine(0.5, 0.1);
    meter.push([quiet, quiet], [quiet, over]);
    expect(meter.read().channels.map((c) => c.clipped)).toEqual([false, true]);
    meter.reset();
    expect(meter.read().channels.map((c) => c.clipped)).toEqual([false, false]);
  });
});

describe('the meters’ scale', () => {
  it('maps −60…0 dBFS to the bar’s height and writes levels with a real minus sign', () => {
    expect([-Infinity, -90, -60, -30, 0, 2].map(scaleFraction)).toEqual([0, 0, 0, 0.5, 1, 1]);
    expect([-Infinity, -18.24, -0.04, 0.44].map(levelText)).toEqual(['—', '−18.2', '0.0', '+0.4']);
  });
});
