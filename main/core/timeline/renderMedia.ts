// A render's video for the timeline's player: copied once from the service into the app's
// data folder, then handed to the page in chunks it joins into a Blob. Both transports
// (Electron IPC, browser mode's socket) carry it the same way, and the key stays in main.
import { open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaChunk } from '../../../shared/timeline/timelineViews.ts';
import { appFailure } from '../errors/appErrors.ts';
import { saveDownload, scopeFolder, TooLarge, type OpenContent } from './assetFiles.ts';

/** Each chunk's size before base64; the socket frame stays well under a megabyte. */
export const MEDIA_CHUNK_BYTES = 384 * 1024;
export const RENDER_MAX_BYTES = 512 * 1024 * 1024;
/** Renders kept for playing; the oldest go first. */
const KEEP_RENDERS = 20;

export interface RenderMediaOptions {
  readonly cacheDir: string;
  readonly baseUrlOf: (workspaceId: string) => Promise<string>;
  readonly openContent: OpenContent;
}

export interface RenderMedia {
  chunk(workspaceId: string, assetId: number, offset: number): Promise<MediaChunk>;
  close(): void;
}

const TYPE_FILE = (assetId: number) => `${assetId}.type`;

export function createRenderMedia(options: RenderMediaOptions): RenderMedia {
  const copying = new Map<string, Promise<void>>();
  const closing = new AbortController();

  async function prune(dir: string): Promise<void> {
    const names = (await readdir(dir)).filter((n) => n.endsWith('.media'));
    if (names.length <= KEEP_RENDERS) return;
    const dated = await Promise.all(names.map(async (name) => ({ name, at: (await stat(join(dir, name))).mtimeMs })));
    for (const { name } of dated.sort((a, b) => a.at - b.at).slice(0, names.length - KEEP_RENDERS))
      await rm(join(dir, name), { force: true });
  }

  async function copy(workspaceId: string, assetId: number, dir: string): Promise<void> {
    const path = join(dir, `${assetId}.media`);
    try {
      const { contentType } = await saveDownload(
        await options.openContent(workspaceId, assetId, closing.signal),
        path,
        RENDER_MAX_BYTES,
        closing.signal,
      );
      await writeFile(join(dir, TYPE_FILE(assetId)), contentType, { mode: 0o600 });
    } catch (err) {
      if (err instanceof TooLarge)
        throw appFailure('feature.unavailable', 'This render is too large to play here: download it instead.');
      throw err;
    }
    await prune(dir);
  }

  return {
    async chunk(workspaceId, assetId, offset) {
      const dir = await scopeFolder(options.cacheDir, workspaceId, await options.baseUrlOf(workspaceId));
      const path = join(dir, `${assetId}.media`);
      const have = await stat(path).then(
        () => true,
        () => false,
      );
      if (!have) {
        const key = `${workspaceId}\n${assetId}`;
        let pending = copying.get(key);
        if (!pending) {
          pending = copy(workspaceId, assetId, dir).finally(() => copying.delete(key));
          copying.set(key, pending);
        }
        await pending;
      }
      const handle = await open(path, 'r');
      try {
        const { size } = await handle.stat();
        const length = Math.max(0, Math.min(MEDIA_CHUNK_BYTES, size - offset));
        const buffer = Buffer.alloc(length);
        if (length > 0) await handle.read(buffer, 0, length, offset);
        const contentType = await readFile(join(dir, TYPE_FILE(assetId)), 'utf8').catch(() => 'video/mp4');
        return {
          assetId,
          offset,
          totalBytes: size,
          contentType,
          data: buffer.toString('base64'),
          done: offset + length >= size,
        };
      } finally {
        await handle.close();
      }
    },
    close() {
      closing.abort();
    },
  };
}
