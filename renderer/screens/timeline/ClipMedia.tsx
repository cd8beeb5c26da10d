// What is drawn inside a clip: frames along a video clip and the waveform of an audio clip,
// from the strip main made once for the asset — and only over the part of the clip inside
// the drawn window, so a ten-minute clip zoomed to the frame is not ten thousand tiles.
import { memo, useEffect, useRef } from 'react';
import type { ClipStrip } from '../../../shared/timeline/timelineViews.ts';
import type { MediaClip } from '../../../shared/timeline/timelineTypes.ts';

const TILE_PX = 64;

interface ClipMediaProps {
  readonly clip: MediaClip;
  readonly strip: ClipStrip;
  /** The clip's part inside the drawn window, in timeline ms. */
  readonly fromMs: number;
  readonly toMs: number;
  readonly pxPerMs: number;
  readonly showFrames: boolean;
  readonly showWave: boolean;
}

const speedOf = (clip: MediaClip) => clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1;

/** The frame shown at a source time: the last one taken at or before it. */
function frameAt(strip: ClipStrip, sourceMs: number): string | null {
  const frames = strip.frames;
  if (frames.length === 0) return null;
  let lo = 0;
  let hi = frames.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (frames[mid]!.atMs <= sourceMs) lo = mid;
    else hi = mid - 1;
  }
  return frames[lo]!.image;
}

function Frames({ clip, strip, fromMs, toMs, pxPerMs }: ClipMediaProps) {
  const speed = speedOf(clip);
  const offsetPx = (fromMs - clip.startMs) * pxPerMs;
  const widthPx = (toMs - fromMs) * pxPerMs;
  const firstTile = Math.floor(offsetPx / TILE_PX);
  const tiles = [];
  for (let t = firstTile; t * TILE_PX < offsetPx + widthPx; t++) {
    const atMs = clip.startMs + (t * TILE_PX) / pxPerMs;
    const image = frameAt(strip, clip.inMs + (atMs - clip.startMs) * speed);
    if (image)
      tiles.push(
        <img key={t} className="tl-frame" src={image} alt="" draggable={false} style={{ left: t * TILE_PX }} />,
      );
  }
  return <div className="tl-frames">{tiles}</div>;
}

function Waveform({ clip, strip, fromMs, toMs, pxPerMs }: ClipMediaProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = Math.max(1, Math.min(8192, Math.round((toMs - fromMs) * pxPerMs)));
  const left = (fromMs - clip.startMs) * pxPerMs;
  // Drawn again only when what it shows changes: an edit makes new clip objects for every clip
  // a ripple moves, and redrawing each visible hour-long clip's waveform took most of an edit.
  const { inMs, startMs } = clip;
  const speed = speedOf(clip);

  useEffect(() => {
    const element = canvas.current;
    const peaks = strip.peaks;
    if (!element || !peaks) return;
    const height = element.clientHeight || 32;
    element.width = width;
    element.height = height;
    const g = element.getContext('2d');
    if (!g) return;
    g.clearRect(0, 0, width, height);
    g.fillStyle = getComputedStyle(element).color;
    const perMs = strip.peaksPerSecond / 1000;
    // One bar per pixel column: the loudest peak of the source under it.
    for (let x = 0; x < width; x++) {
      const sourceFrom = inMs + (fromMs - startMs + x / pxPerMs) * speed;
      const sourceTo = sourceFrom + speed / pxPerMs;
      let peak = 0;
      const last = Math.min(peaks.length - 1, Math.floor(sourceTo * perMs));
      for (let i = Math.max(0, Math.floor(sourceFrom * perMs)); i <= last; i++) peak = Math.max(peak, peaks[i]!);
      // Square root: quiet passages stay visible beside loud ones.
      const bar = Math.max(1, Math.sqrt(peak) * height);
      g.fillRect(x, (height - bar) / 2, 1, bar);
    }
  }, [inMs, startMs, speed, strip, fromMs, width, pxPerMs]);

  return <canvas ref={canvas} className="tl-wave" style={{ left, width }} aria-hidden="true" />;
}

export const ClipMedia = memo(function ClipMedia(props: ClipMediaProps) {
  if (props.toMs <= props.fromMs) return null;
  return (
    <>
      {props.showFrames && props.strip.frames.length > 0 && <Frames {...props} />}
      {props.showWave && props.strip.peaks && <Waveform {...props} />}
    </>
  );
});
