// The commands that change the track list: add, remove, rename/mute/lock, reorder.
import type { CommandStep } from './commandStep.ts';
import type { CommandOf } from './editorCommands.ts';

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
      clips: [],
    },
    at,
  );
}

export function removeTrack(s: CommandStep<CommandOf<'removeTrack'>>): void {
  s.index.removeTrack(s.unlocked(s.trackOf(s.command.trackId)));
}

export function updateTrack(s: CommandStep<CommandOf<'updateTrack'>>): void {
  const { command } = s;
  const track = s.trackOf(command.trackId);
  if (command.name === undefined && command.muted === undefined && command.locked === undefined)
    s.fail('editor.command_invalid', null, 'name at least one of name, muted, locked.');
  if (command.name !== undefined) track.name = command.name;
  if (command.muted !== undefined) track.muted = command.muted;
  if (command.locked !== undefined) track.locked = command.locked;
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
