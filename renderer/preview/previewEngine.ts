// The live monitor's engine: one clock, the picture and the sound of the timeline under the
// playhead. Each frame it composes the timeline at t (composeFrame.ts), keeps a media
// element per clip on or near the screen (mediaSlot.ts) where it must be — paused on the
// exact frame, or playing in step with the clock —, applies the composition to the frame
// (frameView.ts) and the gains to the mix (audioGraph.ts). Paused, it draws only when
// something changed (an edit, the playhead, a drag, media arriving); playing, every frame,
// moving the playhead as it goes (the timeline scrolls with it). Stores in, DOM out.
import { applyContext, useTimeline } from '../stores/timelineStore.ts';
import { usePlayback } from '../stores/playbackStore.ts';
import { usePreviewMedia } from '../stores/previewMediaStore.ts';
import { monitorTimeline, useRevisionPreview } from '../stores/revisionPreviewStore.ts';
import { useTimelineMedia } from '../stores/timelineMediaStore.ts';
import { useTimelineView } from '../stores/timelineViewStore.ts';
import type { PreviewMedia } from '../../shared/preview/previewMedia.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { AudioGraph } from './audioGraph.ts';
import { SILENT } from './channelGainStage.ts';
import { mediaClipsBetween, soundAt, type SoundingClip } from './audioMix.ts';
import { pictureMsAt, playsForwards, speedOf } from './clipTiming.ts';
import { composeFrame, type Composition, type MediaShape } from './composeFrame.ts';
import { dragView, transformView } from './dragPreview.ts';
import { seekSeconds } from './frameGeometry.ts';
import { FrameView } from './frameView.ts';
import { MediaSlot } from './mediaSlot.ts';
import { ReversedSounds } from './reversedSound.ts';

export interface EngineStatus {
  /** Paused, and the frame on screen is the one for the time shown: every layer on its frame, every font loaded, no media missing. */
  readonly settled: boolean;
  readonly playing: boolean;
  /** Media of what is under the playhead still being fetched or proxied. */
  readonly preparing: { readonly count: number; readonly progress: number | null } | null;
  /** Why something under the playhead cannot be shown. */
  readonly problem: string | null;
  /** While a clip's edge is dragged: which one the frame shows. */
  readonly edge: 'start' | 'end' | null;
}

/** Media are asked for this far around the playhead (ms), so they are cached before they are needed. */
const PREPARE_BEHIND_MS = 2_000;
const PREPARE_AHEAD_MS = 15_000;
/** Playing, elements are made and cued this far ahead (ms of timeline, times the speed). */
const CUE_AHEAD_MS = 2_500;
/** Playing: an element further than this from the clock is sought there; closer, its rate is nudged. */
const HARD_DRIFT_S = 0.25;
const SOFT_DRIFT_S = 0.008;
/** Space to moving picture: the clock starts once every element plays, or after this (ms). */
const START_WAIT_MS = 300;

type Mode = 'paused' | 'starting' | 'playing';

export class PreviewEngine {
  readonly #frame: FrameView;
  readonly #root: HTMLElement;
  readonly #onStatus: (status: EngineStatus) => void;
  readonly #onTime: (timeMs: number) => void;
  readonly #slots = new Map<string, MediaSlot>();
  readonly #stop: (() => void)[] = [];
  #audio: AudioGraph | null = null;
  #reversed: ReversedSounds | null = null;
  #mode: Mode = 'paused';
  #anchor = { t: 0, wall: 0, rate: 1 };
  /** The playhead this engine wrote last: another value means the user moved it. */
  #written = -1;
  #raf: number | null = null;
  #starting = 0;
  #lastStatus = '';
  /**
   * Gone with its monitor: every way in does nothing from then on. A media element, a font
   * or a start still on its way may call back after the monitor has left the page.
   */
  #disposed = false;
  /** Starts waiting for their elements (at most START_WAIT_MS each); dispose ends them at once. */
  readonly #startWaits = new Set<() => void>();

  /** `onStatus` hears what changed but the time; `onTime` the time shown, every frame drawn. */
  constructor(root: HTMLElement, onStatus: (status: EngineStatus) => void, onTime: (timeMs: number) => void) {
    this.#root = root;
    this.#onStatus = onStatus;
    this.#onTime = onTime;
    this.#frame = new FrameView(root, () => this.invalidate());
    this.#frame.weightsOf = (fontId) => {
      const font = useTimeline.getState().catalog?.fonts.find((f) => f.id === fontId) as
        { weights?: unknown } | undefined;
      return Array.isArray(font?.weights) ? (font.weights as number[]) : undefined;
    };
    const observer = new ResizeObserver(() => this.invalidate());
    observer.observe(root);
    this.#stop.push(
      () => observer.disconnect(),
      useTimeline.subscribe((s, before) => s.timeline !== before.timeline && this.invalidate()),
      useRevisionPreview.subscribe((s, before) => s.previewing !== before.previewing && this.invalidate()),
      useTimelineView.subscribe(
        (s, before) =>
          (s.playheadMs !== before.playheadMs || s.drag !== before.drag || s.transform !== before.transform) &&
          this.invalidate(),
      ),
      usePreviewMedia.subscribe(() => this.invalidate()),
      usePlayback.subscribe((s, before) => {
        if (s.rate !== before.rate) this.#transport(s.rate);
        else this.invalidate();
      }),
    );
    if (usePlayback.getState().rate !== 0) this.#transport(usePlayback.getState().rate);
    this.invalidate();
  }

  /** Draws again on the next frame (once, however often it is asked). */
  invalidate(): void {
    if (this.#disposed) return;
    this.#raf ??= requestAnimationFrame((now) => this.#tick(now));
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#starting++;
    for (const end of [...this.#startWaits]) end();
    for (const stop of this.#stop) stop();
    if (this.#raf !== null) cancelAnimationFrame(this.#raf);
    this.#raf = null;
    for (const slot of this.#slots.values()) slot.dispose();
    this.#slots.clear();
    this.#frame.dispose();
    this.#reversed?.stopAll();
    void this.#audio?.close();
    // Playback belongs to the monitor: without it, nothing plays.
    if (usePlayback.getState().rate !== 0) usePlayback.getState().pause();
  }

  /** Space, J, K, L: the clock starts, changes speed, or stops. */
  #transport(rate: number): void {
    if (this.#disposed) return;
    const now = performance.now();
    const t = this.#mode === 'playing' ? this.#clock(now) : useTimelineView.getState().playheadMs;
    this.#starting++;
    if (rate === 0) {
      this.#mode = 'paused';
      for (const slot of this.#slots.values()) slot.pause();
      this.#moveTo(t);
    } else if (rate < 0) {
      // Backwards: no element plays in reverse, so each frame seeks (and the sound is silent).
      for (const slot of this.#slots.values()) slot.pause();
      this.#anchor = { t, wall: now, rate };
      this.#mode = 'playing';
    } else if (this.#mode === 'playing' && this.#anchor.rate > 0) {
      this.#anchor = { t, wall: now, rate };
    } else {
      // A gesture is under way (a key, a click): the sound may start now, and only now.
      this.#audio ??= this.#makeAudio();
      void this.#audio.resume();
      void this.#start(rate, this.#starting);
    }
    this.invalidate();
  }

  #makeAudio(): AudioGraph {
    const audio = new AudioGraph();
    this.#reversed = new ReversedSounds(audio);
    for (const slot of this.#slots.values()) if (slot.video && slot.info.hasAudio) audio.connect(slot.video);
    return audio;
  }

  async #start(rate: number, token: number): Promise<void> {
    this.#mode = 'starting';
    const timeline = monitorTimeline();
    let t = useTimelineView.getState().playheadMs;
    const { range, loop } = usePlayback.getState();
    if (timeline && t >= timeline.durationMs - 1) t = loop && range ? range.startMs : 0;
    if (loop && range && (t < range.startMs || t >= range.endMs)) t = range.startMs;
    this.#moveTo(t);
    const live = timeline ? this.#liveSlots(timeline, t) : [];
    for (const { slot, sourceMs } of live) slot.seek(sourceMs / 1000);
    await Promise.race([
      Promise.all(live.map(({ slot, speed }) => slot.play(speed * rate))),
      new Promise<void>((resolve) => {
        const end = () => {
          clearTimeout(timer);
          this.#startWaits.delete(end);
          resolve();
        };
        const timer = setTimeout(end, START_WAIT_MS);
        this.#startWaits.add(end);
      }),
    ]);
    if (token !== this.#starting || this.#disposed) return;
    this.#anchor = { t, wall: performance.now(), rate };
    this.#mode = 'playing';
    this.invalidate();
  }

  /** The slots of the clips that play at `t` (their pictures or their sound). */
  #liveSlots(timeline: Timeline, t: number): { slot: MediaSlot; sourceMs: number; speed: number }[] {
    const live: { slot: MediaSlot; sourceMs: number; speed: number }[] = [];
    for (const { clip } of mediaClipsBetween(timeline, t, t + 1)) {
      const slot = this.#slots.get(clip.id);
      // A reversed clip or a freeze frame is sought frame by frame: its element never plays.
      if (slot?.video && playsForwards(clip)) live.push({ slot, sourceMs: pictureMsAt(clip, t), speed: speedOf(clip) });
    }
    return live;
  }

  #clock(now: number): number {
    return this.#anchor.t + (now - this.#anchor.wall) * this.#anchor.rate;
  }

  #moveTo(t: number): void {
    this.#written = Math.max(0, Math.round(t));
    useTimelineView.getState().setPlayhead(t);
  }

  /** Playing: where the clock is, the range looped and the ends kept. */
  #advance(now: number, timeline: Timeline): number {
    const view = useTimelineView.getState();
    if (view.playheadMs !== this.#written) this.#anchor = { ...this.#anchor, t: view.playheadMs, wall: now };
    let t = this.#clock(now);
    const { range, loop } = usePlayback.getState();
    const rate = this.#anchor.rate;
    const from = loop && range ? range.startMs : 0;
    const to = loop && range ? range.endMs : timeline.durationMs;
    if (rate > 0 && t >= to) {
      if (loop && range) {
        t = from;
        this.#anchor = { t, wall: now, rate };
      } else {
        t = timeline.durationMs;
        usePlayback.getState().pause();
      }
    } else if (rate < 0 && t <= from) {
      if (loop && range) {
        t = to - 1;
        this.#anchor = { t, wall: now, rate };
      } else {
        t = 0;
        usePlayback.getState().pause();
      }
    }
    this.#moveTo(t);
    return t;
  }

  #tick(now: number): void {
    this.#raf = null;
    if (this.#disposed) return;
    const state = useTimeline.getState();
    const timeline = monitorTimeline();
    if (!timeline) return;
    // A revision previewed is drawn as it was: no drag or transform of the edited timeline on it.
    const editing = timeline === state.timeline;
    const t = this.#mode === 'playing' ? this.#advance(now, timeline) : useTimelineView.getState().playheadMs;
    const view = useTimelineView.getState();
    const dragged =
      editing && view.drag && this.#mode === 'paused'
        ? dragView(timeline, view.drag, t, applyContext(state.catalog), (id) => {
            return useTimelineMedia.getState().assets.get(id)?.durationMs ?? null;
          })
        : null;
    const transformed =
      editing && view.transform ? transformView(timeline, view.transform, applyContext(state.catalog)) : null;
    const shown = dragged?.timeline ?? transformed ?? timeline;
    const at = dragged?.atMs ?? t;
    const forwards = this.#mode === 'playing' && this.#anchor.rate > 0;

    const media = usePreviewMedia.getState().media;
    const shapeOf = (assetId: number): MediaShape | null => {
      const known = media.get(assetId);
      return known?.url && known.info ? known.info : null;
    };
    usePreviewMedia
      .getState()
      .want(mediaClipsBetween(shown, at - PREPARE_BEHIND_MS, at + PREPARE_AHEAD_MS).map(({ clip }) => clip.assetId));
    const frame = this.#frame.size();
    const composition = composeFrame(shown, at, { frame, shapeOf });
    const hasAudio = (assetId: number) => {
      const known = media.get(assetId);
      return known?.url && known.info ? known.info.hasAudio : null;
    };
    const durationOf = (assetId: number) => media.get(assetId)?.info?.durationMs ?? null;
    const sounding = forwards ? soundAt(shown, at, hasAudio, durationOf) : [];
    const cued = forwards
      ? mediaClipsBetween(shown, at, at + CUE_AHEAD_MS * this.#anchor.rate).map(({ clip }) => clip)
      : mediaClipsBetween(shown, at, at + 1).map(({ clip }) => clip);
    // A crossfade's tail sounds past its clip's end: its element stays.
    const kept = [...cued, ...sounding.map((sound) => ({ id: sound.clipId, assetId: sound.assetId }))];
    this.#keepSlots(composition, kept, media);

    const settled = this.#syncSlots(composition, shown, at, forwards, sounding);
    this.#reversed?.update(sounding, media, this.#anchor.rate);
    const fontsReady = this.#frame.draw(composition, frame);
    this.#report(shown, at, settled && fontsReady, dragged?.edge ?? null, media);
    if (this.#mode === 'playing') this.invalidate();
  }

  /** One slot per clip drawn or cued; others are let go. A slot is remade when its media's URL changed (a proxy arrived). */
  #keepSlots(
    composition: Composition,
    cued: { id: string; assetId: number }[],
    media: ReadonlyMap<number, PreviewMedia>,
  ) {
    const wanted = new Map<string, number>();
    for (const picture of composition.pictures) wanted.set(picture.clipId, picture.assetId);
    for (const clip of cued) wanted.set(clip.id, clip.assetId);
    for (const [clipId, slot] of this.#slots) {
      const url = media.get(slot.assetId)?.url;
      if (wanted.get(clipId) === slot.assetId && url === slot.url) continue;
      slot.dispose();
      this.#frame.detach(clipId);
      this.#slots.delete(clipId);
    }
    for (const [clipId, assetId] of wanted) {
      const known = media.get(assetId);
      if (this.#slots.has(clipId) || !known?.url || !known.info) continue;
      const slot = new MediaSlot(clipId, assetId, known.url, known.info, () => this.invalidate());
      this.#slots.set(clipId, slot);
      this.#frame.attach(slot);
      if (this.#audio && slot.video && known.info.hasAudio) this.#audio.connect(slot.video);
    }
  }

  /** Puts every slot where the clock wants it; true when every picture shows its frame. */
  #syncSlots(
    composition: Composition,
    timeline: Timeline,
    t: number,
    forwards: boolean,
    sounding: readonly SoundingClip[],
  ): boolean {
    let settled = true;
    const handled = new Set<string>();
    const clips = new Map(mediaClipsBetween(timeline, t, t + CUE_AHEAD_MS * 4).map((c) => [c.clip.id, c]));
    const gains = new Map(sounding.map((s) => [s.clipId, s]));
    for (const picture of composition.pictures) {
      const slot = this.#slots.get(picture.clipId);
      if (!slot) {
        settled = false;
        continue;
      }
      handled.add(picture.clipId);
      const target = seekSeconds(picture.sourceMs, slot.info.frameRate, slot.info.durationMs);
      const clip = clips.get(picture.clipId)?.clip;
      if (forwards && picture.plays) this.#follow(slot, picture.sourceMs, clip ? speedOf(clip) : 1);
      else {
        slot.pause();
        slot.seek(target);
        if (!slot.isAt(target)) settled = false;
      }
    }
    for (const [clipId, slot] of this.#slots) {
      const placed = clips.get(clipId);
      const sound = gains.get(clipId);
      if (!handled.has(clipId)) {
        if (forwards && sound && !sound.reversed) this.#follow(slot, sound.sourceMs, sound.rate);
        else if (placed && placed.clip.startMs > t) {
          // Cued: on its first frame, paused, so it starts at once.
          slot.pause();
          slot.seek(
            seekSeconds(pictureMsAt(placed.clip, placed.clip.startMs), slot.info.frameRate, slot.info.durationMs),
          );
        } else slot.pause();
      }
      // A reversed clip's element is sought backwards, silent: its sound plays from a reversed buffer.
      if (this.#audio && slot.video && slot.info.hasAudio)
        this.#audio.setGains(slot.video, forwards && sound && !sound.reversed ? sound : SILENT);
    }
    return settled;
  }

  /** Playing forwards: the element plays at its clip's speed times the transport's, kept on the clock. */
  #follow(slot: MediaSlot, sourceMs: number, speed: number) {
    const rate = speed * this.#anchor.rate;
    const drift = slot.seconds - sourceMs / 1000;
    if (!slot.playing) {
      slot.seek(sourceMs / 1000);
      void slot.play(rate);
      return;
    }
    if (Math.abs(drift) > HARD_DRIFT_S) {
      slot.seek(sourceMs / 1000);
      slot.setRate(rate);
    } else if (Math.abs(drift) > SOFT_DRIFT_S) {
      // Catch up (or wait) within about half a second; the pitch is kept.
      slot.setRate(rate * Math.min(1.5, Math.max(0.67, 1 - drift * 2)));
    } else slot.setRate(rate);
  }

  #report(
    timeline: Timeline,
    t: number,
    settled: boolean,
    edge: 'start' | 'end' | null,
    media: ReadonlyMap<number, PreviewMedia>,
  ): void {
    const under = mediaClipsBetween(timeline, t, t + 1).map(({ clip }) => media.get(clip.assetId));
    // What still changes: media not here yet, or a proxy on its way (the original may show meanwhile).
    const pending = under.filter((m) => !m || m.state === 'fetching' || m.state === 'proxying');
    const preparing = pending.filter((m) => !m?.url);
    const progress = preparing.map((m) => m?.progress).filter((p): p is number => typeof p === 'number');
    const problem =
      under.find((m) => m?.state === 'unavailable')?.message ??
      [...this.#slots.values()].find((s) => s.failed)?.failed ??
      null;
    const status: EngineStatus = {
      settled: settled && pending.length === 0 && this.#mode === 'paused',
      playing: this.#mode !== 'paused',
      preparing: preparing.length
        ? { count: preparing.length, progress: progress.length ? Math.min(...progress) : null }
        : null,
      problem,
      edge,
    };
    // The frame element says which frame it shows, for assistive tech and for tests.
    this.#root.setAttribute('aria-busy', String(!status.settled));
    this.#root.dataset.timeMs = String(Math.round(t));
    this.#onTime(t);
    const key = JSON.stringify(status);
    if (key !== this.#lastStatus) {
      this.#lastStatus = key;
      this.#onStatus(status);
    }
  }
}
