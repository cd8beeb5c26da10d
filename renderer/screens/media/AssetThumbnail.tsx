// An asset's preview, made in main: the picture (an image, a video frame) or the waveform;
// while it is made, or when there is none, the kind and why.
import { useEffect } from 'react';
import type { Asset } from '../../../shared/api/createTypes.ts';
import { useMediaPreviews } from '../../stores/mediaPreviewStore.ts';
import { assetName, kindName } from './assetText.ts';
import { Waveform } from './Waveform.tsx';

export function AssetThumbnail({
  asset,
  large = false,
}: {
  asset: Pick<Asset, 'id' | 'kind' | 'filename'>;
  large?: boolean;
}) {
  const entry = useMediaPreviews((s) => s.previews[asset.id]);
  const want = useMediaPreviews((s) => s.want);
  const name = assetName(asset as Asset);

  useEffect(() => want(asset.id), [asset.id, want]);

  const className = `media-thumbnail ${large ? 'media-thumbnail-large' : ''} media-thumbnail-${asset.kind ?? 'other'}`;
  if (entry?.status === 'ready' && entry.preview.image)
    return (
      <div className={className}>
        <img src={entry.preview.image} alt={`Preview of ${name}`} />
        {asset.kind === 'video' && <span className="media-thumbnail-badge">Video</span>}
      </div>
    );
  if (entry?.status === 'ready' && entry.preview.peaks)
    return (
      <div className={className}>
        <Waveform peaks={entry.preview.peaks} label={`Waveform of ${name}`} />
      </div>
    );
  const text =
    entry?.status === 'ready'
      ? (entry.preview.unavailable ?? 'No preview')
      : entry?.status === 'failed'
        ? 'No preview could be made'
        : 'Making a preview…';
  return (
    <div
      className={`${className} media-thumbnail-empty`}
      title={entry?.status === 'failed' ? entry.error.message : undefined}
    >
      <span className="media-thumbnail-kind">{kindName(asset.kind)}</span>
      <span className="media-thumbnail-note">{text}</span>
    </div>
  );
}
