// Sample levels per channel, as a digital peak meter shows them (IEC 60268-18's ballistics):
// the peak rises at once and falls 20 dB in 1.7 s; the highest peak is held for 2 s; RMS is
// the root mean square of the last 300 ms; a channel's clip light comes on when the mix, as
// summed before the master limiter, reaches full scale (0 dBFS), and stays on until reset.
// Pure: fed blocks of samples, read as often as the meter is drawn.
import { decibels } from './truePeak.ts';

export const PEAK_FALL_DB_PER_S = 20 / 1.7;
export const PEAK_HOLD_S = 2;
export const RMS_WINDOW_S = 0.3;
/** Full scale: a sample of the unlimited mix at or past it would clip without the limiter. */
const CLIP_LEVEL = 1;

export interface ChannelLevel {
  /** dBFS, with the fall applied (−∞ for silence). */
  readonly peakDbfs: number;
  /** dBFS over the last 300 ms (−∞ for silence). */
  readonly rmsDbfs: number;
  /** The highest peak of the last 2 s (dBFS). */
  readonly holdDbfs: number;
  readonly clipped: boolean;
}

/** RMS over 10 ms slices: the window moves by 10 ms. */
const SLICES = 30;

class ChannelLevels {
  readonly #sliceFrames: number;
  readonly #slices = new Float64Array(SLICES);
  #sliceCount = 0;
  #partial = 0;
  #partialFrames = 0;
  #peakDb = -Infinity;
  #holdDb = -Infinity;
  #holdAge = 0;
  clipped = false;

  constructor(sampleRate: number) {
    this.#sliceFrames = Math.round(sampleRate / 100);
  }

  push(samples: ArrayLike<number>, seconds: number): void {
    let peak = 0;
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i]!;
      peak = Math.max(peak, Math.abs(x));
      this.#partial += x * x;
      if (++this.#partialFrames === this.#sliceFrames) {
        this.#slices[this.#sliceCount++ % SLICES] = this.#partial;
        this.#partial = 0;
        this.#partialFrames = 0;
      }
    }
    const fallen = this.#peakDb - PEAK_FALL_DB_PER_S * seconds;
    this.#peakDb = Math.max(decibels(peak), fallen);
    if (this.#peakDb >= this.#holdDb) {
      this.#holdDb = this.#peakDb;
      this.#holdAge = 0;
    } else if ((this.#holdAge += seconds) > PEAK_HOLD_S) {
      this.#holdDb = this.#peakDb;
      this.#holdAge = 0;
    }
  }

  hearUnlimited(samples: ArrayLike<number>): void {
    if (this.clipped) return;
    for (let i = 0; i < samples.length; i++) if (Math.abs(samples[i]!) >= CLIP_LEVEL) this.clipped = true;
  }

  read(): ChannelLevel {
    const count = Math.min(this.#sliceCount, SLICES);
    let sum = 0;
    for (let i = 0; i < count; i++) sum += this.#slices[i]!;
    const meanSquare = count ? sum / (count * this.#sliceFrames) : 0;
    return {
      peakDbfs: this.#peakDb,
      rmsDbfs: decibels(Math.sqrt(meanSquare)),
      holdDbfs: this.#holdDb,
      clipped: this.clipped,
    };
  }

  reset(): void {
    this.#holdDb = this.#peakDb;
    this.#holdAge = 0;
    this.clipped = false;
  }
}

export class LevelMeter {
  readonly #sampleRate: number;
  readonly #channels: ChannelLevels[];

  constructor(sampleRate: number, channels: number) {
    this.#sampleRate = sampleRate;
    this.#channels = Array.from({ length: channels }, () => new ChannelLevels(sampleRate));
  }

  /** The mix as heard (after the limiter): peaks, holds and RMS. */
  push(channels: readonly ArrayLike<number>[]): void {
    const seconds = (channels[0]?.length ?? 0) / this.#sampleRate;
    channels.forEach((samples, c) => this.#channels[c]?.push(samples, seconds));
  }

  /** The mix as summed before the limiter: the clip lights. */
  hearUnlimited(channels: readonly ArrayLike<number>[]): void {
    channels.forEach((samples, c) => this.#channels[c]?.hearUnlimited(samples));
  }

  read(): ChannelLevel[] {
    return this.#channels.map((c) => c.read());
  }

  /** Holds drop to the present peak; clip lights go out. */
  reset(): void {
    for (const c of this.#channels) c.reset();
  }
}
