// A reversed clip's sound (docs/render-semantics.md: picture and sound play backwards). No
// media element plays backwards, so the clip's media is fetched once (the same URL its
// element reads) and decoded by Web Audio; the stretch of source the clip can sound (its
// range and a crossfade's reach) is copied backwards into a buffer, and that buffer plays
// from where the clock is, through its gains per channel into the mix, kept on the clock as elements are.
// Decoding holds the media's whole sound in memory, so media longer than DECODE_MAX_MS stay
// silent reversed. The buffer plays at the clip's speed without keeping the pitch (the
// render keeps it).
import type { PreviewMedia } from '../../shared/preview/previewMedia.ts';
import type { AudioGraph } from './audioGraph.ts';
import type { SoundingClip } from './audioMix.ts';
import { ChannelGainStage } from './channelGainStage.ts';

/** Media longer than this are not decoded (about 110 MB of samples at 48 kHz stereo). */
const DECODE_MAX_MS = 5 * 60_000;
/** Source reached beyond the clip's range either way (a crossfade's half). */
const REACH_MS = 5_000;
/** A voice further than this from the clock starts again where it should be. */
const DRIFT_MS = 60;

export interface ReversedSound {
  readonly clipId: string;
  readonly url: string;
  /** The clip's source range. */
  readonly inMs: number;
  readonly outMs: number;
  /** Where the source is now, running down at `rate`. */
  readonly sourceMs: number;
  readonly rate: number;
  /** Its gain on each channel (its own, its track's gain and pan). */
  readonly left: number;
  readonly right: number;
  /** The media's length; null while not known (then it waits). */
  readonly durationMs: number | null;
}

interface Voice {
  readonly key: string;
  readonly node: AudioBufferSourceNode;
  readonly gains: ChannelGainStage;
  /** Context time when it was at `fromMs` of the source, and how fast it goes down. */
  readonly startedAt: number;
  readonly fromMs: number;
  readonly rate: number;
}

interface Backwards {
  readonly buffer: AudioBuffer;
  /** The source ms at the buffer's start (the stretch's end: it runs down from here). */
  readonly topMs: number;
  readonly bottomMs: number;
}

export class ReversedSounds {
  readonly #graph: AudioGraph;
  readonly #decoded = new Map<string, Promise<AudioBuffer | null>>();
  readonly #backwards = new Map<string, Backwards>();
  readonly #voices = new Map<string, Voice>();

  constructor(graph: AudioGraph) {
    this.#graph = graph;
  }

  /** This frame's sounds (the reversed ones play here), at `transport` (the playback rate); the others stop. */
  update(sounding: readonly SoundingClip[], media: ReadonlyMap<number, PreviewMedia>, transport: number): void {
    const sounds: ReversedSound[] = sounding.flatMap((sound) => {
      const known = media.get(sound.assetId);
      return sound.reversed && known?.url
        ? [{ ...sound, url: known.url, durationMs: known.info?.durationMs ?? null }]
        : [];
    });
    const live = new Set<string>();
    for (const sound of sounds) {
      const duration = sound.durationMs;
      if (duration === null || duration > DECODE_MAX_MS) continue;
      const backwards = this.#backwardsOf(sound, duration);
      if (!backwards) continue;
      live.add(sound.clipId);
      this.#play(sound, backwards, sound.rate * transport);
    }
    for (const clipId of [...this.#voices.keys()]) if (!live.has(clipId)) this.#stop(clipId);
  }

  stopAll(): void {
    for (const clipId of [...this.#voices.keys()]) this.#stop(clipId);
  }

  /** The reversed stretch of the clip's source, once decoded (null meanwhile; the decode runs once per media). */
  #backwardsOf(sound: ReversedSound, durationMs: number): Backwards | null {
    const key = `${sound.url}|${sound.inMs}|${sound.outMs}`;
    const made = this.#backwards.get(key);
    if (made) return made;
    let decoding = this.#decoded.get(sound.url);
    if (!decoding) {
      decoding = fetch(sound.url)
        .then((res) => res.arrayBuffer())
        .then((bytes) => this.#graph.context.decodeAudioData(bytes))
        .catch(() => null);
      this.#decoded.set(sound.url, decoding);
    }
    void decoding.then((decoded) => {
      if (!decoded || this.#backwards.has(key)) return;
      const bottomMs = Math.max(0, sound.inMs - REACH_MS);
      const topMs = Math.min(durationMs, decoded.duration * 1000, sound.outMs + REACH_MS);
      this.#backwards.set(key, {
        buffer: reversedStretch(this.#graph.context, decoded, bottomMs, topMs),
        topMs,
        bottomMs,
      });
      // Only the clips' stretches are kept (the last few): the whole decoded media is let go
      // (another range of it decodes it again).
      this.#decoded.delete(sound.url);
      if (this.#backwards.size > 8) this.#backwards.delete(this.#backwards.keys().next().value!);
    });
    return null;
  }

  #play(sound: ReversedSound, backwards: Backwards, rate: number): void {
    const context = this.#graph.context;
    const key = `${sound.url}|${sound.inMs}|${sound.outMs}`;
    const voice = this.#voices.get(sound.clipId);
    if (voice) {
      const at = voice.fromMs - (context.currentTime - voice.startedAt) * 1000 * voice.rate;
      if (voice.key === key && Math.abs(voice.rate - rate) < 1e-3 && Math.abs(at - sound.sourceMs) < DRIFT_MS) {
        voice.gains.set(sound);
        return;
      }
      this.#stop(sound.clipId);
    }
    const offset = (backwards.topMs - sound.sourceMs) / 1000;
    if (offset < 0 || sound.sourceMs <= backwards.bottomMs || rate <= 0) return;
    const node = context.createBufferSource();
    node.buffer = backwards.buffer;
    node.playbackRate.value = rate;
    const gains = new ChannelGainStage(context, this.#graph.input, sound);
    node.connect(gains.input);
    node.start(0, offset);
    this.#voices.set(sound.clipId, {
      key,
      node,
      gains,
      startedAt: context.currentTime,
      fromMs: sound.sourceMs,
      rate,
    });
  }

  #stop(clipId: string): void {
    const voice = this.#voices.get(clipId);
    if (!voice) return;
    this.#voices.delete(clipId);
    voice.node.stop();
    voice.node.disconnect();
    voice.gains.disconnect();
  }
}

/** Source [bottomMs, topMs) of `decoded`, backwards: sample 0 is the one just before topMs. */
export function reversedStretch(
  context: BaseAudioContext,
  decoded: AudioBuffer,
  bottomMs: number,
  topMs: number,
): AudioBuffer {
  const rate = decoded.sampleRate;
  const from = Math.max(0, Math.floor((bottomMs * rate) / 1000));
  const to = Math.min(decoded.length, Math.ceil((topMs * rate) / 1000));
  const length = Math.max(1, to - from);
  const out = context.createBuffer(decoded.numberOfChannels, length, rate);
  for (let c = 0; c < decoded.numberOfChannels; c++) {
    const source = decoded.getChannelData(c);
    const target = out.getChannelData(c);
    for (let i = 0; i < length; i++) target[i] = source[to - 1 - i] ?? 0;
  }
  return out;
}
