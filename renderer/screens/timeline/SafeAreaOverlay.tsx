// The platforms' safe areas over the monitor's frame: guides on screen only, never rendered.
// Broadcast action- and title-safe (SMPTE ST 2046-1: 93 % and 90 % of each side), and the
// short-form apps' (Shorts, Reels, TikTok) area left clear of their own buttons and text: a
// band at the top, the caption and buttons at the bottom, the column of icons at the right
// (the insets the apps' creator guides give for 1080×1920, as shares of the frame).
import { useEffect, useState, type RefObject } from 'react';

export const SAFE_AREA_GUIDES = {
  none: { label: 'No safe areas', areas: [] },
  broadcast: {
    label: 'Action and title safe',
    areas: [
      { name: 'Action safe', top: 0.035, right: 0.035, bottom: 0.035, left: 0.035 },
      { name: 'Title safe', top: 0.05, right: 0.05, bottom: 0.05, left: 0.05 },
    ],
  },
  shortForm: {
    label: 'Shorts, Reels and TikTok',
    areas: [{ name: 'Clear of the apps’ buttons and text', top: 0.14, right: 0.15, bottom: 0.22, left: 0.06 }],
  },
} as const;
export type SafeAreaGuide = keyof typeof SAFE_AREA_GUIDES;

interface Placed {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where the frame sits in its stage, followed as either resizes. */
function useFramePlace(frameRef: RefObject<HTMLElement | null>): Placed | null {
  const [place, setPlace] = useState<Placed | null>(null);
  useEffect(() => {
    const frame = frameRef.current;
    const stage = frame?.parentElement;
    if (!frame || !stage) return;
    const measure = () =>
      setPlace({ left: frame.offsetLeft, top: frame.offsetTop, width: frame.clientWidth, height: frame.clientHeight });
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    observer.observe(stage);
    measure();
    return () => observer.disconnect();
  }, [frameRef]);
  return place;
}

export function SafeAreaOverlay({
  frameRef,
  guide,
}: {
  frameRef: RefObject<HTMLElement | null>;
  guide: SafeAreaGuide;
}) {
  const place = useFramePlace(frameRef);
  const { areas } = SAFE_AREA_GUIDES[guide];
  if (!place || areas.length === 0) return null;
  return (
    <div
      className="tl-safe-areas"
      style={place}
      role="group"
      aria-label={`Safe areas: ${SAFE_AREA_GUIDES[guide].label}`}
    >
      {areas.map((area) => (
        <div
          key={area.name}
          className="tl-safe-area"
          aria-label={area.name}
          style={{
            left: `${area.left * 100}%`,
            top: `${area.top * 100}%`,
            right: `${area.right * 100}%`,
            bottom: `${area.bottom * 100}%`,
          }}
        >
          <span>{area.name}</span>
        </div>
      ))}
    </div>
  );
}
