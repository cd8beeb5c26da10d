// The grid of assets with their previews; each tile's name is the button that selects it
// (a click anywhere on the tile does the same). Reads on as the end scrolls into view.
import { useMedia } from '../../stores/mediaStore.ts';
import { AssetThumbnail } from './AssetThumbnail.tsx';
import { assetName, assetSummary } from './assetText.ts';
import { LoadMore } from '../../components/LoadMore.tsx';

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

  if (loaded && items.length === 0) return <p className="empty">{emptyText}</p>;
  return (
    <>
      <ul className="asset-grid" aria-label="Media" aria-busy={!loaded}>
        {items.map(({ asset, attached }) => (
          <li
            key={asset.id}
            className={asset.id === selectedId ? 'asset-tile selected' : 'asset-tile'}
            onClick={() => select(asset.id)}
          >
            <AssetThumbnail asset={asset} />
            <button
              type="button"
              className="asset-name"
              aria-pressed={asset.id === selectedId}
              title={assetName(asset)}
            >
              {assetName(asset)}
            </button>
            <span className="asset-meta">
              {assetSummary(asset)}
              {attached && <span className="badge">Brand</span>}
            </span>
          </li>
        ))}
      </ul>
      <MoreMedia />
    </>
  );
}
