// One media element per clip on or near the screen, reading what main's media cache serves
// (`/media/<ticket>`, same origin). A video seeks to the middle of the frame to show (see
// frameGeometry.ts); seeks are "latest wins" — while one runs, only the newest target waits
// — so scrubbing never queues a backlog. The element is created once and reused as the clip
// plays, is held (a transition's predecessor) or waits to come on screen.
import type { MediaInfo } from '../../shared/preview/previewMedia.ts';

/** A seek is "there" within this (seconds): targets are frame middles, far from a neighbour. */
const AT_EPSILON_S = 0.002;

export class MediaSlot {
  readonly clipId: string;
  readonly assetId: number;
  readonly url: string;
  readonly info: MediaInfo;
  readonly element: HTMLVideoElement | HTMLImageElement;
  #loaded = false;
  #seeking = false;
  #pending: number | null = null;
  #failed: string | null = null;
  #onChange: () => void;

  constructor(clipId: string, assetId: number, url: string, info: MediaInfo, onChange: () => void) {
    this.clipId = clipId;
    this.assetId = assetId;
    this.url = url;
    this.info = info;
    this.#onChange = onChange;
    if (info.kind === 'image') {
      const image = document.createElement('img');
      image.decoding = 'async';
      image.alt = '';
      image.src = url;
      image
        .decode()
        .then(() => this.#changed(() => (this.#loaded = true)))
        .catch(() => this.#changed(() => (this.#failed = 'The image could not be read.')));
      this.element = image;
      return;
    }
    const video = document.createElement('video');
    video.preload = 'auto';
    video.playsInline = true;
    video.disableRemotePlayback = true;
    video.preservesPitch = true;
    // Sound goes through the Web Audio graph once it exists; until then nothing is heard.
    video.muted = !info.hasAudio;
    video.addEventListener('loadeddata', () => this.#changed(() => (this.#loaded = true)));
    video.addEventListener('seeked', () => this.#seeked());
    video.addEventListener('error', () =>
      this.#changed(() => (this.#failed = video.error?.message || 'The media could not be played.')),
    );
    video.src = url;
    this.element = video;
  }

  get video(): HTMLVideoElement | null {
    return this.element instanceof HTMLVideoElement ? this.element : null;
  }

  /** Loaded, not seeking: what it shows is what it was last asked to show. */
  get ready(): boolean {
    return this.#loaded && !this.#seeking && this.#pending === null;
  }

  get failed(): string | null {
    return this.#failed;
  }

  get playing(): boolean {
    const video = this.video;
    return video !== null && !video.paused;
  }

  get seconds(): number {
    return this.video?.currentTime ?? 0;
  }

  /** Shows the moment `seconds` (an image is always there). */
  isAt(seconds: number): boolean {
    const video = this.video;
    if (!video) return this.#loaded;
    return this.ready && Math.abs(video.currentTime - seconds) < AT_EPSILON_S;
  }

  /** Seeks there; while a seek runs, only the newest target waits for it. */
  seek(seconds: number): void {
    const video = this.video;
    if (!video || this.#failed) return;
    if (this.#seeking) {
      this.#pending = seconds;
      return;
    }
    if (Math.abs(video.currentTime - seconds) < AT_EPSILON_S && this.#loaded) return;
    this.#seeking = true;
    video.currentTime = seconds;
  }

  /** Plays from where it stands at `rate` (the clip's speed times the transport's). */
  async play(rate: number): Promise<void> {
    const video = this.video;
    if (!video || this.#failed) return;
    this.setRate(rate);
    if (!video.paused) return;
    try {
      await video.play();
    } catch {
      // Interrupted by a pause or a seek: the engine decides again next frame.
    }
  }

  setRate(rate: number): void {
    const video = this.video;
    if (video && Math.abs(video.playbackRate - rate) > 1e-3) video.playbackRate = rate;
  }

  pause(): void {
    const video = this.video;
    if (video && !video.paused) video.pause();
  }

  dispose(): void {
    const video = this.video;
    if (video) {
      video.pause();
      video.removeAttribute('src');
      video.load();
    }
    this.element.remove();
  }

  #seeked(): void {
    this.#changed(() => {
      this.#seeking = false;
      const next = this.#pending;
      this.#pending = null;
      if (next !== null) this.seek(next);
    });
  }

  #changed(update: () => void): void {
    update();
    this.#onChange();
  }
}
