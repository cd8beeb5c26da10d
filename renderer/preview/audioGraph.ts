// The monitor's sound: each clip's media element feeds a gain per channel (its volume times
// its transition's ramp times its track's gain and pan, set by the engine from audioMix.ts;
// mono is heard on both sides first, as the render up-mixes it), the gains are summed at unity,
// and the sum goes through the peak limiter (limiterProcessor.ts) to the speakers — 48 kHz,
// as the render mixes. The meters (meterProcessor.ts) tap the limiter's output, which is
// what is heard and what the render writes, and the sum before it, for the clip lights.
// Made on the first play (a key press or a click: browsers start sound only after a
// gesture); an element is connected once and stays connected.
import { ChannelGainStage, SILENT, type ChannelGains } from './channelGainStage.ts';
import limiterUrl from './limiterProcessor.ts?worker&url';
import meterUrl from './meterProcessor.ts?worker&url';
import { monitorMeters } from './mixMeters.ts';

// As the processors register themselves (importing them would run them here).
const LIMITER_NAME = 'clipdesk-limiter';
const METER_NAME = 'clipdesk-meter';

export class AudioGraph {
  readonly context: AudioContext;
  readonly #sum: GainNode;
  readonly #stages = new WeakMap<HTMLMediaElement, ChannelGainStage>();
  #meter: AudioWorkletNode | null = null;
  #closed = false;

  constructor() {
    this.context = new AudioContext({ sampleRate: 48_000, latencyHint: 'playback' });
    this.#sum = this.context.createGain();
    // Until the limiter's module is loaded the sum goes out as it is.
    this.#sum.connect(this.context.destination);
    const worklets = this.context.audioWorklet;
    const meterLoaded = worklets.addModule(meterUrl);
    meterLoaded.catch(() => {});
    void worklets
      .addModule(limiterUrl)
      .then(() => {
        const limiter = new AudioWorkletNode(this.context, LIMITER_NAME, { outputChannelCount: [2] });
        this.#sum.disconnect();
        this.#sum.connect(limiter).connect(this.context.destination);
        return meterLoaded.then(() => this.#tap(limiter));
      })
      .catch(() => {
        // Without the worklets (a browser that refuses them) the mix still plays, unlimited and unmeasured.
      });
  }

  /** The meters hear the limiter's output and, for the clip lights, the sum before it. */
  #tap(limiter: AudioNode): void {
    if (this.#closed) return;
    const meter = new AudioWorkletNode(this.context, METER_NAME, {
      numberOfInputs: 2,
      numberOfOutputs: 1,
      outputChannelCount: [1],
      channelCount: 2,
      channelCountMode: 'explicit',
      channelInterpretation: 'speakers',
    });
    limiter.connect(meter, 0, 0);
    this.#sum.connect(meter, 0, 1);
    // Only what the destination pulls is run: the meter's output (always silent) joins it.
    meter.connect(this.context.destination);
    monitorMeters.attach(meter.port);
    this.#meter = meter;
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
    this.#closed = true;
    if (this.#meter) monitorMeters.detach(this.#meter.port);
    await this.context.close().catch(() => {});
  }
}
