// Where a moment of an asset is on the timeline. A media clip plays its asset from inMs to
// outMs, starting at startMs, at the rate of its speed effect (1 without one); what lies
// outside [inMs, outMs) was trimmed away and is not on the timeline at all.
import type { MediaClip, Timeline, Track } from '../timeline/timelineTypes.ts';

export function speedOf(clip: Pick<MediaClip, 'effects'>): number {
  const rate = clip.effects.find((e) => e.effectId === 'speed')?.params.rate;
  return typeof rate === 'number' && rate > 0 ? rate : 1;
}

/** The timeline time of `assetMs`, or null when that moment was trimmed away. */
export function timelineMsOf(clip: MediaClip, assetMs: number): number | null {
  if (assetMs < clip.inMs || assetMs > clip.outMs) return null;
  return Math.round(clip.startMs + (assetMs - clip.inMs) / speedOf(clip));
}

/** The part of [startMs, endMs) (asset time) that is on the timeline, in timeline time; null when none is. */
export function timelineSpanOf(
  clip: MediaClip,
  startMs: number,
  endMs: number,
): { startMs: number; endMs: number } | null {
  const from = Math.max(startMs, clip.inMs);
  const to = Math.min(endMs, clip.outMs);
  if (to <= from) return null;
  const speed = speedOf(clip);
  return {
    startMs: Math.round(clip.startMs + (from - clip.inMs) / speed),
    endMs: Math.round(clip.startMs + (to - clip.inMs) / speed),
  };
}

export interface PlacedClip {
  readonly clip: MediaClip;
  readonly track: Track;
  /** 1-based, in the order the clips of the timeline play (start, then track). */
  readonly number: number;
}

/** Every media clip of the timeline, in the order they play (by start, then track order). */
export function mediaClipsOf(timeline: Timeline): PlacedClip[] {
  const placed: { clip: MediaClip; track: Track; trackIndex: number }[] = [];
  timeline.tracks.forEach((track, trackIndex) => {
    for (const clip of track.clips) if (clip.kind === 'media') placed.push({ clip, track, trackIndex });
  });
  placed.sort((a, b) => a.clip.startMs - b.clip.startMs || a.trackIndex - b.trackIndex);
  return placed.map(({ clip, track }, i) => ({ clip, track, number: i + 1 }));
}

/** m:ss.t for people (timeline and media positions). */
export function clockText(ms: number): string {
  const tenths = Math.max(0, Math.round(ms / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}

/** The clips of a track that play `assetId`, in order. */
export function clipsPlaying(track: Track, assetId: number): MediaClip[] {
  return track.clips.filter((c): c is MediaClip => c.kind === 'media' && c.assetId === assetId);
}

/**
 * A track's clips of one asset, for finding which plays a moment: by their inMs, each with
 * its place in the track (start order) and the latest outMs of those before it.
 */
interface AssetClips {
  readonly byIn: readonly MediaClip[];
  readonly order: Int32Array;
  readonly outsUpTo: Float64Array;
}

/** Per timeline (each edit makes a new one): track → asset ID → its clips there. */
const assetClipIndex = new WeakMap<Timeline, Map<Track, Map<number, AssetClips>>>();

function assetClipsOf(timeline: Timeline): Map<Track, Map<number, AssetClips>> {
  let index = assetClipIndex.get(timeline);
  if (index) return index;
  index = new Map();
  for (const track of timeline.tracks) {
    const byAsset = new Map<number, { clip: MediaClip; at: number }[]>();
    track.clips.forEach((clip, at) => {
      if (clip.kind !== 'media') return;
      const list = byAsset.get(clip.assetId);
      if (list) list.push({ clip, at });
      else byAsset.set(clip.assetId, [{ clip, at }]);
    });
    const ofTrack = new Map<number, AssetClips>();
    for (const [assetId, list] of byAsset) {
      list.sort((a, b) => a.clip.inMs - b.clip.inMs || a.at - b.at);
      const outsUpTo = new Float64Array(list.length);
      let latest = -Infinity;
      list.forEach(({ clip }, i) => (outsUpTo[i] = latest = Math.max(latest, clip.outMs)));
      ofTrack.set(assetId, {
        byIn: list.map((e) => e.clip),
        order: Int32Array.from(list, (e) => e.at),
        outsUpTo,
      });
    }
    index.set(track, ofTrack);
  }
  assetClipIndex.set(timeline, index);
  return index;
}

/** The first clip in the track's order among `clips` whose [inMs, outMs] holds `assetMs`, or null. */
function firstPlaying({ byIn, order, outsUpTo }: AssetClips, assetMs: number): MediaClip | null {
  let lo = 0;
  let hi = byIn.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (byIn[mid]!.inMs <= assetMs) lo = mid + 1;
    else hi = mid;
  }
  // Those starting at or before assetMs, back while any of them still reaches it.
  let found = -1;
  for (let i = lo - 1; i >= 0 && outsUpTo[i]! >= assetMs; i--)
    if (byIn[i]!.outMs >= assetMs && (found < 0 || order[i]! < order[found]!)) found = i;
  return found < 0 ? null : byIn[found]!;
}

/**
 * Where `assetMs` of the asset plays: on `prefer` when it plays it, else on another clip of
 * the asset on the same track (the parts of a clip that was split or cut), else on any
 * track. Null when no clip plays that moment. Found through an index of the timeline made
 * once per timeline: a list of words located one by one scanned every clip per word.
 */
export function locate(
  timeline: Timeline,
  prefer: PlacedClip,
  assetMs: number,
): { clip: MediaClip; atMs: number } | null {
  const own = timelineMsOf(prefer.clip, assetMs);
  if (own !== null) return { clip: prefer.clip, atMs: own };
  const index = assetClipsOf(timeline);
  const tracks = [prefer.track, ...timeline.tracks.filter((t) => t.id !== prefer.track.id)];
  for (const track of tracks) {
    const ofTrack = index.get(track);
    // A track of another timeline (a chosen clip read before the last edit): looked through.
    const clip = ofTrack
      ? ofTrack.has(prefer.clip.assetId)
        ? firstPlaying(ofTrack.get(prefer.clip.assetId)!, assetMs)
        : null
      : (clipsPlaying(track, prefer.clip.assetId).find((c) => timelineMsOf(c, assetMs) !== null) ?? null);
    if (clip) return { clip, atMs: timelineMsOf(clip, assetMs)! };
  }
  return null;
}
