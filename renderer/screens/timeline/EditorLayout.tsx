// The editor's panels, as in Premiere or Resolve: the media bin, the monitor and the
// inspector side by side on top, the tracks across the whole width below them, and the
// tools around the timeline docked at the bottom. Every boundary is a Splitter (drag, or
// the keyboard); sizes are kept in the preferences. The tracks come first: whatever is open
// and however small the window, they keep room for at least three tracks — the panels above
// and below give way (their maximum is what is left, and the grid row of the top panels can
// shrink to nothing before the tracks' row shrinks below its minimum). A frame taller than
// wide (9:16) is limited by the monitor's height, not its width: until the user sizes the
// panels, such a monitor takes the height the tracks (three lanes) and the dock at its
// smallest leave, so a vertical frame is not a sliver in a wide, short panel. After the
// tracks, the monitor comes before the dock: until the user sizes the panels, the top row
// keeps MONITOR_SHARE of the height and the dock's first size gives way (a 1280×720 window
// left the monitor 60 px of picture under a long Inspector); the Inspector scrolls inside
// its panel, never taller than the row.
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { clampSize, Splitter } from '../../components/Splitter.tsx';
import { useElementSize } from '../../components/useElementSize.ts';
import { usePanelSize } from '../../stores/preferencesStore.ts';
import { LANE_HEIGHT } from './TrackLane.tsx';

/** The ruler, three lanes and a horizontal scroll bar. */
export const TRACKS_MIN_PX = 28 + 3 * LANE_HEIGHT + 14;
/** Until the user sizes it, the top panels take a little over half of what the dock leaves (the tracks keep three lanes). */
const TOP = { share: 0.55, min: 140 };
const BIN = { fallback: 240, min: 160 };
const INSPECTOR = { fallback: 300, min: 220 };
/** The dock's first size: room for a transcript's lines, but never more than a quarter of a short window (the monitor comes first). */
const DOCK = { fallback: 220, share: 0.25, min: 80 };
/** Until the user sizes the panels, the top row (the monitor) keeps this share of the height; the dock gives way first. */
const MONITOR_SHARE = 0.4;
/** What the monitor keeps however wide the side panels are. */
const MONITOR_MIN_PX = 320;
/** The dock's tab row (with the clip and its actions) and borders, about. */
const DOCK_CHROME_PX = 40;
const SPLITTER_PX = 5;

export interface EditorLayoutProps {
  bin: ReactNode;
  monitor: ReactNode;
  inspector: ReactNode;
  tracks: ReactNode;
  /** The tools around the timeline; `dockOpen` says whether their panels are shown. */
  dock: ReactNode;
  dockOpen: boolean;
  /** The monitor takes the whole top row and as much height as the tracks leave. */
  largeMonitor?: boolean;
  /** The project's frame is taller than wide: the monitor's first size is as tall as it may be. */
  tallFrame?: boolean;
}

export function EditorLayout({
  bin,
  monitor,
  inspector,
  tracks,
  dock,
  dockOpen,
  largeMonitor = false,
  tallFrame = false,
}: EditorLayoutProps) {
  const body = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(body);

  const dockMax = Math.max(DOCK.min, height - TOP.min - TRACKS_MIN_PX - DOCK_CHROME_PX - 2 * SPLITTER_PX);
  const topFloor = Math.round(height * MONITOR_SHARE);
  const dockRoom = height - topFloor - TRACKS_MIN_PX - DOCK_CHROME_PX - 2 * SPLITTER_PX;
  const dockFallback = tallFrame
    ? DOCK.min
    : Math.max(DOCK.min, Math.min(DOCK.fallback, Math.round(height * DOCK.share), dockRoom));
  const dockSize = clampSize(usePanelSize('timeline.dock', dockFallback), DOCK.min, dockMax);
  const dockTotal = dock === null ? 0 : DOCK_CHROME_PX + (dockOpen ? dockSize + SPLITTER_PX : 0);
  const topMax = Math.max(TOP.min, height - TRACKS_MIN_PX - dockTotal - SPLITTER_PX);
  const topFallback = tallFrame ? topMax : Math.max(TOP.min, topFloor, Math.round((height - dockTotal) * TOP.share));
  const wanted = clampSize(usePanelSize('timeline.top', topFallback), TOP.min, topMax);
  const topSize = largeMonitor ? topMax : wanted;

  const inspectorPref = usePanelSize('timeline.inspector', INSPECTOR.fallback);
  const binPref = usePanelSize('timeline.bin', BIN.fallback);
  const sidesMax = Math.max(0, width - MONITOR_MIN_PX - 2 * SPLITTER_PX);
  const binMax = Math.max(BIN.min, sidesMax - Math.min(inspectorPref, sidesMax - BIN.min));
  const binSize = clampSize(binPref, BIN.min, binMax);
  const inspectorMax = Math.max(INSPECTOR.min, sidesMax - binSize);
  const inspectorSize = clampSize(inspectorPref, INSPECTOR.min, inspectorMax);

  const style = {
    '--tl-top': `${topSize}px`,
    '--tl-bin': `${binSize}px`,
    '--tl-inspector': `${inspectorSize}px`,
    '--tl-dock': `${dockSize}px`,
    '--tl-tracks-min': `${TRACKS_MIN_PX}px`,
  } as CSSProperties;

  return (
    <div
      ref={body}
      className={['tl-layout', !dockOpen && 'is-dock-closed', largeMonitor && 'is-large-monitor']
        .filter(Boolean)
        .join(' ')}
      style={style}
    >
      {largeMonitor ? (
        // The bigger monitor: the side panels step aside, the monitor is as tall as the tracks allow.
        <div id="tl-panel-top" className="tl-layout-top">
          <div className="tl-layout-monitor">{monitor}</div>
        </div>
      ) : (
        <div id="tl-panel-top" className="tl-layout-top">
          <div id="tl-panel-bin" className="tl-layout-bin">
            {bin}
          </div>
          <Splitter
            panel="timeline.bin"
            label="Media bin width"
            controls="tl-panel-bin"
            orientation="vertical"
            side="start"
            size={binSize}
            min={BIN.min}
            max={binMax}
            defaultSize={BIN.fallback}
          />
          <div className="tl-layout-monitor">{monitor}</div>
          <Splitter
            panel="timeline.inspector"
            label="Inspector width"
            controls="tl-panel-inspector"
            orientation="vertical"
            side="end"
            size={inspectorSize}
            min={INSPECTOR.min}
            max={inspectorMax}
            defaultSize={INSPECTOR.fallback}
          />
          <div id="tl-panel-inspector" className="tl-layout-inspector">
            {inspector}
          </div>
        </div>
      )}
      {largeMonitor ? (
        <div className="tl-layout-gap" />
      ) : (
        <Splitter
          panel="timeline.top"
          label="Height of the panels above the tracks"
          controls="tl-panel-top"
          orientation="horizontal"
          side="start"
          size={topSize}
          min={TOP.min}
          max={topMax}
          defaultSize={topFallback}
        />
      )}
      <div className="tl-layout-tracks">{tracks}</div>
      {dockOpen && (
        <Splitter
          panel="timeline.dock"
          label="Height of the tools around the timeline"
          controls="pr-dock-panel"
          orientation="horizontal"
          side="end"
          size={dockSize}
          min={DOCK.min}
          max={dockMax}
          defaultSize={dockFallback}
        />
      )}
      {dock !== null && <div className="tl-layout-dock">{dock}</div>}
    </div>
  );
}
