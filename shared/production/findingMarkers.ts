// A review's findings where they occur on the timeline: a finding is about a stretch of an
// asset, and every clip playing that stretch shows it at the clip's position plus the
// finding's time (a finding about media trimmed away is on no clip). A finding about the
// whole media covers the whole clip.
import type { Timeline } from '../timeline/timelineTypes.ts';
import { timelineSpanOf } from './clipTime.ts';
import type { Finding, Review } from './productionTypes.ts';

export interface FindingMarker {
  readonly key: string;
  readonly clipId: string;
  readonly finding: Finding;
  readonly startMs: number;
  readonly endMs: number;
}

export function findingMarkers(timeline: Timeline, reviews: Readonly<Record<number, Review | null>>): FindingMarker[] {
  const markers: FindingMarker[] = [];
  for (const track of timeline.tracks) {
    for (const clip of track.clips) {
      if (clip.kind !== 'media') continue;
      const findings = reviews[clip.assetId]?.findings ?? [];
      findings.forEach((finding, i) => {
        const span = timelineSpanOf(clip, finding.startMs, Math.max(finding.endMs, finding.startMs + 1));
        if (span) markers.push({ key: `${clip.id}:${i}`, clipId: clip.id, finding, ...span });
      });
    }
  }
  return markers.sort((a, b) => a.startMs - b.startMs);
}
