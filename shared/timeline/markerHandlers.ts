// The commands that change the timeline's markers: add, update (move, rename, recolour,
// note), remove. Markers are kept in time order, ties by ID, so a marker removed and added
// again (an undo) comes back exactly where it was. A marker may sit anywhere from 0 to the
// timeline's limit: clips moving or going away never move or drop a marker.
import type { CommandStep } from './commandStep.ts';
import type { CommandOf } from './editorCommands.ts';
import { DEFAULT_MARKER_COLOR, type Marker } from './timelineTypes.ts';

/** Time order, ties by ID: one order whatever order the markers were made in. */
export function sortMarkers(markers: Marker[]): void {
  markers.sort((a, b) => a.atMs - b.atMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function checkAt(s: CommandStep, atMs: number): void {
  const most = s.limit('timelineMaxMs');
  if (atMs > most) s.fail('editor.command_invalid', 'atMs', `must be at most ${most} ms (the timeline's limit).`);
}

/** The marker, this list's own so it may change. */
function markerOf(s: CommandStep<CommandOf<'updateMarker' | 'removeMarker'>>): { marker: Marker; list: Marker[] } {
  const list = s.index.ownMarkers();
  const marker =
    list.find((m) => m.id === s.command.markerId) ??
    s.fail(
      'editor.target_not_found',
      'markerId',
      `no marker ${s.command.markerId} on this timeline.`,
      'The marker is no longer on the timeline.',
    );
  return { marker, list };
}

export function addMarker(s: CommandStep<CommandOf<'addMarker'>>): void {
  const { command, index } = s;
  const most = s.limit('markersPerTimeline');
  if (index.markers().length >= most)
    s.fail('editor.command_invalid', null, `a timeline holds at most ${most} markers; remove one first.`);
  if (command.markerId && index.markers().some((m) => m.id === command.markerId))
    s.fail(
      'editor.command_invalid',
      'markerId',
      `marker ID ${command.markerId} is already on the timeline; use a new UUID.`,
      'That marker is already on the timeline.',
    );
  checkAt(s, command.atMs);
  const marker: Marker = {
    id: command.markerId ?? s.ctx.newId(),
    atMs: command.atMs,
    name: command.name,
    color: command.color ?? DEFAULT_MARKER_COLOR,
  };
  if (command.note) marker.note = command.note;
  const list = index.ownMarkers();
  list.push(marker);
  sortMarkers(list);
}

export function updateMarker(s: CommandStep<CommandOf<'updateMarker'>>): void {
  const { command } = s;
  if (
    command.atMs === undefined &&
    command.name === undefined &&
    command.color === undefined &&
    command.note === undefined
  )
    s.fail('editor.command_invalid', null, 'name at least one of atMs, name, color, note.');
  const { marker, list } = markerOf(s);
  if (command.atMs !== undefined) {
    checkAt(s, command.atMs);
    marker.atMs = command.atMs;
  }
  if (command.name !== undefined) marker.name = command.name;
  if (command.color !== undefined) marker.color = command.color;
  if (command.note) marker.note = command.note;
  else if (command.note !== undefined) delete marker.note;
  sortMarkers(list);
}

export function removeMarker(s: CommandStep<CommandOf<'removeMarker'>>): void {
  const { marker, list } = markerOf(s);
  list.splice(list.indexOf(marker), 1);
}
