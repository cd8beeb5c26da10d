// A track's header: its name (renamed in place), its switches — mute, solo (S), hide (the
// eye: video and captions), lock and sync lock — and its menu: gain and pan, rename, move up
// or down among the tracks of its kind (a video track listed higher draws on top), remove
// (asked first when it holds clips), and on an audio track "Duck under speech…". Each change is an edit like any other, undone with Ctrl+Z.
import {
  ArrowDown,
  ArrowRightLeft,
  ArrowUp,
  AudioLines,
  Ellipsis,
  Eye,
  EyeOff,
  Lock,
  LockOpen,
  Pencil,
  SlidersHorizontal,
  Trash2,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { EDITOR_LIMITS, tooLong } from '../../../shared/limits.ts';
import { trackMix } from '../../../shared/timeline/timelineRules.ts';
import type { Track } from '../../../shared/timeline/timelineTypes.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Menu } from '../../components/Menu.tsx';
import { keysOf } from '../../keymap/keymap.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { moveTrack, removeTrack, renameTrack } from './timelineActions.ts';
import { DuckDialog } from './DuckDialog.tsx';
import { TrackMixDialog } from './TrackMixDialog.tsx';
import { TIMELINE_SHORTCUTS } from './shortcuts.ts';
import { TrackHeightHandle } from './TrackHeightHandle.tsx';

const KIND_LABEL = { video: 'Video', audio: 'Audio', caption: 'Captions' } as const;

function RenameForm({ track, onDone }: { track: Track; onDone: () => void }) {
  const [name, setName] = useState(track.name);
  const id = useId();
  const problem = tooLong('The name', name, EDITOR_LIMITS.trackNameMax);
  /** Enter or leaving the field keeps the new name (when it is one); Escape keeps the old. */
  function commit() {
    const wanted = name.trim();
    if (!problem && wanted !== '' && wanted !== track.name) renameTrack(track.id, wanted);
    onDone();
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!problem) commit();
  }
  return (
    <form className="tl-track-rename" aria-label={`Rename ${track.name}`} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        New name for {track.name}
      </label>
      <input
        id={id}
        value={name}
        autoFocus
        aria-invalid={problem !== null}
        title={problem ?? undefined}
        onChange={(e) => setName(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setName(track.name);
            onDone();
          }
        }}
      />
      {problem && (
        <span role="alert" className="visually-hidden">
          {problem}
        </span>
      )}
    </form>
  );
}

export function TrackHeader({
  track,
  canMoveUp,
  canMoveDown,
  height,
}: {
  track: Track;
  /** The lane's height in pixels (model/timeline/laneLayout.ts). */
  height: number;
  /** Whether a track of its kind is listed above (below) it to swap with. */
  canMoveUp: boolean;
  canMoveDown: boolean;
}) {
  const edit = useTimeline((s) => s.edit);
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [ducking, setDucking] = useState(false);
  const [mixing, setMixing] = useState(false);
  const clips = track.clips.length;
  const mix = trackMix(track);
  const gainText = `${mix.gainDb > 0 ? '+' : ''}${mix.gainDb} dB`;
  const panText = mix.pan === 0 ? 'centre' : `${Math.abs(mix.pan)} ${mix.pan < 0 ? 'left' : 'right'}`;
  function remove() {
    if (clips > 0) setConfirming(true);
    else removeTrack(track.id);
  }
  return (
    <div className={`tl-track-header tl-track-header--rows tl-lane-${track.kind}`} style={{ height }}>
      <span className="tl-track-title">
        {renaming ? (
          <RenameForm track={track} onDone={() => setRenaming(false)} />
        ) : (
          <span
            className="tl-track-name"
            title={`${KIND_LABEL[track.kind]} track`}
            onDoubleClick={() => setRenaming(true)}
          >
            {track.name}
          </span>
        )}
        <Menu
          label={`${track.name} track actions`}
          icon={Ellipsis}
          size="sm"
          items={[
            ...(track.kind !== 'caption'
              ? [
                  {
                    id: 'mix',
                    label: `Gain and pan… (${gainText}, ${panText})`,
                    icon: SlidersHorizontal,
                    onSelect: () => setMixing(true),
                  },
                ]
              : []),
            { id: 'rename', label: 'Rename…', icon: Pencil, onSelect: () => setRenaming(true) },
            {
              id: 'up',
              label: 'Move up',
              icon: ArrowUp,
              disabled: !canMoveUp,
              onSelect: () => moveTrack(track.id, -1),
            },
            {
              id: 'down',
              label: 'Move down',
              icon: ArrowDown,
              disabled: !canMoveDown,
              onSelect: () => moveTrack(track.id, 1),
            },
            ...(track.kind === 'audio'
              ? [
                  {
                    id: 'duck',
                    label: 'Duck under speech…',
                    icon: AudioLines,
                    disabled: track.locked || track.clips.length === 0,
                    onSelect: () => setDucking(true),
                  },
                ]
              : []),
            { id: 'sep', separator: true },
            {
              id: 'remove',
              label: 'Remove track',
              icon: Trash2,
              danger: true,
              disabled: track.locked,
              onSelect: remove,
            },
          ]}
        />
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
        {track.kind !== 'caption' && (
          <Button
            size="sm"
            variant="ghost"
            className="tl-track-solo"
            pressed={mix.solo}
            aria-label={`Solo ${track.name}`}
            title={mix.solo ? `${track.name} is soloed: only soloed tracks sound` : `Solo ${track.name}`}
            onClick={() =>
              edit(
                [{ type: 'updateTrack', trackId: track.id, solo: !mix.solo }],
                mix.solo ? 'Unsolo track' : 'Solo track',
              )
            }
          >
            S
          </Button>
        )}
        {track.kind !== 'audio' && (
          <IconButton
            size="sm"
            icon={mix.hidden ? EyeOff : Eye}
            pressed={mix.hidden}
            label={`Hide ${track.name}`}
            tip={mix.hidden ? `${track.name} is hidden: it is not drawn` : `Hide ${track.name}`}
            onClick={() =>
              edit(
                [{ type: 'updateTrack', trackId: track.id, hidden: !mix.hidden }],
                mix.hidden ? 'Show track' : 'Hide track',
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
        <IconButton
          size="sm"
          icon={ArrowRightLeft}
          pressed={mix.syncLocked}
          label={`Sync lock ${track.name}`}
          tip={
            mix.syncLocked
              ? `${track.name} is sync-locked: ripple edits move it in step`
              : `Sync lock ${track.name}: ripple edits move it in step`
          }
          onClick={() =>
            edit(
              [{ type: 'updateTrack', trackId: track.id, syncLocked: !mix.syncLocked }],
              mix.syncLocked ? 'Sync unlock track' : 'Sync lock track',
            )
          }
        />
      </span>
      {mixing && <TrackMixDialog track={track} onClose={() => setMixing(false)} />}
      {ducking && <DuckDialog track={track} onClose={() => setDucking(false)} />}
      {confirming && (
        <Dialog
          role="alertdialog"
          title={`Remove ${track.name}?`}
          onClose={() => setConfirming(false)}
          footer={
            <>
              <Button onClick={() => setConfirming(false)}>Keep it</Button>
              <Button
                variant="danger"
                onClick={() => {
                  setConfirming(false);
                  removeTrack(track.id);
                }}
              >
                Remove track and {clips === 1 ? 'its clip' : `its ${clips} clips`}
              </Button>
            </>
          }
        >
          <p>
            {track.name} holds {clips === 1 ? '1 clip' : `${clips} clips`}; they go with it. Undo
            {keysOf(TIMELINE_SHORTCUTS, 'undo') && ` (${keysOf(TIMELINE_SHORTCUTS, 'undo')})`} brings them back.
          </p>
        </Dialog>
      )}
      <TrackHeightHandle trackId={track.id} name={track.name} height={height} />
    </div>
  );
}
