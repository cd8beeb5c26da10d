// What of the timeline the Export dialog sends: the whole timeline, the I/O range (the one
// I and O marked; without one, a start and an end typed here, in seconds) or the still frame
// at the playhead. Answers the choice as an ExportWhat, with what to change when it cannot go.
import { useState } from 'react';
import { clockText } from '../../../shared/production/clipTime.ts';
import type { ExportWhat } from '../../../shared/production/exportPlan.ts';
import { Field } from '../../components/Field.tsx';
import { RadioGroup } from '../../components/RadioGroup.tsx';

export type WhatKind = ExportWhat['kind'];

/** Seconds typed as text, in whole ms; NaN when it is not a number. */
const msOf = (text: string) => (text.trim() === '' ? Number.NaN : Math.round(Number(text) * 1000));

export function useExportWhat(ioRange: { startMs: number; endMs: number } | null, playheadMs: number) {
  const [kind, setKind] = useState<WhatKind>('whole');
  const [start, setStart] = useState(ioRange ? String(ioRange.startMs / 1000) : '0');
  const [end, setEnd] = useState(ioRange ? String(ioRange.endMs / 1000) : '');
  const what: ExportWhat =
    kind === 'range'
      ? ioRange
        ? { kind, ...ioRange }
        : { kind, startMs: msOf(start), endMs: msOf(end) }
      : kind === 'still'
        ? { kind, atMs: Math.round(playheadMs) }
        : { kind };
  return { kind, setKind, start, setStart, end, setEnd, what, ioRange, playheadMs };
}

export function ExportWhatFields({
  state,
  problem,
}: {
  state: ReturnType<typeof useExportWhat>;
  problem: string | null;
}) {
  const { kind, setKind, ioRange, playheadMs } = state;
  return (
    <>
      <RadioGroup<WhatKind>
        legend="What to export"
        value={kind}
        onChange={setKind}
        options={[
          { value: 'whole', label: 'Whole timeline' },
          {
            value: 'range',
            label: ioRange ? 'In to out' : 'A range',
            detail: ioRange
              ? `${clockText(ioRange.startMs)} to ${clockText(ioRange.endMs)}, as I and O marked`
              : 'From a start to an end you give (mark I and O on the timeline to use those)',
          },
          {
            value: 'still',
            label: 'Still frame at the playhead',
            detail: `The frame at ${clockText(playheadMs)}, as a PNG`,
          },
        ]}
      />
      {kind === 'range' && !ioRange && (
        <div className="pr-export-range">
          <Field label="Start (seconds)">
            {(control) => (
              <input
                {...control}
                type="number"
                min={0}
                step={0.1}
                value={state.start}
                onChange={(e) => state.setStart(e.target.value)}
              />
            )}
          </Field>
          <Field label="End (seconds)">
            {(control) => (
              <input
                {...control}
                type="number"
                min={0}
                step={0.1}
                value={state.end}
                onChange={(e) => state.setEnd(e.target.value)}
              />
            )}
          </Field>
        </div>
      )}
      {problem && (
        <p className="pr-problems" role="alert" aria-label="Before exporting this part">
          {problem}
        </p>
      )}
    </>
  );
}
