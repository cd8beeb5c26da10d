// A stereo stage with its own gain on each channel: how the monitor applies a sound's gain,
// its track's gain and its pan (audioMix.ts says the factors, timelineRules.ts panGains the
// law). Web Audio's StereoPannerNode is not used: its law halves a centred mono source, and
// the monitor must mix as the render does.

/** Gains move to a new value with this time constant (s): quick, without a click. */
export const GAIN_SMOOTHING_S = 0.005;

/** How much of a sound each speaker channel gets (linear). */
export interface ChannelGains {
  readonly left: number;
  readonly right: number;
}

export class ChannelGainStage {
  /** Where the sound goes in: up-mixed to stereo by the speaker rules (mono to both sides). */
  readonly input: GainNode;
  readonly #left: GainNode;
  readonly #right: GainNode;
  readonly #merger: ChannelMergerNode;

  constructor(context: BaseAudioContext, output: AudioNode, initial: ChannelGains) {
    this.input = new GainNode(context, {
      channelCount: 2,
      channelCountMode: 'explicit',
      channelInterpretation: 'speakers',
    });
    const splitter = new ChannelSplitterNode(context, { numberOfOutputs: 2 });
    this.#merger = new ChannelMergerNode(context, { numberOfInputs: 2 });
    this.#left = new GainNode(context, { gain: initial.left });
    this.#right = new GainNode(context, { gain: initial.right });
    this.input.connect(splitter);
    splitter.connect(this.#left, 0).connect(this.#merger, 0, 0);
    splitter.connect(this.#right, 1).connect(this.#merger, 0, 1);
    this.#merger.connect(output);
  }

  set(gains: ChannelGains): void {
    const now = this.input.context.currentTime;
    if (Math.abs(this.#left.gain.value - gains.left) > 1e-4)
      this.#left.gain.setTargetAtTime(gains.left, now, GAIN_SMOOTHING_S);
    if (Math.abs(this.#right.gain.value - gains.right) > 1e-4)
      this.#right.gain.setTargetAtTime(gains.right, now, GAIN_SMOOTHING_S);
  }

  disconnect(): void {
    this.input.disconnect();
    this.#merger.disconnect();
  }
}

export const SILENT: ChannelGains = { left: 0, right: 0 };
