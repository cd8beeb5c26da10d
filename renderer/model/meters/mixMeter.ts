// Everything the monitor's meters show, measured on one stream of the mix: sample levels per
// channel (levels.ts), loudness (loudness.ts) and true peak (truePeak.ts). The audio thread
// feeds it (renderer/preview/meterProcessor.ts); tests feed it decoded files.
import { type ChannelLevel, LevelMeter } from './levels.ts';
import { LoudnessMeter, type LoudnessValues } from './loudness.ts';
import { TruePeakMeter } from './truePeak.ts';

export interface MeterReading extends LoudnessValues {
  readonly channels: readonly ChannelLevel[];
  /** The highest true peak since the last reset (dBTP; −∞ for silence). */
  readonly truePeakDbtp: number;
}

/** What the meters show before any sound (and what the page shows without a mix). */
export const SILENT_READING: MeterReading = {
  channels: [0, 1].map(() => ({ peakDbfs: -Infinity, rmsDbfs: -Infinity, holdDbfs: -Infinity, clipped: false })),
  momentaryLufs: -Infinity,
  shortTermLufs: -Infinity,
  integratedLufs: -Infinity,
  truePeakDbtp: -Infinity,
};

export class MixMeter {
  readonly #levels: LevelMeter;
  readonly #loudness: LoudnessMeter;
  readonly #truePeak: TruePeakMeter;

  constructor(sampleRate: number, channels: number) {
    this.#loudness = new LoudnessMeter(sampleRate, channels);
    this.#levels = new LevelMeter(sampleRate, channels);
    this.#truePeak = new TruePeakMeter(channels);
  }

  /** The next frames of the mix as heard; `unlimited`, the same frames before the limiter (for the clip lights). */
  push(heard: readonly ArrayLike<number>[], unlimited: readonly ArrayLike<number>[] = heard): void {
    this.#loudness.push(heard);
    this.#levels.push(heard);
    this.#truePeak.push(heard);
    this.#levels.hearUnlimited(unlimited);
  }

  read(): MeterReading {
    return { ...this.#loudness.values(), channels: this.#levels.read(), truePeakDbtp: this.#truePeak.dbtp() };
  }

  /** The integrated loudness, the true peak, the holds and the clip lights start again. */
  reset(): void {
    this.#loudness.resetIntegrated();
    this.#truePeak.reset();
    this.#levels.reset();
  }
}
