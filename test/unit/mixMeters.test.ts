// The meters' link between the audio thread and the page (renderer/preview/mixMeters.ts),
// over a real MessageChannel: readings reach every listener, a reset goes to the audio
// thread, and a closed mix is said as null.
import { describe, expect, it } from 'vitest';
import { SILENT_READING, type MeterReading } from '../../renderer/model/meters/mixMeter.ts';
import { MixMeters } from '../../renderer/preview/mixMeters.ts';

const next = <T>(port: MessagePort) =>
  new Promise<T>((resolve) => port.addEventListener('message', (e) => resolve(e.data as T), { once: true }));

describe('the monitor’s meters feed', () => {
  it('passes readings on, sends a reset to the audio thread, and says null once the mix is gone', async () => {
    const meters = new MixMeters();
    const { port1: page, port2: audio } = new MessageChannel();
    audio.start();
    const heard: (MeterReading | null)[] = [];
    const stop = meters.subscribe((reading) => heard.push(reading));
    expect(meters.latest).toBeNull();
    meters.attach(page);

    const reading: MeterReading = { ...SILENT_READING, integratedLufs: -23.1 };
    audio.postMessage(reading);
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toEqual(reading);
    expect(meters.latest).toEqual(reading);

    const asked = next<string>(audio);
    meters.reset();
    expect(await asked).toBe('reset');

    meters.detach(page);
    expect(heard.at(-1)).toBeNull();
    expect(meters.latest).toBeNull();
    stop();
    page.close();
    audio.close();
  });
});
