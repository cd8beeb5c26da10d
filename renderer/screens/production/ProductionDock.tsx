// The production work around the timeline, in one docked panel under it: the clip to work
// on (following the timeline's selection), tabs for the transcript and captions, speech
// edits, review, finishing, templates and the timeline's history, and the export dialog. Mounted by the Timeline
// screen once its timeline is read.
import { FileVideo, PanelBottomClose, PanelBottomOpen } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, IconButton } from '../../components/Button.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { PaidDestination } from '../../components/PaidDestination.tsx';
import { PRODUCTION_TABS, useProduction, type ProductionTab } from '../../stores/productionStore.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { useWorkspace } from '../../stores/workspaceStore.ts';
import { clipLabel, findPlaced, pickerWindow, placedClips } from './clipChoice.ts';
import { ExportDialog, ExportProgress } from './ExportDialog.tsx';
import { FinishTab } from './FinishTab.tsx';
import { HistoryTab } from './HistoryTab.tsx';
import { ReviewTab } from './ReviewTab.tsx';
import { SpeechEditsTab } from './SpeechEditsTab.tsx';
import { TemplatesTab } from './TemplatesTab.tsx';
import { TranscriptTab } from './TranscriptTab.tsx';
import './production.css';

function ClipPicker() {
  const timeline = useTimeline((s) => s.timeline);
  const assets = useTimelineMedia((s) => s.assets);
  const clipId = useProduction((s) => s.clipId);
  const chooseClip = useProduction((s) => s.chooseClip);
  const selection = useTimelineView((s) => s.selection);
  const placed = useMemo(() => (timeline ? placedClips(timeline) : []), [timeline]);
  const shown = useMemo(() => pickerWindow(placed, clipId), [placed, clipId]);

  // The panels follow the timeline: one media clip selected there is the clip worked on here.
  useEffect(() => {
    if (selection.size !== 1) return;
    const [id] = selection;
    if (placed.some((p) => p.clip.id === id)) chooseClip(id!);
  }, [selection, placed, chooseClip]);
  // A clip that left the timeline (removed, or the timeline changed) gives way to the first one.
  useEffect(() => {
    if (!placed.some((p) => p.clip.id === clipId)) chooseClip(placed[0]?.clip.id ?? null);
  }, [placed, clipId, chooseClip]);

  if (placed.length === 0)
    return <p className="pr-muted">Add media clips to the timeline to transcribe, review or finish them.</p>;
  return (
    <div className="pr-field pr-inline pr-clip-picker">
      <label htmlFor="pr-clip">Clip</label>
      <select id="pr-clip" value={clipId ?? ''} onChange={(e) => chooseClip(e.target.value)}>
        {shown.length < placed.length && (
          <option value="" disabled>
            {shown.length} of {placed.length} clips around this one: select others on the timeline
          </option>
        )}
        {shown.map((p) => (
          <option key={p.clip.id} value={p.clip.id}>
            {clipLabel(p, assets)}
          </option>
        ))}
      </select>
    </div>
  );
}

function TabContent({ tab }: { tab: ProductionTab }) {
  const timeline = useTimeline((s) => s.timeline);
  const clipId = useProduction((s) => s.clipId);
  const placed = findPlaced(timeline, clipId) ?? (timeline && placedClips(timeline)[0]) ?? null;
  if (tab === 'Templates') return <TemplatesTab />;
  if (tab === 'History') return <HistoryTab />;
  if (!placed) return <p className="pr-muted">Choose a clip of the timeline first.</p>;
  if (tab === 'Transcript') return <TranscriptTab placed={placed} />;
  if (tab === 'Speech edits') return <SpeechEditsTab placed={placed} />;
  if (tab === 'Review') return <ReviewTab placed={placed} />;
  return <FinishTab placed={placed} />;
}

const TAB_ITEMS = PRODUCTION_TABS.map((name) => ({ id: name, label: name }));

export function ProductionDock() {
  const tab = useProduction((s) => s.tab);
  const setTab = useProduction((s) => s.setTab);
  const open = useProduction((s) => s.dockOpen);
  const setOpen = useProduction((s) => s.setDockOpen);
  const workspaceId = useWorkspace((s) => s.workspace?.id);
  const reset = useProduction((s) => s.reset);
  const projectId = useTimeline((s) => s.projectId);
  const [exporting, setExporting] = useState(false);

  // Another workspace is another account: nothing read here is its.
  const shownFor = useRef(workspaceId);
  useEffect(() => {
    if (shownFor.current !== workspaceId) reset();
    shownFor.current = workspaceId;
  }, [workspaceId, reset]);

  return (
    <section className="pr-dock" aria-labelledby="pr-title">
      {!exporting && <ExportProgress />}
      <Tabs
        label="Production"
        idBase="pr-dock"
        items={TAB_ITEMS}
        selected={tab}
        onSelect={(next) => {
          setTab(next);
          setOpen(true);
        }}
        panelClassName="pr-tabpanel"
        panelHidden={!open}
        end={
          <>
            <h2 id="pr-title" className="visually-hidden">
              Around the timeline
            </h2>
            <ClipPicker />
            <Button size="sm" icon={FileVideo} onClick={() => setExporting(true)}>
              Export…
            </Button>
            <IconButton
              size="sm"
              icon={open ? PanelBottomClose : PanelBottomOpen}
              label={open ? 'Hide panels' : 'Show panels'}
              aria-expanded={open}
              aria-controls="pr-dock-panel"
              onClick={() => setOpen(!open)}
            />
          </>
        }
      >
        <PaidDestination projectId={projectId} what="Paid work here" />
        <TabContent tab={tab} />
      </Tabs>
      {exporting && <ExportDialog onClose={() => setExporting(false)} />}
    </section>
  );
}
