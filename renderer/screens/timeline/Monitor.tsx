// The monitor: the composed frame under the playhead — paused, scrubbed, while a clip's edge
// is dragged (the edit point, labelled; with a trim tool, the two frames there), and playing with sound — drawn live by the preview
// engine (renderer/preview/previewEngine.ts) from media main caches, with no render job. It
// fills its panel at the project's aspect ratio; it can take a bigger share of the screen
// or the whole screen. Its transport is the playback store's, as the keys are. The level
// meters stand beside the picture (LevelMeters.tsx).
import { useEffect, useRef, useState } from 'react';
import { Crop, Expand, Maximize2, Minimize2, Pause, Play, Repeat, Rewind, Shrink } from 'lucide-react';
import { IconButton } from '../../components/Button.tsx';
import { useKeysOf } from '../../keymap/keymap.ts';
import { PreviewEngine, type EngineStatus } from '../../preview/previewEngine.ts';
import { aspectOf, frameSize } from '../../preview/frameGeometry.ts';
import { useCurrentProject } from '../../stores/currentProjectStore.ts';
import { usePlayback } from '../../stores/playbackStore.ts';
import { useProjects } from '../../stores/projectsStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { TIMELINE_SHORTCUTS } from './shortcuts.ts';
import { RevisionPreviewBar } from './RevisionPreviewBar.tsx';
import { TransformOverlay } from './TransformOverlay.tsx';
import { LevelMeters } from './LevelMeters.tsx';
import { TwoUp } from './TwoUp.tsx';
import { SAFE_AREA_GUIDES, SafeAreaOverlay, type SafeAreaGuide } from './SafeAreaOverlay.tsx';
import { formatTimecode } from '../../model/timeline/timelineGeometry.ts';
import './monitor.css';

/** Every key of an action, from the shortcut table (named in the tooltip and aria-keyshortcuts). */

/** The timeline's project's aspect ratio ("16:9"), from the current project or the list. */
export function useAspectRatio(): string {
  const projectId = useTimeline((s) => s.projectId);
  const current = useCurrentProject((s) => (s.project?.id === projectId ? s.project.aspectRatio : null));
  const listed = useProjects((s) => s.items.find((p) => p.id === projectId)?.aspectRatio ?? null);
  return current ?? listed ?? '16:9';
}

function statusText(status: EngineStatus | null): string {
  if (!status) return '';
  if (status.problem) return status.problem;
  if (status.preparing) {
    const share = status.preparing.progress === null ? '' : ` ${Math.round(status.preparing.progress * 100)}%`;
    return `Preparing ${status.preparing.count === 1 ? 'the media' : `${status.preparing.count} media`} for the monitor…${share}`;
  }
  return '';
}

/** Fit: as large as the panel allows; a share: that share of the export's 1080-line frame, in screen pixels. */
const ZOOMS = [
  { value: 'fit', label: 'Fit' },
  { value: '0.25', label: '25%' },
  { value: '0.5', label: '50%' },
  { value: '1', label: '100%' },
] as const;
type Zoom = (typeof ZOOMS)[number]['value'];

export function Monitor({ large, onToggleLarge }: { large: boolean; onToggleLarge: () => void }) {
  const keys = useKeysOf(TIMELINE_SHORTCUTS);
  const section = useRef<HTMLElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const timecode = useRef<HTMLOutputElement>(null);
  const [status, setStatus] = useState<EngineStatus | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const [cropping, setCropping] = useState(false);
  const playing = usePlayback((s) => s.rate !== 0);
  const rate = usePlayback((s) => s.rate);
  const loop = usePlayback((s) => s.loop);
  const range = usePlayback((s) => s.range);
  const aspectRatio = useAspectRatio();
  const ratio = aspectOf(aspectRatio);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [safeAreas, setSafeAreas] = useState<SafeAreaGuide>('none');
  const scale = window.devicePixelRatio || 1;
  const full = frameSize(aspectRatio, 1080);
  const fixed =
    zoom === 'fit'
      ? undefined
      : { width: `${(full.width * Number(zoom)) / scale}px`, height: `${(full.height * Number(zoom)) / scale}px` };

  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const engine = new PreviewEngine(root, setStatus, (ms) => {
      if (timecode.current) timecode.current.textContent = formatTimecode(ms);
    });
    return () => engine.dispose();
  }, []);

  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement === section.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  function toggleFullScreen() {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void section.current?.requestFullscreen().catch(() => {});
  }

  const note = statusText(status);
  return (
    <section ref={section} className="tl-monitor" aria-labelledby="tl-monitor-title">
      <h2 id="tl-monitor-title" className="tl-pane-title tl-monitor-title">
        Monitor
      </h2>
      <RevisionPreviewBar />
      <div
        className={zoom === 'fit' ? 'tl-monitor-stage' : 'tl-monitor-stage tl-monitor-stage-zoomed'}
        style={{ ['--ratio' as string]: String(ratio) }}
      >
        <div
          ref={frame}
          style={fixed}
          className="pv-frame"
          role="img"
          aria-label="The composed frame under the playhead"
          aria-busy="true"
          data-testid="monitor-frame"
        />
        <TransformOverlay frameRef={frame} exportFrame={full} cropping={cropping} />
        <TwoUp />
        <SafeAreaOverlay frameRef={frame} guide={safeAreas} />
        {status?.edge && <span className="tl-monitor-edge">{status.edge === 'start' ? 'New start' : 'New end'}</span>}
        {note && (
          <p className="tl-monitor-note" role="status">
            {note}
          </p>
        )}
      </div>
      <LevelMeters />
      <div className="tl-monitor-bar">
        <IconButton
          icon={Rewind}
          label="Play backwards"
          tip="Play backwards (again: faster)"
          shortcut={keys('backwards')}
          onClick={() => usePlayback.getState().shuttle(-1)}
        />
        <IconButton
          icon={playing ? Pause : Play}
          label={playing ? 'Pause' : 'Play'}
          shortcut={keys('play')}
          onClick={() => usePlayback.getState().togglePlay()}
        />
        <output ref={timecode} className="tl-monitor-time" aria-label="Monitor time">
          {formatTimecode(0)}
        </output>
        {rate !== 0 && rate !== 1 && <span className="tl-rate">{rate}×</span>}
        <IconButton
          icon={Repeat}
          label="Loop"
          tip={range ? 'Loop the marked range' : 'Mark a range with I and O to loop it'}
          shortcut={range ? keys('loop') : undefined}
          pressed={loop}
          disabled={!range}
          onClick={() => usePlayback.getState().toggleLoop()}
        />
        <span className="tl-monitor-space" />
        <label className="tl-monitor-zoom">
          <span>Zoom</span>
          <select aria-label="Monitor zoom" value={zoom} onChange={(e) => setZoom(e.target.value as Zoom)}>
            {ZOOMS.map((z) => (
              <option key={z.value} value={z.value}>
                {z.label}
              </option>
            ))}
          </select>
        </label>
        <select
          aria-label="Safe areas"
          value={safeAreas}
          onChange={(e) => setSafeAreas(e.target.value as SafeAreaGuide)}
        >
          {Object.entries(SAFE_AREA_GUIDES).map(([id, { label }]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
        <IconButton
          icon={Crop}
          label="Crop in the monitor"
          tip="Crop the selected clip by its edges in the monitor (again: move, scale and turn it)"
          pressed={cropping}
          onClick={() => setCropping((on) => !on)}
        />
        <IconButton
          icon={large ? Minimize2 : Maximize2}
          label="Bigger monitor"
          tip={large ? 'Back to the usual monitor' : 'Give the monitor more of the screen'}
          pressed={large}
          onClick={onToggleLarge}
        />
        <IconButton
          icon={fullScreen ? Shrink : Expand}
          label="Full screen"
          tip="Full screen (Escape leaves it)"
          pressed={fullScreen}
          onClick={toggleFullScreen}
        />
      </div>
    </section>
  );
}
