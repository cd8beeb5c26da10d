// An asset played in place, with the browser's own controls (play, pause, a scrubbing bar,
// volume; all usable from the keyboard): video as video, audio under its waveform, an image
// as itself (large: the file itself, not its preview). What plays comes from main's media cache (the same the monitor reads: fetched
// once, a light proxy for heavy sources), so it plays offline once read.
import { useEffect, useState } from 'react';
import type { Asset } from '../../../shared/api/createTypes.ts';
import { usePreviewMedia } from '../../stores/previewMediaStore.ts';
import { AssetThumbnail } from './AssetThumbnail.tsx';
import { assetName } from './assetText.ts';

function preparing(state: string | undefined, progress: number | null | undefined): string {
  const share = typeof progress === 'number' ? ` ${Math.round(progress * 100)}%` : '';
  if (state === 'fetching') return `Reading the media to play it…${share}`;
  if (state === 'proxying') return `Making a light copy to play smoothly…${share}`;
  return 'Getting the media ready to play…';
}

export function MediaPlayer({
  asset,
  large = false,
}: {
  asset: Pick<Asset, 'id' | 'kind' | 'filename'>;
  large?: boolean;
}) {
  const playable = asset.kind === 'video' || asset.kind === 'audio' || (large && asset.kind === 'image');
  const media = usePreviewMedia((s) => (playable ? s.media.get(asset.id) : undefined));
  const name = assetName(asset as Asset);
  // The first address that plays is kept: a proxy finished meanwhile must not restart what plays.
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (playable) usePreviewMedia.getState().want([asset.id]);
  }, [asset.id, playable]);
  useEffect(() => {
    if (url === null && media?.url) setUrl(media.url);
  }, [url, media?.url]);

  if (!playable) return <AssetThumbnail asset={asset} large />;
  const className = `media-player${large ? ' media-player-large' : ''}`;
  if (url === null)
    return (
      <div className={className}>
        <AssetThumbnail asset={asset} large />
        <p className="media-player-note" role="status">
          {media?.state === 'unavailable'
            ? `It cannot be played here: ${media.message ?? 'the media could not be read'}.`
            : preparing(media?.state, media?.progress)}
        </p>
      </div>
    );
  return (
    <div className={className}>
      {asset.kind === 'image' ? (
        <img src={url} alt={name} />
      ) : asset.kind === 'video' ? (
        <video src={url} controls preload="metadata" aria-label={`Play ${name}`} />
      ) : (
        <>
          <AssetThumbnail asset={asset} large />
          <audio src={url} controls preload="metadata" aria-label={`Play ${name}`} />
        </>
      )}
    </div>
  );
}
