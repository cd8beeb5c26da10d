// A track's header: its name and kind, and mute and lock switches (each an edit like any other).
import type { Track } from '../../../shared/timeline/timelineTypes.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { LANE_HEIGHT } from './TrackLane.tsx';

const KIND_LABEL = { video: 'Video', audio: 'Audio', caption: 'Captions' } as const;

export function TrackHeader({ track }: { track: Track }) {
  const edit = useTimeline((s) => s.edit);
  return (
    <div className={`tl-track-header tl-lane-${track.kind}`} style={{ height: LANE_HEIGHT }}>
      <span className="tl-track-name" title={KIND_LABEL[track.kind]}>
        {track.name}
      </span>
      <span className="tl-track-switches">
        {track.kind !== 'caption' && (
          <button
            type="button"
            aria-pressed={track.muted}
            aria-label={`Mute ${track.name}`}
            title={track.muted ? 'Muted' : 'Mute'}
            onClick={() =>
              edit(
                [{ type: 'updateTrack', trackId: track.id, muted: !track.muted }],
                track.muted ? 'Unmute track' : 'Mute track',
              )
            }
          >
            M
          </button>
        )}
        <button
          type="button"
          aria-pressed={track.locked}
          aria-label={`Lock ${track.name}`}
          title={track.locked ? 'Locked' : 'Lock'}
          onClick={() =>
            edit(
              [{ type: 'updateTrack', trackId: track.id, locked: !track.locked }],
              track.locked ? 'Unlock track' : 'Lock track',
            )
          }
        >
          L
        </button>
      </span>
    </div>
  );
}
