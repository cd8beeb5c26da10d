// The monitor's meters between the audio thread and the page. The monitor's Web Audio graph
// (audioGraph.ts) attaches its meter node's port once the node runs, and detaches it when the
// graph closes; the meters beside the monitor (screens/timeline/LevelMeters.tsx) hear every
// reading (about 30 a second) and ask for a reset. `null` means no mix is measured: the
// monitor has not played yet (browsers start sound only after a gesture) or is gone.
import type { MeterReading } from '../model/meters/mixMeter.ts';

export type MeterListener = (reading: MeterReading | null) => void;

export class MixMeters {
  readonly #listeners = new Set<MeterListener>();
  #port: MessagePort | null = null;
  #latest: MeterReading | null = null;

  attach(port: MessagePort): void {
    if (this.#port) this.#port.onmessage = null;
    this.#port = port;
    port.onmessage = (event: MessageEvent<MeterReading>) => this.#publish(event.data);
  }

  detach(port: MessagePort): void {
    if (this.#port !== port) return;
    port.onmessage = null;
    this.#port = null;
    this.#publish(null);
  }

  get latest(): MeterReading | null {
    return this.#latest;
  }

  /** Hears every reading from now on; returns the way to stop. */
  subscribe(listener: MeterListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The integrated loudness, true peak, peak holds and clip lights start again. */
  reset(): void {
    this.#port?.postMessage('reset');
  }

  #publish(reading: MeterReading | null): void {
    this.#latest = reading;
    for (const listener of this.#listeners) listener(reading);
  }
}

/** The monitor's meters (one monitor, one mix). */
export const monitorMeters = new MixMeters();
