// The monitor's sound: each clip's media element feeds a gain (its volume times its
// transition's ramp, set by the engine from audioMix.ts), the gains are summed at unity,
// and the sum goes through the peak limiter (limiterProcessor.ts) to the speakers — 48 kHz,
// as the render mixes. Made on the first play (a key press or a click: browsers start
// sound only after a gesture); an element is connected once and stays connected.
import limiterUrl from './limiterProcessor.ts?worker&url';

const LIMITER_NAME = 'clipdesk-limiter'; // as limiterProcessor.ts registers it (importing it would run it here)
/** Gains move to a new value with this time constant (s): quick, without a click. */
const GAIN_SMOOTHING_S = 0.005;

export class AudioGraph {
  readonly context: AudioContext;
  readonly #sum: GainNode;
  readonly #gains = new WeakMap<HTMLMediaElement, GainNode>();

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

  /** The element's sound joins the mix (once; it starts silent until setGain). */
  connect(element: HTMLMediaElement): void {
    if (this.#gains.has(element)) return;
    const gain = this.context.createGain();
    gain.gain.value = 0;
    this.context.createMediaElementSource(element).connect(gain).connect(this.#sum);
    element.muted = false;
    this.#gains.set(element, gain);
  }

  setGain(element: HTMLMediaElement, value: number): void {
    const gain = this.#gains.get(element);
    if (gain && Math.abs(gain.gain.value - value) > 1e-4)
      gain.gain.setTargetAtTime(value, this.context.currentTime, GAIN_SMOOTHING_S);
  }

  resume(): Promise<void> {
    return this.context.state === 'running' ? Promise.resolve() : this.context.resume();
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => {});
  }
}
