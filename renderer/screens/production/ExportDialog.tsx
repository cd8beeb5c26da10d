// The export dialog: an export built from the timeline's clips (order, trims, transitions,
// look, volume, titles read from the timeline; motion and fit chosen here), each clip
// editable or left out, checked against the export limits (80 clips, 30 minutes) before
// anything is sent, with what to change. Sending journals the export with its idempotency
// key in main (it goes when the service answers); it is followed here and in Jobs, and its
// video can be downloaded when done.
import { PaidDestination } from '../../components/PaidDestination.tsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AppError } from '../../../shared/appError.ts';
import { CREATE_LIMITS } from '../../../shared/limits.ts';
import { clockText } from '../../../shared/production/clipTime.ts';
import {
  checkExport,
  draftFromTimeline,
  EXPORT_FITS,
  EXPORT_LOOKS,
  EXPORT_MOTIONS,
  EXPORT_TITLE_MAX,
  EXPORT_TRANSITIONS,
  exportInput,
  exportLengthMs,
  type ExportClipDraft,
} from '../../../shared/production/exportPlan.ts';
import { invoke } from '../../client/clipdesk.ts';
import { useNavigation } from '../../stores/navigationStore.ts';
import { useProductionJobs } from '../../stores/productionJobsStore.ts';
import { useProduction } from '../../stores/productionStore.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useToasts } from '../../stores/toastStore.ts';
import { assetName } from './clipChoice.ts';
import { saveLink } from './saveText.ts';
import { WorkLine } from './WorkLine.tsx';

const seconds = (ms: number) => Math.round(ms) / 1000;
/** A very long timeline lists this many clips; the rest keep what the timeline gave them. */
const ROWS_SHOWN = 200;

function Choice<T extends string>({
  value,
  options,
  label,
  onChange,
}: {
  value: T;
  options: readonly T[];
  label: string;
  onChange: (v: T) => void;
}) {
  return (
    <select value={value} aria-label={label} onChange={(e) => onChange(e.target.value as T)}>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

function ClipRow({
  clip,
  index,
  invalid,
  change,
}: {
  clip: ExportClipDraft;
  index: number;
  invalid: boolean;
  change: (c: Partial<ExportClipDraft>) => void;
}) {
  const name = useTimelineMedia((s) => assetName(s.assets, clip.assetId));
  const n = `clip ${index + 1}`;
  return (
    <tr className={`${clip.include ? '' : 'is-excluded'}${invalid ? ' is-invalid' : ''}`}>
      <th scope="row">{index + 1}</th>
      <td>
        <input
          type="checkbox"
          checked={clip.include}
          aria-label={`Include ${n} (${name})`}
          onChange={(e) => change({ include: e.target.checked })}
        />
      </td>
      <td className="pr-name">{name}</td>
      <td>
        <input
          type="number"
          step={0.1}
          min={0}
          value={seconds(clip.trimStartMs)}
          aria-label={`Start trim of ${n}, seconds`}
          onChange={(e) => change({ trimStartMs: Math.round(e.target.valueAsNumber * 1000) })}
        />
      </td>
      <td>
        <input
          type="number"
          step={0.1}
          min={0}
          value={seconds(clip.trimEndMs)}
          aria-label={`End trim of ${n}, seconds`}
          onChange={(e) => change({ trimEndMs: Math.round(e.target.valueAsNumber * 1000) })}
        />
      </td>
      <td className="pr-num">{clockText(Math.max(0, clip.trimEndMs - clip.trimStartMs))}</td>
      <td>
        <Choice
          value={clip.transition}
          options={EXPORT_TRANSITIONS}
          label={`Transition into ${n}`}
          onChange={(transition) => change({ transition })}
        />
      </td>
      <td>
        <Choice
          value={clip.motion}
          options={EXPORT_MOTIONS}
          label={`Motion of ${n}`}
          onChange={(motion) => change({ motion })}
        />
      </td>
      <td>
        <Choice value={clip.fit} options={EXPORT_FITS} label={`Fit of ${n}`} onChange={(fit) => change({ fit })} />
      </td>
      <td>
        <Choice value={clip.look} options={EXPORT_LOOKS} label={`Look of ${n}`} onChange={(look) => change({ look })} />
      </td>
      <td>
        <input
          type="number"
          step={0.1}
          min={0}
          max={2}
          value={clip.volume}
          aria-label={`Volume of ${n}`}
          onChange={(e) => change({ volume: e.target.valueAsNumber })}
        />
      </td>
      <td>
        <input
          value={clip.title}
          maxLength={EXPORT_TITLE_MAX + 20}
          aria-label={`Title of ${n}`}
          placeholder="No title"
          onChange={(e) => change({ title: e.target.value })}
        />
      </td>
    </tr>
  );
}

/** The export being followed: its state, and its video once done. */
export function ExportProgress() {
  const intentId = useProduction((s) => s.exportIntent);
  const work = useProductionJobs((s) => (intentId ? s.work[intentId] : undefined));
  const [busy, setBusy] = useState(false);
  if (!intentId) return null;
  const assetId = work?.state === 'completed' ? work.assetId : null;

  async function download(id: number) {
    setBusy(true);
    try {
      const outcome = await invoke('media.download', { assetId: id });
      if (outcome.outcome === 'link') saveLink(outcome.url, outcome.filename);
      else if (outcome.outcome === 'saved') useToasts.getState().showInfo('Export saved', `Saved to ${outcome.path}.`);
    } catch (err) {
      useToasts.getState().showError('Downloading the export', err as AppError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pr-export-progress">
      <WorkLine intentId={intentId} noun={work?.jobId ? `Export #${work.jobId}` : 'Export'} />
      {assetId !== null && (
        <button type="button" className="pr-primary" onClick={() => void download(assetId)} disabled={busy}>
          {busy ? 'Downloading…' : 'Download the export'}
        </button>
      )}
      <button type="button" onClick={() => useNavigation.getState().go('Jobs')}>
        Open Jobs
      </button>
    </div>
  );
}

export function ExportDialog({ onClose }: { onClose: () => void }) {
  const timeline = useTimeline((s) => s.timeline);
  const projectId = useTimeline((s) => s.projectId);
  const pending = useTimeline((s) => s.pending.length);
  const initial = useMemo(() => (timeline ? draftFromTimeline(timeline) : { clips: [], notes: [] }), [timeline]);
  const [clips, setClips] = useState<ExportClipDraft[]>(initial.clips);
  const [sending, setSending] = useState(false);
  const sent = useProduction((s) => s.exportIntent);
  const [sentHere, setSentHere] = useState(false);
  const first = useRef<HTMLHeadingElement>(null);
  useEffect(() => first.current?.focus(), []);

  const issues = checkExport(clips);
  const invalidRows = new Set(issues.map((i) => i.clipIndex).filter((i) => i !== null));
  const included = clips.filter((c) => c.include).length;
  const lengthMs = exportLengthMs(clips);
  const change = (i: number) => (c: Partial<ExportClipDraft>) =>
    setClips((list) => list.map((clip, k) => (k === i ? { ...clip, ...c } : clip)));

  function keepFirst() {
    setClips((list) => {
      let kept = 0;
      return list.map((clip) => ({ ...clip, include: clip.include && ++kept <= CREATE_LIMITS.exportMaxClips }));
    });
  }

  async function send() {
    if (projectId === null || issues.length > 0) return;
    setSending(true);
    try {
      const intent = await invoke('exports.submit', { input: exportInput(projectId, clips) });
      useProductionJobs.getState().follow(intent);
      useProduction.getState().setExportIntent(intent.id);
      setSentHere(true);
    } catch (err) {
      useToasts.getState().showError('Sending the export', err as AppError);
    } finally {
      setSending(false);
    }
  }

  return (
    <div
      className="dialog pr-dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby="pr-export-title"
      onKeyDown={(event) => {
        // The timeline's shortcuts are not for this dialog.
        event.stopPropagation();
        if (event.key === 'Escape') onClose();
      }}
    >
      <h2 id="pr-export-title" ref={first} tabIndex={-1}>
        Export
      </h2>
      {clips.length === 0 ? (
        <p>The timeline has no media clips to export.</p>
      ) : (
        <>
          <p className="pr-meta" role="status">
            {included} of {clips.length} clips, {clockText(lengthMs)} · at most {CREATE_LIMITS.exportMaxClips} clips and{' '}
            {clockText(CREATE_LIMITS.exportMaxDurationMs)}
          </p>
          <div className="pr-table-scroll">
            <table className="pr-table" aria-label="Clips to export">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">In</th>
                  <th scope="col">Media</th>
                  <th scope="col">Start (s)</th>
                  <th scope="col">End (s)</th>
                  <th scope="col">Length</th>
                  <th scope="col">Transition</th>
                  <th scope="col">Motion</th>
                  <th scope="col">Fit</th>
                  <th scope="col">Look</th>
                  <th scope="col">Volume</th>
                  <th scope="col">Title</th>
                </tr>
              </thead>
              <tbody>
                {clips.slice(0, ROWS_SHOWN).map((clip, i) => (
                  <ClipRow key={clip.clipId} clip={clip} index={i} invalid={invalidRows.has(i)} change={change(i)} />
                ))}
              </tbody>
            </table>
          </div>
          {clips.length > ROWS_SHOWN && (
            <p className="pr-muted">
              The first {ROWS_SHOWN} of {clips.length} clips are listed; the others are exported as the timeline has
              them while ticked.
            </p>
          )}
        </>
      )}
      {initial.notes.length > 0 && (
        <ul className="pr-notes" aria-label="What the export does differently">
          {initial.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {issues.length > 0 && (
        <ul className="pr-problems" role="alert" aria-label="Before exporting">
          {issues.map((issue) => (
            <li key={issue.message}>{issue.message}</li>
          ))}
        </ul>
      )}
      {included > CREATE_LIMITS.exportMaxClips && (
        <button type="button" onClick={keepFirst}>
          Keep only the first {CREATE_LIMITS.exportMaxClips} clips
        </button>
      )}
      {pending > 0 && (
        <p className="pr-muted">Timeline edits are still being saved; the export uses the clips as shown here.</p>
      )}
      <PaidDestination projectId={projectId} what="The export" />
      {sentHere && sent && <ExportProgress />}
      <div className="pr-row pr-dialog-actions">
        <button
          type="button"
          className="pr-primary"
          onClick={() => void send()}
          disabled={sending || issues.length > 0 || clips.length === 0 || sentHere}
        >
          {sending ? 'Sending…' : sentHere ? 'Export sent' : 'Export'}
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
