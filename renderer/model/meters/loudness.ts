// Loudness as ITU-R BS.1770-4 and EBU R128 (Tech 3341) define it, for the monitor's meters:
// each channel K-weighted (a high shelf, then the RLB high-pass), its mean square taken over
// 100 ms steps; momentary = the last 400 ms, short-term = the last 3 s, integrated = the
// gated mean of the 400 ms blocks (75 % overlap) since the last reset: blocks under −70 LUFS
// are dropped (absolute gate), then blocks under the mean of the rest −10 LU (relative
// gate). Stereo and mono channels weigh 1 (the surround weights, 1.41, are not needed: the
// mix is stereo). Pure: fed blocks of samples, asked for values; no Web Audio here.

/** A biquad's coefficients, a0 = 1. */
export interface Biquad {
  readonly b0: number;
  readonly b1: number;
  readonly b2: number;
  readonly a1: number;
  readonly a2: number;
}

/** BS.1770-4 Table 1 and Table 2: the two stages at 48 kHz, as the standard prints them. */
export const K_WEIGHTING_48K: readonly [Biquad, Biquad] = [
  { b0: 1.53512485958697, b1: -2.69169618940638, b2: 1.19839281085285, a1: -1.69065929318241, a2: 0.73248077421585 },
  { b0: 1, b1: -2, b2: 1, a1: -1.99004745483398, a2: 0.99007225036621 },
];

/**
 * The two stages at another rate, from the analogue prototypes the standard's 48 kHz values
 * come from (the shelf's centre, gain and Q, the high-pass's corner and Q, as libebur128 and
 * ffmpeg's ebur128 derive them); at 48 kHz they give the table's values to 1e-8.
 */
export function kWeighting(sampleRate: number): readonly [Biquad, Biquad] {
  if (!Number.isFinite(sampleRate) || sampleRate < 8_000 || sampleRate > 384_000)
    throw new RangeError(`The meters measure sound at 8–384 kHz, not at ${sampleRate} Hz`);
  return sampleRate === 48_000 ? K_WEIGHTING_48K : derivedKWeighting(sampleRate);
}

/** The stages computed from the prototypes (kWeighting's other rates; exported to check it against the table). */
export function derivedKWeighting(sampleRate: number): readonly [Biquad, Biquad] {
  const shelfK = Math.tan((Math.PI * 1681.974450955533) / sampleRate);
  const shelfQ = 0.7071752369554196;
  const vh = 10 ** (3.999843853973347 / 20);
  const vb = vh ** 0.4996667741545416;
  const a0 = 1 + shelfK / shelfQ + shelfK * shelfK;
  const shelf: Biquad = {
    b0: (vh + (vb * shelfK) / shelfQ + shelfK * shelfK) / a0,
    b1: (2 * (shelfK * shelfK - vh)) / a0,
    b2: (vh - (vb * shelfK) / shelfQ + shelfK * shelfK) / a0,
    a1: (2 * (shelfK * shelfK - 1)) / a0,
    a2: (1 - shelfK / shelfQ + shelfK * shelfK) / a0,
  };
  const passK = Math.tan((Math.PI * 38.13547087602444) / sampleRate);
  const passQ = 0.5003270373238773;
  const passA0 = 1 + passK / passQ + passK * passK;
  const highPass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (passK * passK - 1)) / passA0,
    a2: (1 - passK / passQ + passK * passK) / passA0,
  };
  return [shelf, highPass];
}

/** Loudness (LUFS) of a weighted mean square; −∞ for silence. */
export function lufsOf(meanSquare: number): number {
  return meanSquare > 0 ? -0.691 + 10 * Math.log10(meanSquare) : -Infinity;
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
/** Gating blocks are kept as a histogram over −70…+10 LUFS in 0.01 LU steps (each step sums its blocks' energy exactly). */
const BIN_LU = 0.01;
const BIN_COUNT = Math.round(80 / BIN_LU);

/** One channel's K-weighting filter (two biquads, direct form II transposed). */
class KFilter {
  readonly #shelf: Biquad;
  readonly #pass: Biquad;
  #s1 = 0;
  #s2 = 0;
  #t1 = 0;
  #t2 = 0;

  constructor([shelf, pass]: readonly [Biquad, Biquad]) {
    this.#shelf = shelf;
    this.#pass = pass;
  }

  /** The sum of the weighted squares of `samples[from..to)`. */
  sumSquares(samples: ArrayLike<number>, from: number, to: number): number {
    const p = this.#shelf;
    const q = this.#pass;
    let [s1, s2, t1, t2] = [this.#s1, this.#s2, this.#t1, this.#t2];
    let sum = 0;
    for (let i = from; i < to; i++) {
      const x = samples[i]!;
      const y = p.b0 * x + s1;
      s1 = p.b1 * x - p.a1 * y + s2;
      s2 = p.b2 * x - p.a2 * y;
      const z = q.b0 * y + t1;
      t1 = q.b1 * y - q.a1 * z + t2;
      t2 = q.b2 * y - q.a2 * z;
      sum += z * z;
    }
    // A filter left ringing on denormals after silence costs the audio thread dearly.
    const flush = (v: number) => (Math.abs(v) < 1e-25 ? 0 : v);
    [this.#s1, this.#s2, this.#t1, this.#t2] = [flush(s1), flush(s2), flush(t1), flush(t2)];
    return sum;
  }
}

export interface LoudnessValues {
  /** The last 400 ms (LUFS; −∞ while silent or before 400 ms were heard). */
  readonly momentaryLufs: number;
  /** The last 3 s (LUFS; −∞ before 3 s were heard). */
  readonly shortTermLufs: number;
  /** Gated, since the last reset (LUFS; −∞ until a block passes the gates). */
  readonly integratedLufs: number;
}

export class LoudnessMeter {
  readonly #filters: KFilter[];
  readonly #stepFrames: number;
  /** Channel-summed weighted mean square of each of the last 30 steps of 100 ms (a ring). */
  readonly #steps = new Float64Array(30);
  #stepCount = 0;
  #partial = 0;
  #partialFrames = 0;
  #binCounts = new Uint32Array(BIN_COUNT);
  #binEnergy = new Float64Array(BIN_COUNT);
  /** The first step the integrated loudness may count: none of a block's sound is from before a reset. */
  #integrateFromStep = 0;

  constructor(sampleRate: number, channels: number) {
    if (!Number.isInteger(channels) || channels < 1 || channels > 2)
      throw new RangeError(`The meters measure one or two channels, not ${channels}`);
    const stages = kWeighting(sampleRate);
    this.#filters = Array.from({ length: channels }, () => new KFilter(stages));
    this.#stepFrames = Math.round(sampleRate / 10);
  }

  /** Measures the next frames: one array per channel, all the same length. */
  push(channels: readonly ArrayLike<number>[]): void {
    if (channels.length !== this.#filters.length)
      throw new RangeError(`Expected ${this.#filters.length} channels of samples, got ${channels.length}`);
    const frames = channels[0]?.length ?? 0;
    let at = 0;
    while (at < frames) {
      const take = Math.min(frames - at, this.#stepFrames - this.#partialFrames);
      for (let c = 0; c < channels.length; c++)
        this.#partial += this.#filters[c]!.sumSquares(channels[c]!, at, at + take);
      this.#partialFrames += take;
      at += take;
      if (this.#partialFrames === this.#stepFrames) this.#endStep();
    }
  }

  #endStep(): void {
    this.#steps[this.#stepCount % this.#steps.length] = this.#partial / this.#stepFrames;
    this.#stepCount++;
    this.#partial = 0;
    this.#partialFrames = 0;
    // Every 100 ms a new 400 ms gating block ends.
    if (this.#stepCount >= 4 && this.#stepCount - 4 >= this.#integrateFromStep) {
      const block = lufsOf(this.#meanOfLast(4));
      if (block > ABSOLUTE_GATE_LUFS) {
        const bin = Math.min(BIN_COUNT - 1, Math.floor((block - ABSOLUTE_GATE_LUFS) / BIN_LU));
        this.#binCounts[bin]!++;
        this.#binEnergy[bin]! += this.#meanOfLast(4);
      }
    }
  }

  #meanOfLast(count: number): number {
    let sum = 0;
    for (let i = 1; i <= count; i++) sum += this.#steps[(this.#stepCount - i) % this.#steps.length]!;
    return sum / count;
  }

  /** The integrated loudness starts again (momentary and short-term keep their windows). */
  resetIntegrated(): void {
    this.#binCounts = new Uint32Array(BIN_COUNT);
    this.#binEnergy = new Float64Array(BIN_COUNT);
    // The blocks still overlapping what was heard before the reset (up to 400 ms of it) are not
    // counted, or a reset while paused would come back at once with the last sound's loudness;
    // nor is the first whole step after it, which holds the filters' tail of that sound.
    this.#integrateFromStep = this.#stepCount + (this.#partialFrames > 0 ? 1 : 0) + 1;
  }

  values(): LoudnessValues {
    return {
      momentaryLufs: this.#stepCount >= 4 ? lufsOf(this.#meanOfLast(4)) : -Infinity,
      shortTermLufs: this.#stepCount >= 30 ? lufsOf(this.#meanOfLast(30)) : -Infinity,
      integratedLufs: this.#integrated(),
    };
  }

  #integrated(): number {
    // Every block in the histogram already passed the absolute gate.
    const meanFrom = (first: number) => {
      let count = 0;
      let energy = 0;
      for (let bin = first; bin < BIN_COUNT; bin++) {
        count += this.#binCounts[bin]!;
        energy += this.#binEnergy[bin]!;
      }
      return count ? energy / count : 0;
    };
    const ungated = meanFrom(0);
    if (!ungated) return -Infinity;
    const gate = lufsOf(ungated) + RELATIVE_GATE_LU;
    const first = Math.max(0, Math.ceil((gate - ABSOLUTE_GATE_LUFS) / BIN_LU));
    return lufsOf(meanFrom(first));
  }
}
