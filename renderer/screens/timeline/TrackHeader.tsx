// A track's header: its name and kind, and mute and lock switches (each an edit like any other).
import { Lock, LockOpen, Volume2, VolumeX } from 'lucide-react';
import { IconButton } from '../../components/Button.tsx';
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
          <IconButton
            size="sm"
            icon={track.muted ? VolumeX : Volume2}
            pressed={track.muted}
            label={`Mute ${track.name}`}
            tip={track.muted ? `${track.name} is muted` : `Mute ${track.name}`}
            onClick={() =>
              edit(
                [{ type: 'updateTrack', trackId: track.id, muted: !track.muted }],
                track.muted ? 'Unmute track' : 'Mute track',
              )
            }
          />
        )}
        <IconButton
          size="sm"
          icon={track.locked ? Lock : LockOpen}
          pressed={track.locked}
          label={`Lock ${track.name}`}
          tip={track.locked ? `${track.name} is locked` : `Lock ${track.name}`}
          onClick={() =>
            edit(
              [{ type: 'updateTrack', trackId: track.id, locked: !track.locked }],
              track.locked ? 'Unlock track' : 'Lock track',
            )
          }
        />
      </span>
    </div>
  );
}
