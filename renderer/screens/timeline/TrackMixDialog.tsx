// A track's gain and pan, set from its header's menu: two number fields checked against the
// model's ranges (a value out of range says what to change) and applied as one edit.
import { useState, type FormEvent } from 'react';
import { TRACK_GAIN_DB, trackMix } from '../../../shared/timeline/timelineRules.ts';
import type { Track } from '../../../shared/timeline/timelineTypes.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field } from '../../components/Field.tsx';
import { useTimeline } from '../../stores/timelineStore.ts';

/** What to change about a typed number, or null when it is in [min, max]. */
function problemOf(text: string, min: number, max: number, unit: string): string | null {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return `Enter a number from ${min} to ${max}${unit}.`;
  if (value < min || value > max) return `Enter a number from ${min} to ${max}${unit}, not ${value}.`;
  return null;
}

export function TrackMixDialog({ track, onClose }: { track: Track; onClose: () => void }) {
  const edit = useTimeline((s) => s.edit);
  const mix = trackMix(track);
  const [gain, setGain] = useState(String(mix.gainDb));
  const [pan, setPan] = useState(String(mix.pan));
  const gainProblem = problemOf(gain, TRACK_GAIN_DB.min, TRACK_GAIN_DB.max, ' dB');
  const panProblem = problemOf(pan, -1, 1, ' (−1 left, 1 right)');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (gainProblem || panProblem) return;
    const changed = {
      ...(Number(gain) !== mix.gainDb && { gainDb: Number(gain) }),
      ...(Number(pan) !== mix.pan && { pan: Number(pan) }),
    };
    if (Object.keys(changed).length > 0)
      edit([{ type: 'updateTrack', trackId: track.id, ...changed }], 'Set track gain and pan');
    onClose();
  }

  return (
    <Dialog
      title={`Gain and pan of ${track.name}`}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={`mix-${track.id}`} disabled={!!(gainProblem || panProblem)}>
            Apply
          </Button>
        </>
      }
    >
      <form id={`mix-${track.id}`} onSubmit={submit}>
        <Field
          label="Gain (dB)"
          hint={`${TRACK_GAIN_DB.min} to +${TRACK_GAIN_DB.max} dB; 0 leaves the sound as it is.`}
          error={gainProblem}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              step={0.5}
              min={TRACK_GAIN_DB.min}
              max={TRACK_GAIN_DB.max}
              value={gain}
              onChange={(e) => setGain(e.target.value)}
            />
          )}
        </Field>
        <Field label="Pan" hint="−1 is fully left, 0 the centre, 1 fully right." error={panProblem}>
          {(control) => (
            <input
              {...control}
              type="number"
              step={0.1}
              min={-1}
              max={1}
              value={pan}
              onChange={(e) => setPan(e.target.value)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
