// The monitor's sound: each clip's media element feeds a gain per channel (its volume times
// its transition's ramp times its track's gain and pan, set by the engine from audioMix.ts;
// mono is heard on both sides first, as the render up-mixes it), the gains are summed at unity,
// and the sum goes through the peak limiter (limiterProcessor.ts) to the speakers — 48 kHz,
// as the render mixes. Made on the first play (a key press or a click: browsers start
// sound only after a gesture); an element is connected once and stays connected.
import { ChannelGainStage, SILENT, type ChannelGains } from './channelGainStage.ts';
import limiterUrl from './limiterProcessor.ts?worker&url';

const LIMITER_NAME = 'clipdesk-limiter'; // as limiterProcessor.ts registers it (importing it would run it here)

export class AudioGraph {
  readonly context: AudioContext;
  readonly #sum: GainNode;
  readonly #stages = new WeakMap<HTMLMediaElement, ChannelGainStage>();

  constructor() {
    this.context = new AudioContext({ sampleRate: 48_000, latencyHint: 'playback' });
    this.#sum = this.context.createGain();
    // Until the limiter's module is loaded the sum goes out as it is.
    this.#sum.connect(this.context.destination);
    void this.context.audioWorklet
      .addModule(limiterUrl)
      .then(() => {
        const limiter = new AudioWorkletNode(this.context, LIMITER_NAME, { outputChannelCount: [2] });
        this.#sum.disconnect();
        this.#sum.connect(limiter).connect(this.context.destination);
      })
      .catch(() => {
        // Without the worklet (a browser that refuses it) the mix still plays, unlimited.
      });
  }

  /** Where other sources join the mix (summed at unity, then limited). */
  get input(): AudioNode {
    return this.#sum;
  }

  /** The element's sound joins the mix (once; it starts silent until setGains). */
  connect(element: HTMLMediaElement): void {
    if (this.#stages.has(element)) return;
    const stage = new ChannelGainStage(this.context, this.#sum, SILENT);
    this.context.createMediaElementSource(element).connect(stage.input);
    element.muted = false;
    this.#stages.set(element, stage);
  }

  setGains(element: HTMLMediaElement, gains: ChannelGains): void {
    this.#stages.get(element)?.set(gains);
  }

  resume(): Promise<void> {
    return this.context.state === 'running' ? Promise.resolve() : this.context.resume();
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => {});
  }
}
