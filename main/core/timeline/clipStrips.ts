// What the timeline draws along a clip, made once per asset in main and kept on disk:
// frames along a video (filmstrip.ts) and waveform peaks at a fixed rate per second (the
// Media screen's peak reader, main/core/media/previewMaker.ts, at a finer resolution), so
// the page never decodes media. The asset's bytes are copied once through the workspace's
// client (on the background budget), read, and deleted. An asset's bytes never change, so
// a strip is kept for good. One ffmpeg job at a time: the machine has other work to do.
import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ClipStripSchema, type ClipStrip } from '../../../shared/timeline/timelineViews.ts';
import { readPeaks } from '../media/previewMaker.ts';
import { saveDownload, scopeFolder, TooLarge, type OpenContent } from './assetFiles.ts';
import { filmstrip, probeDurationMs, stillFrame, type Frame } from './filmstrip.ts';

export const PEAKS_PER_SECOND = 20;
const MAX_PEAKS = 40_000;
export const STRIP_MAX_SOURCE_BYTES = 512 * 1024 * 1024;

export interface ClipStripsOptions {
  /** Under the app's data folder. */
  readonly cacheDir: string;
  readonly baseUrlOf: (workspaceId: string) => Promise<string>;
  readonly openContent: OpenContent;
  readonly maxSourceBytes?: number;
}

export interface ClipStrips {
  strip(workspaceId: string, assetId: number): Promise<ClipStrip>;
  close(): Promise<void>;
}

function kindOf(contentType: string): 'image' | 'video' | 'audio' | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return null;
}

const dataUrl = (frame: Frame) => ({
  atMs: frame.atMs,
  image: `data:image/jpeg;base64,${frame.jpeg.toString('base64')}`,
});

export function createClipStrips(options: ClipStripsOptions): ClipStrips {
  const maxBytes = options.maxSourceBytes ?? STRIP_MAX_SOURCE_BYTES;
  const inFlight = new Map<string, Promise<ClipStrip>>();
  const closing = new AbortController();
  let queue: Promise<unknown> = Promise.resolve();

  /** One strip made at a time, in the order asked. */
  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  }

  async function make(workspaceId: string, assetId: number, dir: string): Promise<ClipStrip> {
    const empty = { assetId, durationMs: null, frames: [], peaks: null, peaksPerSecond: PEAKS_PER_SECOND };
    const source = join(dir, `${assetId}.${randomUUID()}.source`);
    try {
      let contentType: string;
      try {
        ({ contentType } = await saveDownload(
          await options.openContent(workspaceId, assetId, closing.signal),
          source,
          maxBytes,
          closing.signal,
        ));
      } catch (err) {
        if (err instanceof TooLarge)
          return { ...empty, unavailable: 'The file is too large to draw along the timeline.' };
        throw err;
      }
      const kind = kindOf(contentType);
      if (kind === 'image') return { ...empty, frames: (await stillFrame(source)).map(dataUrl), unavailable: null };
      const durationMs = await probeDurationMs(source).catch(() => null);
      if (durationMs === null) return { ...empty, unavailable: 'The file could not be read as media.' };
      const count = Math.min(MAX_PEAKS, Math.max(1, Math.round((durationMs / 1000) * PEAKS_PER_SECOND)));
      const peaks = await readPeaks(source, count).catch(() => []);
      const frames = kind === 'video' ? await filmstrip(source, durationMs).catch(() => []) : [];
      return {
        assetId,
        durationMs,
        frames: frames.map(dataUrl),
        peaks: peaks.length > 0 ? peaks : null,
        peaksPerSecond: peaks.length > 0 ? peaks.length / (durationMs / 1000) : PEAKS_PER_SECOND,
        unavailable:
          frames.length === 0 && peaks.length === 0 ? 'The file has neither pictures nor sound to draw.' : null,
      };
    } finally {
      await rm(source, { force: true });
    }
  }

  async function stripOf(workspaceId: string, assetId: number): Promise<ClipStrip> {
    const dir = await scopeFolder(options.cacheDir, workspaceId, await options.baseUrlOf(workspaceId));
    const file = join(dir, `${assetId}.strip.json`);
    const kept = await stat(file).then(
      async () => ClipStripSchema.safeParse(JSON.parse(await readFile(file, 'utf8'))),
      () => null,
    );
    if (kept?.success) return kept.data;
    const strip = await oneAtATime(() => make(workspaceId, assetId, dir));
    // Written whole or not at all; a strip that could not be made is tried again next time.
    if (strip.unavailable === null) {
      const part = `${file}.${randomUUID()}.part`;
      await writeFile(part, JSON.stringify(strip), { mode: 0o600 });
      await rename(part, file);
    }
    return strip;
  }

  return {
    strip(workspaceId, assetId) {
      const key = `${workspaceId}\n${assetId}`;
      let pending = inFlight.get(key);
      if (!pending) {
        // Clips of one asset asking at once share one download.
        pending = stripOf(workspaceId, assetId).finally(() => inFlight.delete(key));
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
