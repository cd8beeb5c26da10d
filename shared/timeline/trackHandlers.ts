// The commands that change the track list: add, remove, reorder, and a track's name,
// switches (mute, lock, solo, hide, sync lock) and mix (gain, pan).
import { mergeCaptionStyle } from './captionStyle.ts';
import type { CommandStep } from './commandStep.ts';
import type { CommandOf } from './editorCommands.ts';
import { TRACK_DEFAULTS, TRACK_GAIN_DB } from './timelineRules.ts';

export function addTrack(s: CommandStep<CommandOf<'addTrack'>>): void {
  const { command, index } = s;
  const most = s.limit('tracksPerTimeline');
  if (index.tracks.length >= most) s.fail('editor.command_invalid', null, `a timeline holds at most ${most} tracks.`);
  if (command.trackId && index.findTrack(command.trackId))
    s.fail(
      'editor.command_invalid',
      'trackId',
      `track ID ${command.trackId} is already on the timeline; use a new UUID.`,
      'That track is already on the timeline.',
    );
  const at = command.index ?? index.tracks.length;
  if (at > index.tracks.length)
    s.fail('editor.command_invalid', 'index', `must be at most ${index.tracks.length} (the number of tracks).`);
  const sameKind = index.tracks.filter((t) => t.kind === command.kind).length;
  // Named as a new timeline's own tracks are: Video 2, Audio 2, Captions 2.
  const label = command.kind === 'caption' ? 'Captions' : command.kind[0]!.toUpperCase() + command.kind.slice(1);
  index.addTrack(
    {
      id: command.trackId ?? s.ctx.newId(),
      kind: command.kind,
      name: command.name ?? `${label} ${sameKind + 1}`,
      muted: false,
      locked: false,
      ...TRACK_DEFAULTS,
      clips: [],
    },
    at,
  );
}

export function removeTrack(s: CommandStep<CommandOf<'removeTrack'>>): void {
  s.index.removeTrack(s.unlocked(s.trackOf(s.command.trackId)));
}

const TRACK_FIELDS = [
  'name',
  'muted',
  'locked',
  'gainDb',
  'pan',
  'solo',
  'hidden',
  'syncLocked',
  'captionStyle',
] as const;

export function updateTrack(s: CommandStep<CommandOf<'updateTrack'>>): void {
  const { command } = s;
  const track = s.trackOf(command.trackId);
  if (TRACK_FIELDS.every((field) => command[field] === undefined))
    s.fail('editor.command_invalid', null, `name at least one of ${TRACK_FIELDS.join(', ')}.`);
  const { gainDb, pan } = command;
  if (gainDb !== undefined && !(gainDb >= TRACK_GAIN_DB.min && gainDb <= TRACK_GAIN_DB.max))
    s.fail(
      'editor.command_invalid',
      'gainDb',
      `${gainDb} dB is out of range: a track's gain is ${TRACK_GAIN_DB.min} to +${TRACK_GAIN_DB.max} dB.`,
      `A track's gain goes from ${TRACK_GAIN_DB.min} dB to +${TRACK_GAIN_DB.max} dB.`,
    );
  if (pan !== undefined && !(pan >= -1 && pan <= 1))
    s.fail(
      'editor.command_invalid',
      'pan',
      `${pan} is out of range: pan goes from -1 (left) through 0 (centre) to 1 (right).`,
      'Pan goes from fully left to fully right.',
    );
  if (command.name !== undefined) track.name = command.name;
  if (command.muted !== undefined) track.muted = command.muted;
  if (command.locked !== undefined) track.locked = command.locked;
  if (gainDb !== undefined) track.gainDb = gainDb;
  if (pan !== undefined) track.pan = pan;
  if (command.solo !== undefined) track.solo = command.solo;
  if (command.hidden !== undefined) {
    if (track.kind === 'audio' && command.hidden)
      s.fail(
        'editor.command_invalid',
        'hidden',
        `track "${track.name}" is an audio track; only video and caption tracks are hidden (mute it instead).`,
        'An audio track has no picture to hide: mute it instead.',
      );
    track.hidden = command.hidden;
  }
  if (command.syncLocked !== undefined) track.syncLocked = command.syncLocked;
  if (command.captionStyle !== undefined) {
    if (track.kind !== 'caption')
      s.fail(
        'editor.command_invalid',
        'captionStyle',
        `track "${track.name}" is a ${track.kind} track; only a caption track holds caption style defaults.`,
        'Only a caption track has a caption style.',
      );
    const captionStyle = mergeCaptionStyle(track.captionStyle, command.captionStyle);
    if (captionStyle) track.captionStyle = captionStyle;
    else delete track.captionStyle;
  }
}

export function moveTrack(s: CommandStep<CommandOf<'moveTrack'>>): void {
  const { command, index } = s;
  const track = s.trackOf(command.trackId);
  if (command.index > index.tracks.length - 1)
    s.fail(
      'editor.command_invalid',
      'index',
      `must be at most ${index.tracks.length - 1} (the last track's position).`,
    );
  index.moveTrack(track, command.index);
}
