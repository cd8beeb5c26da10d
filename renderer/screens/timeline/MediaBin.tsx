// The project's media beside the timeline: drag an item onto a track, or add it at the end
// of the first track that takes it.
import type { DragEvent } from 'react';
import type { Asset } from '../../../shared/api/createTypes.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { addAsset } from './timelineActions.ts';
import { formatTime } from './timelineGeometry.ts';
import { ASSET_DRAG_TYPE } from './TrackLane.tsx';

const USABLE = new Set(['video', 'audio', 'image']);

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
    <section className="tl-bin" aria-labelledby="tl-bin-title">
      <h2 id="tl-bin-title">Media</h2>
      {loading && items.length === 0 && <p role="status">Reading the project’s media…</p>}
      {!loading && items.length === 0 && (
        <p className="tl-hint">This project has no media yet: upload some in Media.</p>
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
              className={`tl-bin-item${asset.kind === 'audio' ? ' tl-bin-audio' : ''}`}
            >
              <span className="tl-bin-name" title={name}>
                {name}
              </span>
              <span className="tl-hint">
                {asset.kind}
                {asset.durationMs ? ` · ${formatTime(asset.durationMs).slice(3)}` : ''}
              </span>
              <button type="button" aria-label={`Add ${name} to timeline`} onClick={() => addAsset(asset)}>
                Add
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
