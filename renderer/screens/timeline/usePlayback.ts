// Playback moves the playhead once a frame at the chosen speed (J/K/L, space), turning the
// page as it leaves the screen, and stops at either end of the timeline.
import { useEffect } from 'react';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';

export function usePlayback(): void {
  const playRate = useTimelineView((s) => s.playRate);
  useEffect(() => {
    if (playRate === 0) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const view = useTimelineView.getState();
      const end = useTimeline.getState().timeline?.durationMs ?? 0;
      const next = view.playheadMs + (now - last) * playRate;
      last = now;
      if (next <= 0 || next >= end) {
        view.setPlayhead(Math.max(0, Math.min(end, next)));
        view.play(0);
        return;
      }
      view.setPlayhead(next);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playRate]);
}
