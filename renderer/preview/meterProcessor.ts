// The monitor's meters on the audio thread, an AudioWorklet processor: input 0 is the mix as
// the speakers get it (after the limiter), input 1 the same mix before the limiter (only
// for the clip lights). Every block goes through the pure meter (renderer/model/meters);
// about 30 times a second its reading is posted to the page (mixMeters.ts), and a 'reset'
// message starts the integrated loudness, true peak, holds and clip lights again. Loaded
// by the Web Audio graph (audioGraph.ts) as its own module.
import { MixMeter } from '../model/meters/mixMeter.ts';

// The AudioWorklet scope's globals (not in TypeScript's DOM library).
declare const sampleRate: number;
declare function registerProcessor(name: string, processor: unknown): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

// audioGraph.ts creates the node by this name.
const METER_NAME = 'clipdesk-meter';
/** A reading is posted after this much sound (s): as often as a meter is usefully drawn. */
const REPORT_S = 1 / 30;

class MeterProcessor extends AudioWorkletProcessor {
  readonly #meter = new MixMeter(sampleRate, 2);
  readonly #every = Math.round(sampleRate * REPORT_S);
  #since = 0;
  #silence = new Float32Array(128);

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent) => {
      if (event.data !== 'reset') return;
      this.#meter.reset();
      this.port.postMessage(this.#meter.read());
    };
  }

  process(inputs: Float32Array[][]): boolean {
    const frames = inputs[0]?.[0]?.length ?? inputs[1]?.[0]?.length ?? 128;
    if (this.#silence.length !== frames) this.#silence = new Float32Array(frames);
    // An input nothing sounds into has no channels; a mono one is heard on both sides.
    const stereo = (input: Float32Array[] | undefined) => [
      input?.[0] ?? this.#silence,
      input?.[1] ?? input?.[0] ?? this.#silence,
    ];
    this.#meter.push(stereo(inputs[0]), stereo(inputs[1]));
    this.#since += frames;
    if (this.#since >= this.#every) {
      this.#since = 0;
      this.port.postMessage(this.#meter.read());
    }
    return true;
  }
}

registerProcessor(METER_NAME, MeterProcessor);
