// The mix's peak limiter (docs/render-semantics.md "The sound"), an AudioWorklet processor:
// the ceiling is −1 dBFS; the gain falls toward ceiling / peak with a 5 ms time constant
// when the sum's peak goes over, and returns to 1 with 50 ms when it goes back under. Below
// the ceiling (and once released) the mix passes untouched: the plain sum. Loaded by the
// Web Audio graph (audioGraph.ts) as its own module.

// The AudioWorklet scope's globals (not in TypeScript's DOM library).
declare const sampleRate: number;
declare function registerProcessor(name: string, processor: unknown): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

// audioGraph.ts creates the node by this name.
const LIMITER_NAME = 'clipdesk-limiter';
const CEILING = 10 ** (-1 / 20);

class LimiterProcessor extends AudioWorkletProcessor {
  #gain = 1;
  readonly #attack = Math.exp(-1 / (0.005 * sampleRate));
  readonly #release = Math.exp(-1 / (0.05 * sampleRate));

  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const input = inputs[0] ?? [];
    const output = outputs[0] ?? [];
    const frames = output[0]?.length ?? 0;
    for (let i = 0; i < frames; i++) {
      let peak = 0;
      for (const channel of input) peak = Math.max(peak, Math.abs(channel[i] ?? 0));
      const wanted = peak > CEILING ? CEILING / peak : 1;
      const coefficient = wanted < this.#gain ? this.#attack : this.#release;
      this.#gain = wanted + (this.#gain - wanted) * coefficient;
      for (let c = 0; c < output.length; c++) {
        const sample = (input[c] ?? input[0])?.[i] ?? 0;
        // What the 5 ms attack lets through for an instant is still never past full scale.
        output[c]![i] = Math.max(-1, Math.min(1, sample * this.#gain));
      }
    }
    return true;
  }
}

registerProcessor(LIMITER_NAME, LimiterProcessor);
