// The timeline's Export…: the whole timeline, its I/O range or the still frame at the
// playhead, exactly as it plays — every video track, caption and sound, drawn as the
// service's render draws it (docs/render-semantics.md) — for where it goes: a preset
// (YouTube, Shorts/TikTok/Reels, Instagram, podcast audio, a ProRes master) or custom
// settings, in any format the service makes, captions burnt in or saved beside it as
// SRT/WebVTT. Checked against the limits of a timeline export before anything is sent, with
// what to change; sending journals the export with its idempotency key in main (it goes
// when the service answers). It is followed here, in Exports and in Jobs, and its file can
// be downloaded when done.
import { useMemo, useState } from 'react';
import { clockText } from '../../../shared/production/clipTime.ts';
import {
  exportWhatProblem,
  summarizeTimeline,
  timelineExportInput,
  timelineExportProblems,
} from '../../../shared/production/exportPlan.ts';
import { invoke } from '../../client/clipdesk.ts';
import { Download } from 'lucide-react';
import { PaidDestination } from '../../components/PaidDestination.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { useCurrentProject } from '../../stores/currentProjectStore.ts';
import { useNavigation } from '../../stores/navigationStore.ts';
import { usePlayback } from '../../stores/playbackStore.ts';
import { useProductionJobs } from '../../stores/productionJobsStore.ts';
import { useProduction } from '../../stores/productionStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { showError, useToasts } from '../../stores/toastStore.ts';
import { CaptionFileButtons } from './CaptionFileButtons.tsx';
import { INITIAL_SETTINGS, outputOf, type ExportSettings } from './exportChoice.ts';
import { ExportSettingsFields } from './ExportSettingsFields.tsx';
import { ExportWhatFields, useExportWhat } from './ExportWhatFields.tsx';
import { WorkLine } from './WorkLine.tsx';
import { downloadAsset } from '../../client/saveFile.ts';
import './exportDialog.css';

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
      const path = await downloadAsset(id);
      if (path !== null) useToasts.getState().showSuccess('Export saved', `Saved to ${path}.`);
    } catch (err) {
      showError('Downloading the export', err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pr-export-progress">
      <WorkLine intentId={intentId} noun={work?.jobId ? `Export #${work.jobId}` : 'Export'} />
      {assetId !== null && (
        <Button size="sm" variant="primary" icon={Download} onClick={() => void download(assetId)} disabled={busy}>
          {busy ? 'Downloading…' : 'Download the export'}
        </Button>
      )}
      <Button size="sm" onClick={() => useNavigation.getState().go('Jobs')}>
        Open Jobs
      </Button>
    </div>
  );
}

export function ExportDialog({ onClose }: { onClose: () => void }) {
  const timeline = useTimeline((s) => s.timeline);
  const projectId = useTimeline((s) => s.projectId);
  const pending = useTimeline((s) => s.pending.length);
  // The service's revision as last confirmed: with no edit waiting, what the user sees.
  const revision = useTimeline((s) => s.base?.revision ?? null);
  const project = useCurrentProject((s) => (s.project?.id === projectId ? s.project : null));
  const aspectRatio = project?.aspectRatio ?? null;
  const ioRange = usePlayback((s) => s.range);
  const playheadMs = useTimelineView((s) => s.playheadMs);
  const [settings, setSettings] = useState<ExportSettings>(INITIAL_SETTINGS);
  const what = useExportWhat(ioRange, playheadMs);
  const [sending, setSending] = useState(false);
  const sent = useProduction((s) => s.exportIntent);
  const [sentHere, setSentHere] = useState(false);

  const summary = useMemo(() => (timeline ? summarizeTimeline(timeline) : null), [timeline]);
  const problems = useMemo(() => (timeline ? timelineExportProblems(timeline) : []), [timeline]);
  const whatProblem = timeline ? exportWhatProblem(what.what, timeline.durationMs) : null;
  const ready =
    timeline !== null &&
    projectId !== null &&
    revision !== null &&
    problems.length === 0 &&
    whatProblem === null &&
    pending === 0;

  async function send() {
    if (!ready) return;
    setSending(true);
    try {
      const input = timelineExportInput(projectId, revision, outputOf(settings, what.kind === 'still'), what.what);
      const intent = await invoke('exports.submit', { input });
      useProductionJobs.getState().follow(intent);
      useProduction.getState().setExportIntent(intent.id);
      setSentHere(true);
    } catch (err) {
      showError('Sending the export', err);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      title="Export"
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={() => void send()} disabled={!ready || sending || sentHere}>
          {sending ? 'Sending…' : sentHere ? 'Export sent' : 'Export'}
        </Button>
      }
    >
      {/* The timeline's shortcuts are not for this dialog. */}
      <div className="pr-export-form" onKeyDown={(event) => event.stopPropagation()}>
        {summary && (
          <p className="pr-meta" role="status">
            The whole timeline, {clockText(summary.durationMs)}, as it plays: {summary.mediaClips} media{' '}
            {summary.mediaClips === 1 ? 'clip' : 'clips'}, {summary.captions}{' '}
            {summary.captions === 1 ? 'caption' : 'captions'}, the sound of {summary.soundingTracks}{' '}
            {summary.soundingTracks === 1 ? 'track' : 'tracks'}.
          </p>
        )}
        <ExportWhatFields state={what} problem={whatProblem} />
        <ExportSettingsFields
          settings={settings}
          onChange={setSettings}
          aspectRatio={aspectRatio}
          still={what.kind === 'still'}
        />
        {timeline && <CaptionFileButtons timeline={timeline} baseName={project?.name ?? 'captions'} />}
        {problems.length > 0 && (
          <ul className="pr-problems" role="alert" aria-label="Before exporting">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        {pending > 0 && (
          <p className="pr-muted" role="status" aria-label="Edits being saved">
            Your latest edits are still being saved; the export can start once the service has them, so it holds exactly
            what you see.
          </p>
        )}
        <PaidDestination projectId={projectId} what="The export" />
        {sentHere && sent && <ExportProgress />}
      </div>
    </Dialog>
  );
}
