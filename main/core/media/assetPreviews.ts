// Previews of assets for the media grid, made in main and cached on disk: the asset's bytes
// are read once through the workspace's client (GET /assets/{id}/content, on the key's
// budget), ffmpeg turns them into a small JPEG or waveform peaks (previewMaker.ts), and the
// bytes are deleted. An asset's bytes never change, so a preview is kept for good, per
// workspace and service address (two accounts' asset 7 are different files). At most a
// couple of ffmpeg runs at once: the machine has other work to do.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatBytes } from '../../../shared/mediaTypes.ts';
import type { AssetPreview } from '../../../shared/mediaViews.ts';
import type { HttpDownload } from '../api/httpClient.ts';
import { makeThumbnail, readPeaks, WAVEFORM_PEAKS } from './previewMaker.ts';

export interface AssetPreviewsOptions {
  /** Where previews are kept (under the app's data folder). */
  readonly cacheDir: string;
  /** The workspace's service address now: part of the cache key. */
  readonly scopeOf: (workspaceId: string) => Promise<string>;
  /** GET /assets/{id}/content on the workspace's service. */
  readonly openContent: (workspaceId: string, assetId: number, signal: AbortSignal) => Promise<HttpDownload>;
  /** Larger files get no preview (they would be read whole for one frame). */
  readonly maxSourceBytes?: number;
  /** ffmpeg runs at once. */
  readonly concurrency?: number;
}

export interface AssetPreviews {
  preview(workspaceId: string, assetId: number): Promise<AssetPreview>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_SOURCE_BYTES = 512 * 1024 * 1024;

type Made = { image: Buffer } | { peaks: number[] } | { unavailable: string };

class TooLarge extends Error {}

/** Passes bytes on until more than `max` went through. */
function capped(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > max ? new TooLarge() : null, chunk);
    },
  });
}

function kindOf(contentType: string | null): 'image' | 'video' | 'audio' | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return null;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

export function createAssetPreviews(options: AssetPreviewsOptions): AssetPreviews {
  const maxSourceBytes = options.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES;
  const concurrency = options.concurrency ?? 2;
  const inFlight = new Map<string, Promise<AssetPreview>>();
  const closing = new AbortController();
  let running = 0;
  const queue: (() => void)[] = [];

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((resolve) => queue.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      queue.shift()?.();
    }
  }

  async function folderOf(workspaceId: string): Promise<string> {
    const scope = createHash('sha256')
      .update(`${workspaceId}\n${await options.scopeOf(workspaceId)}`)
      .digest('hex')
      .slice(0, 24);
    const dir = join(options.cacheDir, scope);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  /** Writes whole or not at all: a crash never leaves half a preview to be read later. */
  async function keep(path: string, data: Buffer | string): Promise<void> {
    const part = `${path}.${randomUUID()}.part`;
    await writeFile(part, data, { mode: 0o600 });
    await rename(part, path);
  }

  async function cached(dir: string, assetId: number): Promise<AssetPreview | null> {
    const image = join(dir, `${assetId}.jpg`);
    if (await exists(image)) return toPreview(assetId, { image: await readFile(image) });
    const peaks = join(dir, `${assetId}.peaks.json`);
    if (await exists(peaks))
      return toPreview(assetId, { peaks: JSON.parse(await readFile(peaks, 'utf8')) as number[] });
    return null;
  }

  async function make(workspaceId: string, assetId: number, dir: string): Promise<Made> {
    const download = await options.openContent(workspaceId, assetId, closing.signal);
    const kind = kindOf(download.contentType);
    if (download.contentLength !== null && download.contentLength > maxSourceBytes) {
      // Not read at all: dropped (undici reports the drop as an error nobody needs).
      download.body.on('error', () => {}).destroy();
      return { unavailable: `No preview: the file is ${formatBytes(download.contentLength)}, too large to read here.` };
    }
    const source = join(dir, `${assetId}.${randomUUID()}.source`);
    try {
      try {
        await pipeline(download.body, capped(maxSourceBytes), createWriteStream(source, { mode: 0o600 }), {
          signal: closing.signal,
        });
      } catch (err) {
        if (err instanceof TooLarge)
          return { unavailable: `No preview: the file is larger than ${formatBytes(maxSourceBytes)}.` };
        throw err;
      }
      if (kind === 'audio') return { peaks: await readPeaks(source, WAVEFORM_PEAKS) };
      const thumbnail = join(dir, `${assetId}.${randomUUID()}.jpg`);
      try {
        await makeThumbnail(source, thumbnail, kind === 'image' ? 'image' : 'video');
        return { image: await readFile(thumbnail) };
      } catch {
        // A video without pictures (or media of a type we did not expect) may still have sound.
        if (kind === 'image') return { unavailable: 'No preview: the image could not be read.' };
        const peaks = await readPeaks(source, WAVEFORM_PEAKS).catch(() => null);
        return peaks && peaks.length > 0
          ? { peaks }
          : { unavailable: 'No preview: the file could not be read as media.' };
      } finally {
        await rm(thumbnail, { force: true });
      }
    } finally {
      await rm(source, { force: true });
    }
  }

  async function previewOf(workspaceId: string, assetId: number): Promise<AssetPreview> {
    const dir = await folderOf(workspaceId);
    const hit = await cached(dir, assetId);
    if (hit) return hit;
    const made = await slot(() => make(workspaceId, assetId, dir));
    if ('image' in made) await keep(join(dir, `${assetId}.jpg`), made.image);
    if ('peaks' in made) await keep(join(dir, `${assetId}.peaks.json`), JSON.stringify(made.peaks));
    return toPreview(assetId, made);
  }

  return {
    preview(workspaceId, assetId) {
      const key = `${workspaceId}\n${assetId}`;
      let pending = inFlight.get(key);
      if (!pending) {
        // Two tiles (or a tile and the details pane) asking at once share one download.
        pending = previewOf(workspaceId, assetId).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
    async close() {
      closing.abort();
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}

function toPreview(assetId: number, made: Made): AssetPreview {
  return {
    assetId,
    image: 'image' in made ? `data:image/jpeg;base64,${made.image.toString('base64')}` : null,
    peaks: 'peaks' in made ? made.peaks : null,
    unavailable: 'unavailable' in made ? made.unavailable : null,
  };
}
