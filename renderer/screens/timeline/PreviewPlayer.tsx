// Render preview: an exact render by the service of a range of the timeline (I and O set it
// from the playhead) or of the whole timeline, as jobs (listed in Jobs too), played here.
// The monitor shows the edit live without one; this is the service's own picture of it. A render
// goes after the edits still waiting, against the revision they make, so it shows exactly
// what is on screen.
import { Film, Play } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { useState } from 'react';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';
import { useTimelineMedia, type RenderItem } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { usePlayback } from '../../stores/playbackStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { formatTime, parseTime } from '../../model/timeline/timelineGeometry.ts';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

const STATE_WORDS: Record<string, string> = {
  pending: 'waiting to be sent',
  sent: 'sent',
  queued: 'queued',
  running: 'rendering',
  completed: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

function RangeField({ label, value, onChange }: { label: string; value: number; onChange: (ms: number) => void }) {
  const [text, setText] = useState<string | null>(null);
  return (
    <label className="tl-field tl-field-inline">
      <span>{label}</span>
      <input
        className="tl-timecode"
        value={text ?? formatTime(value)}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          const ms = text === null ? null : parseTime(text);
          if (ms !== null) onChange(ms);
          setText(null);
        }}
      />
    </label>
  );
}

function RenderRow({ item, onPlay }: { item: RenderItem; onPlay: () => void }) {
  const what =
    item.kind === 'full' ? 'Whole timeline' : `Preview ${seconds(item.range!.startMs)}–${seconds(item.range!.endMs)} s`;
  const progress = item.progress !== null && item.state === 'running' ? ` ${Math.round(item.progress * 100)}%` : '';
  return (
    <li className="tl-render">
      <span>
        {what}: {STATE_WORDS[item.state] ?? item.state}
        {progress}
      </span>
      {item.error && <ErrorDetails error={item.error} className="tl-render-error" />}
      {item.state === 'completed' && item.assetId !== null && (
        <>
          <Button size="sm" icon={Play} onClick={onPlay} disabled={item.loading}>
            {item.loading ? 'Loading…' : 'Play'}
          </Button>
          {item.url && (
            <a href={item.url} download={`timeline-${item.kind}-${item.assetId}.mp4`}>
              Download
            </a>
          )}
        </>
      )}
    </li>
  );
}

export function PreviewPlayer() {
  const projectId = useTimeline((s) => s.projectId);
  const duration = useTimeline((s) => s.timeline?.durationMs ?? 0);
  const pending = useTimeline((s) => s.pending.length);
  const reviewing = useTimeline((s) => s.review !== null);
  const range = usePlayback((s) => s.range);
  // Only while no range is marked does the playhead matter here, to a tenth of a second (not every frame it plays).
  const playheadMs = useTimelineView((s) => (range ? 0 : Math.floor(s.playheadMs / 100) * 100));
  const renders = useTimelineMedia((s) => s.renders);
  const [playing, setPlaying] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // A render started or played here opens the panel to show it.
  const shown = open || renders.length > 0;
  const start = range?.startMs ?? Math.min(playheadMs, Math.max(0, duration - 5000));
  const end = range?.endMs ?? Math.min(duration, start + 5000);
  const current = renders.find((r) => r.intentId === playing && r.url) ?? renders.find((r) => r.url);
  const setRange = (next: { startMs: number; endMs: number }) => usePlayback.getState().setRange(next);

  function render(kind: RenderItem['kind']) {
    if (projectId === null) return;
    const revision = useTimeline.getState().expectedRevision() ?? undefined;
    void useTimelineMedia
      .getState()
      .render(
        projectId,
        kind,
        kind === 'preview' ? { startMs: Math.round(start), endMs: Math.round(Math.min(end, duration)) } : null,
        revision,
      );
  }

  return (
    <section className="tl-player" aria-labelledby="tl-player-title">
      <details open={shown} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <h2 id="tl-player-title">Render preview</h2>
          <span className="tl-hint"> — the service's exact render of a range (I and O mark it), as a job</span>
        </summary>
        {current?.url && (
          <video
            key={current.url}
            className="tl-video"
            src={current.url}
            controls
            autoPlay
            muted={false}
            aria-label="Rendered preview"
          />
        )}
        <div className="tl-player-controls">
          <RangeField
            label="From"
            value={start}
            onChange={(ms) => setRange({ startMs: ms, endMs: Math.max(end, ms + 100) })}
          />
          <RangeField
            label="To"
            value={end}
            onChange={(ms) => setRange({ startMs: Math.min(start, ms - 100), endMs: ms })}
          />
          <Button
            size="sm"
            variant="primary"
            icon={Film}
            disabled={duration === 0 || end <= start || reviewing}
            onClick={() => render('preview')}
          >
            Render preview
          </Button>
          <Button size="sm" disabled={duration === 0 || reviewing} onClick={() => render('full')}>
            Render whole timeline
          </Button>
        </div>
        {pending > 0 && <p className="tl-hint">Renders go after the {pending} edit(s) still being saved.</p>}
        {renders.length > 0 && (
          <ul className="tl-renders" aria-label="Renders">
            {renders.map((item) => (
              <RenderRow
                key={item.intentId}
                item={item}
                onPlay={() => {
                  setPlaying(item.intentId);
                  void useTimelineMedia.getState().play(item.intentId);
                }}
              />
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}
