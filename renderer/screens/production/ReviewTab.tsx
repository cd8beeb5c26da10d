// A review of the clip's media (frames, sound, motion, captions; not charged): asked for,
// followed to its end, and its findings listed with where they occur on the timeline (the
// clip's position plus the finding's time), each a button that moves the playhead there,
// and drawn as markers along the whole timeline.
import { useEffect, useMemo, useState } from 'react';
import { clockText, locate, type PlacedClip } from '../../../shared/production/clipTime.ts';
import { findingMarkers } from '../../../shared/production/findingMarkers.ts';
import { REVIEW_ASPECTS, type Finding, type ReviewAspect } from '../../../shared/production/productionTypes.ts';
import { useUnderWay } from '../../stores/productionJobsStore.ts';
import { useProduction } from '../../stores/productionStore.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { JobError, WorkLine } from './WorkLine.tsx';

const ASPECT_NAMES: Record<ReviewAspect, string> = {
  frames: 'Frames (black picture)',
  sound: 'Sound (silence, loudness, clipping)',
  motion: 'Motion (frozen picture)',
  captions: 'Captions (reading speed)',
};
const PICTURE: readonly ReviewAspect[] = ['frames', 'motion'];

export const severityName = (severity: string) => severity[0]!.toUpperCase() + severity.slice(1);

function seek(atMs: number, clipId: string) {
  useTimelineView.getState().setPlayhead(atMs);
  useTimelineView.getState().select([clipId]);
}

/** Every reviewed clip's findings along the whole timeline, at the scale of its length. */
function Overview() {
  const timeline = useTimeline((s) => s.timeline);
  const reviews = useProduction((s) => s.reviews);
  const markers = useMemo(() => (timeline ? findingMarkers(timeline, reviews) : []), [timeline, reviews]);
  const lengthMs = Math.max(timeline?.durationMs ?? 0, 1);
  if (markers.length === 0) return null;
  return (
    <div className="pr-overview" role="group" aria-label="Findings on the timeline">
      {markers.map((m) => (
        <button
          key={m.key}
          type="button"
          className={`pr-marker is-${m.finding.severity}`}
          style={{
            left: `${(m.startMs / lengthMs) * 100}%`,
            width: `max(6px, ${((m.endMs - m.startMs) / lengthMs) * 100}%)`,
          }}
          aria-label={`${severityName(m.finding.severity)}, ${m.finding.aspect}, at ${clockText(m.startMs)}: ${m.finding.message}`}
          title={`${clockText(m.startMs)}: ${m.finding.message}`}
          onClick={() => seek(m.startMs, m.clipId)}
        />
      ))}
    </div>
  );
}

function FindingItem({ finding, placed }: { finding: Finding; placed: PlacedClip }) {
  const timeline = useTimeline((s) => s.timeline);
  const place = timeline
    ? (locate(timeline, placed, finding.startMs) ??
      locate(timeline, placed, Math.max(finding.startMs, placed.clip.inMs)))
    : null;
  return (
    <li className={`pr-finding is-${finding.severity}`}>
      <span className="pr-badge">{severityName(finding.severity)}</span>
      <span className="pr-aspect">{finding.aspect}</span>
      <span className="pr-time">{place ? clockText(place.atMs) : 'trimmed away'}</span>
      <span className="pr-message">{finding.message}</span>
      {place && (
        <button
          type="button"
          onClick={() => seek(place.atMs, place.clip.id)}
          aria-label={`Go to ${clockText(place.atMs)}: ${finding.message}`}
        >
          Go to
        </button>
      )}
    </li>
  );
}

export function ReviewTab({ placed }: { placed: PlacedClip }) {
  const assetId = placed.clip.assetId;
  const kind = useTimelineMedia((s) => s.assets.get(assetId)?.kind);
  const review = useProduction((s) => s.reviews[assetId]);
  const asked = useProduction((s) => s.asked[`review:${assetId}`]);
  const loadAsset = useProduction((s) => s.loadAsset);
  const ask = useProduction((s) => s.review);
  const underWay = useUnderWay(asked);
  const applicable = REVIEW_ASPECTS.filter((a) => kind !== 'audio' || !PICTURE.includes(a));
  const [aspects, setAspects] = useState<ReadonlySet<ReviewAspect>>(new Set(REVIEW_ASPECTS));

  useEffect(() => {
    if (review === undefined) void loadAsset(assetId);
  }, [review, assetId, loadAsset]);

  if (kind === 'image') return <p className="pr-muted">A review looks at video and audio: this clip is an image.</p>;
  const chosen = applicable.filter((a) => aspects.has(a));
  const toggle = (a: ReviewAspect) =>
    setAspects((s) => (s.has(a) ? new Set([...s].filter((x) => x !== a)) : new Set([...s, a])));
  const findings = review?.findings ?? [];

  return (
    <div className="pr-review">
      <fieldset className="pr-aspects">
        <legend>Review</legend>
        {REVIEW_ASPECTS.map((a) => (
          <label key={a} className={applicable.includes(a) ? undefined : 'pr-muted'}>
            <input
              type="checkbox"
              checked={applicable.includes(a) && aspects.has(a)}
              disabled={!applicable.includes(a)}
              onChange={() => toggle(a)}
            />
            {ASPECT_NAMES[a]}
            {!applicable.includes(a) && ' — needs a picture'}
          </label>
        ))}
      </fieldset>
      <div className="pr-row">
        <button
          type="button"
          className="pr-primary"
          disabled={chosen.length === 0 || underWay}
          onClick={() => void ask(assetId, chosen)}
        >
          Review the clip's media
        </button>
        <span className="pr-muted">Not charged.</span>
      </div>
      <WorkLine intentId={asked} noun="Review" />
      {review === null && <p className="pr-muted">This media has not been reviewed yet.</p>}
      {review && review.state !== 'completed' && review.state !== 'failed' && (
        <p className="pr-muted">
          Review #{review.id} is {review.state}…
        </p>
      )}
      {review?.state === 'failed' && <JobError error={review.error} />}
      {review?.state === 'completed' && (
        <section aria-label={`Review #${review.id}`} className="pr-result">
          <p className="pr-meta">
            Review #{review.id} of {(review.aspects ?? []).join(', ')} ·{' '}
            {findings.length === 0 ? 'nothing to fix' : `${findings.length} finding${findings.length === 1 ? '' : 's'}`}
          </p>
          <Overview />
          <ul className="pr-list" aria-label="Findings">
            {findings.map((f, i) => (
              <FindingItem key={i} finding={f} placed={placed} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
