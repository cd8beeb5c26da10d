// The project's media beside the timeline, as tiles: a picture (a frame, the image, or the
// waveform), the full name (wrapped, never cut), the kind and length. Drag a tile onto a
// track, or add it at the end of the first track that takes it.
import { AudioLines, Film, Image as ImageIcon, Images, Plus } from 'lucide-react';
import { useEffect, type DragEvent } from 'react';
import type { Asset } from '../../../shared/api/createTypes.ts';
import { IconButton } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useMediaPreviews } from '../../stores/mediaPreviewStore.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { addAsset } from './timelineActions.ts';
import { formatTime } from '../../model/timeline/timelineGeometry.ts';
import { ASSET_DRAG_TYPE } from './TrackLane.tsx';

const USABLE = new Set(['video', 'audio', 'image']);
const KIND_ICON = { video: Film, audio: AudioLines, image: ImageIcon } as const;

/** The tile's picture; decorative (the tile names the asset). */
function BinPicture({ asset }: { asset: Asset }) {
  const entry = useMediaPreviews((s) => s.previews[asset.id]);
  const want = useMediaPreviews((s) => s.want);
  useEffect(() => want(asset.id), [asset.id, want]);
  const preview = entry?.status === 'ready' ? entry.preview : null;
  const Icon = KIND_ICON[asset.kind as keyof typeof KIND_ICON] ?? Film;
  return (
    <div className={`tl-bin-picture tl-bin-picture-${asset.kind}`} aria-hidden="true">
      {preview?.image ? (
        <img src={preview.image} alt="" draggable={false} />
      ) : preview?.peaks ? (
        <svg viewBox={`0 0 ${Math.max(preview.peaks.length, 1)} 100`} preserveAspectRatio="none">
          {preview.peaks.map((peak, i) => {
            const height = Math.max(2, peak * 90);
            return <rect key={i} x={i + 0.15} width={0.7} y={50 - height / 2} height={height} />;
          })}
        </svg>
      ) : (
        <Icon className="tl-bin-picture-icon" />
      )}
      {asset.durationMs ? <span className="tl-bin-duration">{formatTime(asset.durationMs).slice(3, 8)}</span> : null}
    </div>
  );
}

export function MediaBin() {
  const assets = useTimelineMedia((s) => s.assets);
  const loading = useTimelineMedia((s) => s.assetsLoading);
  const items = [...assets.values()].filter((a) => USABLE.has(a.kind ?? ''));

  function onDragStart(event: DragEvent<HTMLLIElement>, asset: Asset) {
    event.dataTransfer.setData(ASSET_DRAG_TYPE, String(asset.id));
    event.dataTransfer.effectAllowed = 'copy';
    useTimelineView.getState().setDraggedAsset(asset.id);
  }

  return (
    <section className="tl-pane tl-bin" aria-labelledby="tl-bin-title">
      <h2 id="tl-bin-title" className="tl-pane-title">
        Media
      </h2>
      <div className="tl-pane-body">
        {loading && items.length === 0 && (
          <p role="status" className="tl-hint">
            Reading the project’s media…
          </p>
        )}
        {!loading && items.length === 0 && (
          <EmptyState compact icon={Images} title="No media yet">
            Upload video, audio or images in Media; they appear here to drag onto the tracks.
          </EmptyState>
        )}
        <ul className="tl-bin-list" aria-label="Project media">
          {items.map((asset) => {
            const name = asset.filename ?? `Asset ${asset.id}`;
            return (
              <li
                key={asset.id}
                draggable
                onDragStart={(event) => onDragStart(event, asset)}
                onDragEnd={() => useTimelineView.getState().setDraggedAsset(null)}
                className={`tl-bin-item tl-bin-${asset.kind}`}
              >
                <BinPicture asset={asset} />
                <span className="tl-bin-name">{name}</span>
                <span className="tl-bin-meta">
                  {asset.kind}
                  {asset.durationMs ? ` · ${formatTime(asset.durationMs).slice(3)}` : ''}
                </span>
                <IconButton
                  icon={Plus}
                  size="sm"
                  variant="secondary"
                  className="tl-bin-add"
                  label={`Add ${name} to timeline`}
                  tip="Add at the end of the timeline"
                  onClick={() => addAsset(asset)}
                />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
