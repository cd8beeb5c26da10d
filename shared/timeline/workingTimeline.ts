// A timeline being changed by a command list, copy-on-write: tracks, clip arrays and clips
// are copied only when a command touches them, so applying an edit to a 5,000-clip
// timeline copies one clip array, not every clip. Lookups by ID go through one index
// built once per list; each track's clips stay in start order (binary search).
import type { Clip, Timeline, Track } from './timelineTypes.ts';

export interface ClipEntry {
  readonly clip: Clip;
  readonly track: Track;
}

/** First index whose clip starts at or after `startMs`. */
export function lowerBound(clips: readonly Clip[], startMs: number): number {
  let lo = 0;
  let hi = clips.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (clips[mid]!.startMs < startMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class WorkingTimeline {
  readonly #base: Timeline;
  readonly tracks: Track[];
  readonly #owned = new Set<Track>();
  #clipTrack: Map<string, string> | null = null;

  constructor(base: Timeline) {
    this.#base = base;
    this.tracks = [...base.tracks];
  }

  #index(): Map<string, string> {
    if (this.#clipTrack) return this.#clipTrack;
    const index = new Map<string, string>();
    for (const track of this.tracks) for (const clip of track.clips) index.set(clip.id, track.id);
    this.#clipTrack = index;
    return index;
  }

  track(id: string): Track | undefined {
    return this.tracks.find((t) => t.id === id);
  }

  clipCount(): number {
    return this.#index().size;
  }

  clip(id: string): ClipEntry | undefined {
    const trackId = this.#index().get(id);
    const track = trackId === undefined ? undefined : this.track(trackId);
    const clip = track?.clips.find((c) => c.id === id);
    return track && clip ? { clip, track } : undefined;
  }

  /** The track, made safe to change (its own clip array). */
  own(track: Track): Track {
    if (this.#owned.has(track)) return track;
    const copy: Track = { ...track, clips: [...track.clips] };
    this.tracks[this.tracks.indexOf(track)] = copy;
    this.#owned.add(copy);
    return copy;
  }

  /** Takes the clip off its track; returns where it was. */
  unplace(track: Track, clip: Clip): number {
    const owned = this.own(track);
    let at = lowerBound(owned.clips, clip.startMs);
    if (owned.clips[at]?.id !== clip.id) at = owned.clips.findIndex((c) => c.id === clip.id);
    owned.clips.splice(at, 1);
    this.#index().delete(clip.id);
    return at;
  }

  /** Inserts the clip in start order, or returns the clip it would overlap (nothing changed then). */
  place(track: Track, clip: Clip): Clip | null {
    const owned = this.own(track);
    const at = lowerBound(owned.clips, clip.startMs);
    const before = owned.clips[at - 1];
    const after = owned.clips[at];
    if (before && before.endMs > clip.startMs) return before;
    if (after && after.startMs < clip.endMs) return after;
    owned.clips.splice(at, 0, clip);
    this.#index().set(clip.id, owned.id);
    return null;
  }

  /** Replaces a clip in place (same start order), e.g. after a property change. */
  replace(track: Track, clip: Clip): void {
    const owned = this.own(track);
    const at = owned.clips.findIndex((c) => c.id === clip.id);
    owned.clips[at] = clip;
  }

  addTrack(track: Track, index: number): void {
    this.tracks.splice(index, 0, track);
    this.#owned.add(track);
  }

  removeTrack(track: Track): void {
    this.tracks.splice(this.tracks.indexOf(track), 1);
    const index = this.#index();
    for (const clip of track.clips) index.delete(clip.id);
  }

  moveTrack(track: Track, index: number): void {
    this.tracks.splice(this.tracks.indexOf(track), 1);
    this.tracks.splice(index, 0, track);
  }

  /** A track's own fields changed (name, mute, lock): its clips stay shared until changed. */
  replaceTrack(track: Track, next: Track): void {
    this.tracks[this.tracks.indexOf(track)] = next;
    // Owned only when its clip array is this working copy's: a renamed track of the timeline
    // given still shares that timeline's clips, and changing them in place would change it.
    if (this.#owned.has(track) || next.clips !== track.clips) this.#owned.add(next);
  }

  result(revision = this.#base.revision): Timeline {
    let durationMs = 0;
    for (const track of this.tracks) durationMs = Math.max(durationMs, track.clips.at(-1)?.endMs ?? 0);
    return { ...this.#base, revision, durationMs, tracks: this.tracks };
  }
}
