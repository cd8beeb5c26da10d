// "Duck under speech…" on an audio track: how far down, how fast down and back up; then the
// speech of the other tracks is found (transcripts' words, else the waveform's level:
// model/timeline/speechSpans.ts) and the track's clips get volume keyframes
// (shared/timeline/ducking.ts) — one edit, undone in one step.
import { useState, type FormEvent } from 'react';
import { DUCKING_DEFAULTS, duckingCommands } from '../../../shared/timeline/ducking.ts';
import type { Track } from '../../../shared/timeline/timelineTypes.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field } from '../../components/Field.tsx';
import { speechOnOtherTracks, type Peaks } from '../../model/timeline/speechSpans.ts';
import { knownTranscripts, useProduction } from '../../stores/productionStore.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useToasts } from '../../stores/toastStore.ts';

const SETTINGS = [
  { key: 'amountDb', label: 'Amount (dB)', min: -60, max: -1, hint: 'How far the sound goes down under speech.' },
  { key: 'attackMs', label: 'Attack (ms)', min: 0, max: 5000, hint: 'How long it takes to go down.' },
  { key: 'releaseMs', label: 'Release (ms)', min: 0, max: 10000, hint: 'How long it takes to come back up.' },
] as const;

type Settings = Record<(typeof SETTINGS)[number]['key'], string>;

/** The peaks of every asset asked for, once main has made them (those it cannot make: null). */
async function peaksOfAll(assetIds: readonly number[]): Promise<(assetId: number) => Peaks | null> {
  const media = useTimelineMedia.getState();
  for (const id of assetIds) media.requestStrip(id);
  for (let i = 0; i < 300 && assetIds.some((id) => useTimelineMedia.getState().strips.get(id) === 'loading'); i++)
    await new Promise((r) => setTimeout(r, 100));
  return (assetId) => {
    const strip = useTimelineMedia.getState().strips.get(assetId);
    return typeof strip === 'object' && strip.peaks
      ? { peaks: strip.peaks, peaksPerSecond: strip.peaksPerSecond }
      : null;
  };
}

async function duck(track: Track, options: { amountDb: number; attackMs: number; releaseMs: number }) {
  const timeline = useTimeline.getState().timeline;
  if (!timeline) return;
  const tell = useToasts.getState().showWarning;
  const others = timeline.tracks.filter((t) => t.id !== track.id && t.kind !== 'caption');
  const assetIds = [...new Set(others.flatMap((t) => t.clips.flatMap((c) => (c.kind === 'media' ? [c.assetId] : []))))];
  await useProduction.getState().loadTranscripts(assetIds);
  const peaksOf = await peaksOfAll(assetIds);
  const found = speechOnOtherTracks(timeline, track.id, knownTranscripts(), peaksOf);
  if (found.speech.length === 0) {
    tell(
      'Duck under speech',
      found.byWords + found.byLevel === 0
        ? 'No other track has a clip with sound to listen to: put the dialogue on another track first.'
        : 'No speech was heard on the other tracks: nothing was changed.',
    );
    return;
  }
  const clips = track.clips.filter((c) => c.kind === 'media');
  const commands = duckingCommands(found.speech, clips, options);
  if (commands.length === 0) {
    tell('Duck under speech', `No clip of ${track.name} plays while someone speaks: nothing was changed.`);
    return;
  }
  useTimeline.getState().edit(commands, `Duck ${track.name} under speech`);
}

export function DuckDialog({ track, onClose }: { track: Track; onClose: () => void }) {
  const [values, setValues] = useState<Settings>({
    amountDb: String(DUCKING_DEFAULTS.amountDb),
    attackMs: String(DUCKING_DEFAULTS.attackMs),
    releaseMs: String(DUCKING_DEFAULTS.releaseMs),
  });
  const [busy, setBusy] = useState(false);
  const problems = Object.fromEntries(
    SETTINGS.map((s) => {
      const n = Number(values[s.key].replace('−', '-'));
      const bad = values[s.key].trim() === '' || !Number.isFinite(n) || n < s.min || n > s.max;
      return [s.key, bad ? `${s.label.replace(/ \(.*/, '')} goes from ${s.min} to ${s.max}.` : null];
    }),
  );
  const invalid = Object.values(problems).some((p) => p !== null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid || busy) return;
    setBusy(true);
    const n = (key: keyof Settings) => Number(values[key].replace('−', '-'));
    await duck(track, {
      amountDb: n('amountDb'),
      attackMs: Math.round(n('attackMs')),
      releaseMs: Math.round(n('releaseMs')),
    });
    onClose();
  }
  return (
    <Dialog
      title={`Duck ${track.name} under speech`}
      size="sm"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={`tl-duck-${track.id}`} disabled={invalid || busy}>
            {busy ? 'Listening…' : 'Duck'}
          </Button>
        </>
      }
    >
      <form id={`tl-duck-${track.id}`} className="tl-duck-form" onSubmit={submit}>
        <p className="tl-hint">
          Lowers {track.name} wherever speech plays on the other tracks: from a clip&apos;s transcript where it has one,
          otherwise from its level. The result is volume keyframes you can edit; one undo takes it back.
        </p>
        <div className="tl-duck-fields">
          {SETTINGS.map((s) => (
            <Field key={s.key} label={s.label} hint={s.hint} error={problems[s.key]}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={s.min}
                  max={s.max}
                  value={values[s.key]}
                  onChange={(e) => setValues((v) => ({ ...v, [s.key]: e.target.value }))}
                />
              )}
            </Field>
          ))}
        </div>
      </form>
    </Dialog>
  );
}
