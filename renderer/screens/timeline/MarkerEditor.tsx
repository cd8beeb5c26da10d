// The marker editor: a dialog over the timeline for the marker being edited (useMarkerEdit),
// with its name (selected, to type over: M opens it on a new marker), colour, note and
// place (moved to the playhead here, or by dragging its flag). Save makes one edit of what
// changed; Delete removes the marker. Undo brings back either.
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EDITOR_LIMITS } from '../../../shared/limits.ts';
import { characterCount, textProblem } from '../../../shared/textRules.ts';
import { markersOf, MARKER_COLORS, type Marker, type MarkerColor } from '../../../shared/timeline/timelineTypes.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field } from '../../components/Field.tsx';
import { formatTime } from '../../model/timeline/timelineGeometry.ts';
import { useMarkerEdit } from '../../stores/markerEditStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { removeMarker, updateMarker, type MarkerChange } from './markerActions.ts';

const COLOR_NAMES: Record<MarkerColor, string> = {
  blue: 'Blue',
  cyan: 'Cyan',
  green: 'Green',
  yellow: 'Yellow',
  orange: 'Orange',
  red: 'Red',
  pink: 'Pink',
  purple: 'Purple',
};

/** What is wrong with a marker name, saying what to change; null when it will do. */
export function markerNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Give the marker a name.';
  const length = characterCount(trimmed);
  if (length > EDITOR_LIMITS.markerNameMax)
    return `The name is ${length} characters: shorten it to at most ${EDITOR_LIMITS.markerNameMax}.`;
  const problem = textProblem(trimmed, false);
  return problem ? `The name ${problem}.` : null;
}

function MarkerForm({ marker }: { marker: Marker }) {
  const close = useMarkerEdit((s) => s.close);
  const [name, setName] = useState(marker.name);
  const [color, setColor] = useState<MarkerColor>(
    (MARKER_COLORS as readonly string[]).includes(marker.color) ? (marker.color as MarkerColor) : MARKER_COLORS[0],
  );
  const [note, setNote] = useState(marker.note ?? '');
  const [atMs, setAtMs] = useState(marker.atMs);
  const [tried, setTried] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const nameError = markerNameProblem(name);
  const noteLength = characterCount(note.trim());
  const noteError =
    noteLength > EDITOR_LIMITS.markerNoteMax
      ? `The note is ${noteLength} characters: shorten it to at most ${EDITOR_LIMITS.markerNoteMax}.`
      : null;

  useEffect(() => nameInput.current?.select(), []);

  function save(event?: FormEvent) {
    event?.preventDefault();
    setTried(true);
    if (nameError || noteError) return;
    const change: MarkerChange = {};
    if (name.trim() !== marker.name) change.name = name.trim();
    if (color !== marker.color) change.color = color;
    if (note.trim() !== (marker.note ?? '')) change.note = note.trim();
    if (atMs !== marker.atMs) change.atMs = atMs;
    if (Object.keys(change).length > 0) updateMarker(marker.id, change);
    close();
  }

  return (
    <Dialog
      title="Marker"
      onClose={close}
      initialFocus={nameInput}
      footer={
        <>
          <Button
            variant="danger"
            icon={Trash2}
            onClick={() => {
              removeMarker(marker.id);
              close();
            }}
          >
            Delete marker
          </Button>
          <Button onClick={close}>Cancel</Button>
          <Button variant="primary" onClick={() => save()}>
            Save
          </Button>
        </>
      }
    >
      <form className="tl-marker-form" onSubmit={save}>
        <Field label="Name" hint="The chapter's title in exports" error={tried ? nameError : null}>
          {(control) => (
            <input {...control} ref={nameInput} value={name} onChange={(event) => setName(event.target.value)} />
          )}
        </Field>
        <fieldset className="tl-marker-colors">
          <legend>Colour</legend>
          {MARKER_COLORS.map((id) => (
            <label key={id} className={`tl-marker-swatch is-${id}`}>
              <input
                type="radio"
                name="marker-color"
                value={id}
                checked={color === id}
                onChange={() => setColor(id)}
                aria-label={COLOR_NAMES[id]}
              />
            </label>
          ))}
        </fieldset>
        <Field label="Note" error={noteError}>
          {(control) => (
            <textarea {...control} rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
          )}
        </Field>
        <p className="tl-marker-place">
          At <output aria-label="Marker time">{formatTime(atMs)}</output>{' '}
          <Button size="sm" onClick={() => setAtMs(Math.round(useTimelineView.getState().playheadMs))}>
            Move to playhead
          </Button>
        </p>
        {/* Enter in the name saves. */}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}

export function MarkerEditor() {
  const editingId = useMarkerEdit((s) => s.editingId);
  const marker = useTimeline((s) =>
    s.timeline && editingId ? markersOf(s.timeline).find((m) => m.id === editingId) : undefined,
  );
  if (!editingId || !marker) return null;
  return <MarkerForm key={marker.id} marker={marker} />;
}
