// Review findings as a lane under the tracks, on the timeline's own scale and scroll: each
// marker sits at its clip's position plus the finding's time, as long as the stretch it is
// about, coloured by severity; pressing it moves the playhead there and selects the clip.
// Nothing is drawn until a clip on the timeline has been reviewed.
import { useMemo } from 'react';
import { clockText } from '../../../shared/production/clipTime.ts';
import { findingMarkers } from '../../../shared/production/findingMarkers.ts';
import { useProduction } from '../../stores/productionStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { severityName } from './ReviewTab.tsx';
import './production.css';

export function FindingsLane() {
  const timeline = useTimeline((s) => s.timeline);
  const reviews = useProduction((s) => s.reviews);
  const pxPerMs = useTimelineView((s) => s.pxPerMs);
  const viewStartMs = useTimelineView((s) => s.viewStartMs);
  const viewportPx = useTimelineView((s) => s.viewportPx);
  const markers = useMemo(() => (timeline ? findingMarkers(timeline, reviews) : []), [timeline, reviews]);
  if (markers.length === 0) return null;
  const viewEndMs = viewStartMs + viewportPx / pxPerMs;
  const visible = markers.filter((m) => m.endMs >= viewStartMs && m.startMs <= viewEndMs);
  return (
    <div className="pr-lane" role="group" aria-label="Review findings">
      <div className="pr-lane-label">Review findings</div>
      <div className="pr-lane-area">
        {visible.map((m) => (
          <button
            key={m.key}
            type="button"
            className={`pr-marker is-${m.finding.severity}`}
            style={{ left: (m.startMs - viewStartMs) * pxPerMs, width: Math.max(6, (m.endMs - m.startMs) * pxPerMs) }}
            aria-label={`${severityName(m.finding.severity)}, ${m.finding.aspect}, at ${clockText(m.startMs)}: ${m.finding.message}`}
            title={`${clockText(m.startMs)} ${m.finding.aspect}: ${m.finding.message}`}
            onClick={() => {
              useTimelineView.getState().setPlayhead(m.startMs);
              useTimelineView.getState().select([m.clipId]);
            }}
          />
        ))}
      </div>
    </div>
  );
}
