// How an asset's facts read on screen.
import type { Asset } from '../../../shared/api/createTypes.ts';
import { formatBytes } from '../../../shared/mediaTypes.ts';

export function assetName(asset: Asset): string {
  return asset.filename ?? `Asset ${asset.id}`;
}

const KIND_NAMES: Record<string, string> = { image: 'Image', video: 'Video', audio: 'Audio' };

/** "Image", "Video", …; an unknown kind as it came. */
export function kindName(kind: string | undefined): string {
  return kind ? (KIND_NAMES[kind] ?? kind) : 'Unknown kind';
}

/** "1:05", "0:02.4" (tenths under ten seconds). */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  const secondsText = seconds < 10 ? rest.toFixed(1).padStart(4, '0') : String(Math.floor(rest)).padStart(2, '0');
  return `${minutes}:${secondsText}`;
}

/** "Image · 12.3 KiB · 640×480" for a tile. */
export function assetSummary(asset: Asset): string {
  const parts = [kindName(asset.kind)];
  if (asset.sizeBytes !== undefined) parts.push(formatBytes(asset.sizeBytes));
  if (asset.durationMs) parts.push(formatDuration(asset.durationMs));
  return parts.join(' · ');
}
