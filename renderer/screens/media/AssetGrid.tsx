// The grid of assets with their previews, as the search, filters and sort show them; each
// tile's name is the button that selects it (a click anywhere on the tile does the same).
// Reads on as the end scrolls into view; while a search or filter leaves assets out, every
// page is read, so what matches is found wherever it is.
import { useEffect, useMemo } from 'react';
import { useMedia } from '../../stores/mediaStore.ts';
import { AssetThumbnail } from './AssetThumbnail.tsx';
import { assetName, assetSummary } from './assetText.ts';
import { LoadMore } from '../../components/LoadMore.tsx';
import { narrows, viewOf } from '../../model/media/mediaFilter.ts';

function MoreMedia() {
  const nextCursor = useMedia((s) => s.nextCursor);
  const loading = useMedia((s) => s.loading);
  const loadMore = useMedia((s) => s.loadMore);
  return <LoadMore hasMore={nextCursor !== null} loading={loading} onLoadMore={loadMore} label="Load more media" />;
}

export function AssetGrid({ emptyText }: { emptyText: string }) {
  const items = useMedia((s) => s.items);
  const loaded = useMedia((s) => s.loaded);
  const selectedId = useMedia((s) => s.selectedId);
  const select = useMedia((s) => s.select);
  const view = useMedia((s) => s.view);
  const nextCursor = useMedia((s) => s.nextCursor);
  const loading = useMedia((s) => s.loading);
  const shown = useMemo(() => viewOf(items, view), [items, view]);
  const narrowed = narrows(view);

  useEffect(() => {
    if (narrowed && loaded && nextCursor !== null && !loading) void useMedia.getState().loadMore();
  }, [narrowed, loaded, nextCursor, loading]);

  if (loaded && items.length === 0) return <p className="media-empty">{emptyText}</p>;
  return (
    <>
      {narrowed && (
        <p className="media-count" role="status">
          {shown.length === 0
            ? 'Nothing here matches: change the search or the filters.'
            : `${shown.length} of ${items.length}${nextCursor !== null ? ' read so far' : ''} shown.`}
        </p>
      )}
      <ul className="media-asset-grid" aria-label="Media" aria-busy={!loaded}>
        {shown.map(({ asset, attached }) => (
          <li
            key={asset.id}
            className={asset.id === selectedId ? 'media-asset-tile media-selected' : 'media-asset-tile'}
            onClick={() => select(asset.id)}
          >
            <AssetThumbnail asset={asset} />
            <button
              type="button"
              className="media-asset-name"
              aria-pressed={asset.id === selectedId}
              title={assetName(asset)}
            >
              {assetName(asset)}
            </button>
            <span className="media-asset-meta">
              {assetSummary(asset)}
              {attached && <span className="media-badge">Brand</span>}
            </span>
          </li>
        ))}
      </ul>
      <MoreMedia />
    </>
  );
}
