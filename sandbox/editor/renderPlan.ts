// Turns a range of the timeline into cuts for the renderer: the video tracks flattened
// (a later track covers an earlier one; gaps are black) and the first unmuted audio track
// (gaps are silence). Cut points are snapped to the 30 fps frame grid of the range, so the
// rendered file lasts the range to within one frame.
import { EXPORT_FPS } from '../media/renderExport.ts';
import type { MediaClip, Track } from './timelineSchemas.ts';

export interface RenderSegment {
  /** null: a gap (black picture, silence). */
  assetId: number | null;
  /** Where the cut starts in the source media. */
  sourceStartMs: number;
  frames: number;
  /** How the cut comes in: only where a clip's own start falls inside the range. */
  transition: 'none' | 'fade' | 'dissolve';
  volume: number;
}

export interface RenderCuts {
  video: RenderSegment[];
  /** Empty when no audio track has sound in the range. */
  audio: RenderSegment[];
}

export interface RenderRange {
  startMs: number;
  endMs: number;
}

interface Span {
  from: number;
  to: number;
  clip: MediaClip;
  track: Track;
}

/** The renderer draws wipe and slide as dissolves (it knows fade and dissolve). */
const RENDERED_TRANSITION: Record<string, RenderSegment['transition']> = {
  fade: 'fade',
  dissolve: 'dissolve',
  wipe: 'dissolve',
  slide: 'dissolve',
};

export function framesOf(range: RenderRange): number {
  return Math.round(((range.endMs - range.startMs) * EXPORT_FPS) / 1000);
}

/** The track's clips inside the range as frame spans (clips are in start order). */
function spansOf(track: Track, range: RenderRange, total: number): Span[] {
  const frame = (ms: number) => Math.min(total, Math.max(0, Math.round(((ms - range.startMs) * EXPORT_FPS) / 1000)));
  const spans: Span[] = [];
  let lo = 0;
  let hi = track.clips.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (track.clips[mid]!.endMs <= range.startMs) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < track.clips.length && track.clips[i]!.startMs < range.endMs; i++) {
    const clip = track.clips[i]!;
    if (clip.kind !== 'media') continue;
    const from = frame(clip.startMs);
    const to = frame(clip.endMs);
    if (to > from) spans.push({ from, to, clip, track });
  }
  return spans;
}

/** Cuts for the layers (bottom first): at each frame the topmost layer with a clip shows. */
function flatten(layers: Span[][], range: RenderRange, total: number): RenderSegment[] {
  const points = new Set<number>([0, total]);
  for (const spans of layers) for (const s of spans) points.add(s.from).add(s.to);
  const cuts = [...points].sort((a, b) => a - b);
  const next = layers.map(() => 0);
  const segments: RenderSegment[] = [];
  let open: { span: Span | null; from: number; to: number } | null = null;
  const close = () => {
    if (!open) return;
    segments.push(segmentOf(open.span, open.from, open.to, range));
    open = null;
  };
  for (let k = 0; k + 1 < cuts.length; k++) {
    const [from, to] = [cuts[k]!, cuts[k + 1]!];
    let shown: Span | null = null;
    for (let layer = layers.length - 1; layer >= 0 && !shown; layer--) {
      const spans = layers[layer]!;
      while (next[layer]! < spans.length && spans[next[layer]!]!.to <= from) next[layer]!++;
      const span = spans[next[layer]!];
      if (span && span.from <= from) shown = span;
    }
    if (open && open.span === shown) open.to = to;
    else {
      close();
      open = { span: shown, from, to };
    }
  }
  close();
  return segments;
}

function segmentOf(span: Span | null, from: number, to: number, range: RenderRange): RenderSegment {
  const frames = to - from;
  if (!span) return { assetId: null, sourceStartMs: 0, frames, transition: 'none', volume: 1 };
  const { clip, track } = span;
  const speed = clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1;
  const atMs = range.startMs + (from * 1000) / EXPORT_FPS;
  const startsHere = from === span.from && clip.startMs >= range.startMs;
  return {
    assetId: clip.assetId,
    sourceStartMs: Math.max(clip.inMs, Math.round(clip.inMs + (atMs - clip.startMs) * speed)),
    frames,
    transition:
      startsHere && clip.transitionIn ? (RENDERED_TRANSITION[clip.transitionIn.transitionId] ?? 'none') : 'none',
    volume: track.muted ? 0 : (clip.properties.volume ?? 1),
  };
}

export function planRender(tracks: Track[], range: RenderRange): RenderCuts {
  const total = framesOf(range);
  const video = flatten(
    tracks.filter((t) => t.kind === 'video').map((t) => spansOf(t, range, total)),
    range,
    total,
  );
  const audioTrack = tracks.find((t) => t.kind === 'audio' && !t.muted && spansOf(t, range, total).length > 0);
  const audio = audioTrack ? flatten([spansOf(audioTrack, range, total)], range, total) : [];
  return { video, audio };
}
