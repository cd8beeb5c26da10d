// The timeline as words (shared/transcript/timelineTranscript.ts) for the transcript editor:
// read from the timeline the user sees and the latest completed transcript of each of its
// assets (read from the service once each; a transcription finishing adds its words).
import { useEffect, useMemo } from 'react';
import { timelineTranscript, type TimelineTranscript } from '../../../shared/transcript/timelineTranscript.ts';
import { knownTranscripts, useProduction } from '../../stores/productionStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { placedClips } from './clipChoice.ts';

export function useTimelineTranscript(): TimelineTranscript | null {
  const timeline = useTimeline((s) => s.timeline);
  const transcriptions = useProduction((s) => s.transcriptions);
  const loadTranscripts = useProduction((s) => s.loadTranscripts);
  // The clips in play order are worked out once per timeline, shared with the clip picker.
  const placed = useMemo(() => (timeline ? placedClips(timeline) : []), [timeline]);
  const assetIds = useMemo(() => [...new Set(placed.map((p) => p.clip.assetId))], [placed]);
  useEffect(() => {
    void loadTranscripts(assetIds);
  }, [assetIds, loadTranscripts]);
  return useMemo(
    () => (timeline ? timelineTranscript(timeline, knownTranscripts(transcriptions), placed) : null),
    [timeline, transcriptions, placed],
  );
}
