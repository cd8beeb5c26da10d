// The media cache (DESIGN.md "What the app keeps"): what the live monitor plays, held on
// this computer. Each asset's content is copied once from the service (contentFetch.ts:
// ranged, resumable, checked against its ETag), read with ffprobe, and when the page could
// not play it smoothly a proxy is made once (proxyMaker.ts). The page reads the result
// through the app itself — a capability URL `/media/<ticket>` that the transports serve
// with Range (main/electron/appProtocol.ts, main/browserMode/) — never with a key and never
// from the service. Everything lives under a size limit the user sets (Settings), oldest
// evicted first; a cached asset plays offline. Progress goes out as `preview.media` events.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { toAppError } from '../../../shared/appError.ts';
import type { MediaCacheUsage, PreviewMedia } from '../../../shared/preview/previewMedia.ts';
import {
  ensureFolder,
  evictToFit,
  exists,
  listEntries,
  MANIFEST_VERSION,
  proxyPath,
  readManifest,
  sourcePath,
  writeManifest,
  type Manifest,
} from './cacheEntries.ts';
import { ContentMismatch, ContentTooLarge, fetchContent, type OpenContentRange } from './contentFetch.ts';
import { mediaInfoOf, probeMedia } from './mediaProbe.ts';
import { makeProxy, proxyFormat, proxyPlan } from './proxyMaker.ts';

/** The path the transports serve cached media under. */
export const MEDIA_PATH_PREFIX = '/media/';
const TICKET = /^[A-Za-z0-9_-]{43}$/;
/** An asset used this recently is not evicted (the monitor may be reading it). */
export const PIN_MS = 2 * 60_000;
/** How often a use is written to the manifest (eviction's order needs no finer grain). */
const TOUCH_EVERY_MS = 60_000;
/** Progress events at most this often per asset. */
const PROGRESS_EVERY_MS = 250;
const FETCHES_AT_ONCE = 2;
const NETWORK = new Set(['network.unreachable', 'network.timeout', 'network.connection_lost']);

export interface MediaCacheOptions {
  /** The cache's folder, under the app's data folder. */
  readonly root: string;
  /** What makes two workspaces' asset 7 different files (workspace and service); known offline. */
  readonly scopeOf: (workspaceId: string) => string;
  /** GET /assets/{id}/content of the workspace's service, whole or from a byte on. */
  readonly openContent: (
    workspaceId: string,
    assetId: number,
    range: Parameters<OpenContentRange>[0],
    signal: AbortSignal,
  ) => ReturnType<OpenContentRange>;
  /** The user's limit now (Settings). */
  readonly limitBytes: () => number;
  readonly emit: (workspaceId: string, media: PreviewMedia) => void;
  readonly log?: (line: string) => void;
  readonly now?: () => number;
}

/** A cached file the page may read: what a ticket names. */
export interface ServedMedia {
  readonly path: string;
  readonly size: number;
  readonly contentType: string;
}

export interface MediaCache {
  /** Where the asset's media stands now; the work it needs goes on, told by events. */
  prepare(workspaceId: string, assetId: number): Promise<PreviewMedia>;
  /** The file behind a `/media/<ticket>` URL; null for a ticket this run did not issue, or a file gone. */
  open(ticket: string): Promise<ServedMedia | null>;
  usage(): Promise<MediaCacheUsage>;
  /** Evicts until the cache fits the limit (after the user lowered it). */
  fit(): Promise<MediaCacheUsage>;
  /** Removes everything not in use. */
  clear(): Promise<MediaCacheUsage>;
  close(): Promise<void>;
}

type Variant = 'original' | 'proxy';

interface Ticket {
  readonly key: string;
  readonly path: string;
  readonly contentType: string;
}

/** A limited number of tasks at once, the rest queued in order. */
function limiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export function createMediaCache(options: MediaCacheOptions): MediaCache {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const closing = new AbortController();
  /** Assets being fetched or proxied, by key, with what was last told about them. */
  const working = new Map<string, { view: PreviewMedia; done: Promise<void> }>();
  const lastUsed = new Map<string, number>();
  const tickets = new Map<string, Ticket>();
  const ticketOf = new Map<string, string>();
  const fetchSlot = limiter(FETCHES_AT_ONCE);
  const proxySlot = limiter(1);

  const folderName = (workspaceId: string) =>
    createHash('sha256')
      .update(`${workspaceId}\n${options.scopeOf(workspaceId)}`)
      .digest('hex')
      .slice(0, 24);

  const pinned = (key: string) => working.has(key) || now() - (lastUsed.get(key) ?? 0) < PIN_MS;

  function urlFor(key: string, variant: Variant, path: string, contentType: string): string {
    const id = `${key}/${variant}`;
    let ticket = ticketOf.get(id);
    if (!ticket) {
      ticket = randomBytes(32).toString('base64url');
      ticketOf.set(id, ticket);
    }
    tickets.set(ticket, { key, path, contentType });
    return `${MEDIA_PATH_PREFIX}${ticket}`;
  }

  function readyView(key: string, dir: string, manifest: Manifest): PreviewMedia {
    const proxied = manifest.proxy !== null;
    return {
      assetId: manifest.assetId,
      state: 'ready',
      progress: null,
      url: proxied
        ? urlFor(key, 'proxy', proxyPath(dir, manifest.assetId), proxyFormat(manifest.source).contentType)
        : urlFor(key, 'original', sourcePath(dir, manifest.assetId), manifest.contentType),
      variant: proxied ? 'proxy' : 'original',
      info: manifest.proxy ?? mediaInfoOf(manifest.source),
      message: null,
    };
  }

  async function touch(dir: string, key: string, manifest: Manifest): Promise<void> {
    const at = now();
    lastUsed.set(key, at);
    if (at - manifest.lastUsedAt < TOUCH_EVERY_MS) return;
    await writeManifest(dir, { ...manifest, lastUsedAt: at }).catch((err: unknown) =>
      log(`media cache: last use of ${key} not noted (${String(err)})`),
    );
  }

  async function fit(): Promise<MediaCacheUsage> {
    const limitBytes = options.limitBytes();
    const result = await evictToFit(options.root, limitBytes, pinned);
    if (result.evicted.length > 0) {
      for (const [ticket, served] of tickets) if (result.evicted.includes(served.key)) tickets.delete(ticket);
      log(`media cache: evicted ${result.evicted.length} asset(s) to fit ${limitBytes} bytes`);
    }
    return { usedBytes: result.usedBytes, limitBytes, entries: result.entries };
  }

  /** Fetches, reads and (if needed) proxies one asset, telling each step. */
  async function work(workspaceId: string, assetId: number, key: string, dir: string): Promise<void> {
    let lastTold = 0;
    const tell = (view: PreviewMedia, force = true) => {
      const entry = working.get(key);
      if (entry) entry.view = view;
      if (!force && now() - lastTold < PROGRESS_EVERY_MS) return;
      lastTold = now();
      options.emit(workspaceId, view);
    };
    const base = { assetId, url: null, variant: null, info: null, message: null } as const;
    try {
      let manifest = await readManifest(dir, assetId);
      const source = sourcePath(dir, assetId);
      if (!manifest || !(await exists(source))) {
        const fetched = await fetchSlot(() =>
          fetchContent({
            open: (range, signal) => options.openContent(workspaceId, assetId, range, signal),
            path: source,
            maxBytes: options.limitBytes(),
            signal: closing.signal,
            onProgress: (received, total) =>
              tell({ ...base, state: 'fetching', progress: total ? received / total : null }, false),
          }),
        );
        const probe = await probeMedia(source, fetched.contentType);
        manifest = {
          version: MANIFEST_VERSION,
          assetId,
          etag: fetched.etag,
          contentType: fetched.contentType,
          source: probe,
          proxyPlan: proxyPlan(probe),
          proxy: null,
          lastUsedAt: now(),
        };
        await writeManifest(dir, manifest);
      }
      if (manifest.proxyPlan !== null && manifest.proxy === null) {
        const plan = manifest.proxyPlan;
        const reason = plan.reason;
        // While the proxy is made the original plays, when it plays at all (slowly, or with slightly wrong colours).
        const original = plan.originalPlays
          ? {
              url: urlFor(key, 'original', source, manifest.contentType),
              variant: 'original' as const,
              info: mediaInfoOf(manifest.source),
            }
          : { url: null, variant: null, info: null };
        const proxying = {
          ...base,
          ...original,
          state: 'proxying' as const,
          message: `A proxy is being made: ${reason}.`,
        };
        tell({ ...proxying, progress: 0 });
        const made = `${proxyPath(dir, assetId)}.${randomUUID()}.part`;
        const probe = manifest.source;
        try {
          await proxySlot(() =>
            makeProxy(source, made, probe, plan, {
              signal: closing.signal,
              onProgress: (share) => tell({ ...proxying, progress: share }, false),
            }),
          );
          const proxy = mediaInfoOf(await probeMedia(made, 'video/mp4'));
          await rename(made, proxyPath(dir, assetId));
          manifest = { ...manifest, proxy };
          await writeManifest(dir, manifest);
        } finally {
          await rm(made, { force: true });
        }
      }
      lastUsed.set(key, now());
      const ready = readyView(key, dir, manifest);
      working.delete(key);
      options.emit(workspaceId, ready);
      await fit();
    } catch (err) {
      working.delete(key);
      if (closing.signal.aborted) return;
      options.emit(workspaceId, { ...base, state: 'unavailable', progress: null, message: whyUnavailable(err) });
    }
  }

  function whyUnavailable(err: unknown): string {
    if (err instanceof ContentTooLarge)
      return `This media is larger than the media cache's limit (${Math.round(err.maxBytes / 2 ** 20)} MiB): raise it in Settings to watch it here.`;
    if (err instanceof ContentMismatch)
      return `The copy of this media was damaged and thrown away (${err.message}) — it is fetched again next time.`;
    const error = toAppError(err);
    if (NETWORK.has(error.code) || error.code.startsWith('sandbox.'))
      return 'Offline: this media is not in the cache yet. It is fetched (from where it stopped) when the service answers again.';
    if (error.code.startsWith('ffmpeg') || /ffmpeg|ffprobe/.test(error.message))
      return `This media could not be read for the monitor: ${error.message}`;
    return `This media could not be prepared for the monitor (${error.code}): ${error.message}`;
  }

  return {
    async prepare(workspaceId, assetId) {
      const dir = join(options.root, folderName(workspaceId));
      const key = `${folderName(workspaceId)}/${assetId}`;
      const under = working.get(key);
      lastUsed.set(key, now());
      if (under) return under.view;
      await ensureFolder(dir);
      const manifest = await readManifest(dir, assetId);
      const complete =
        manifest !== null &&
        (manifest.proxyPlan === null ? await exists(sourcePath(dir, assetId)) : manifest.proxy !== null) &&
        (manifest.proxy === null || (await exists(proxyPath(dir, assetId))));
      if (manifest && complete) {
        await touch(dir, key, manifest);
        return readyView(key, dir, manifest);
      }
      const view: PreviewMedia = {
        assetId,
        state: 'fetching',
        progress: null,
        url: null,
        variant: null,
        info: null,
        message: null,
      };
      const entry = { view, done: Promise.resolve() };
      working.set(key, entry);
      entry.done = work(workspaceId, assetId, key, dir);
      return entry.view;
    },

    async open(ticket) {
      if (!TICKET.test(ticket)) return null;
      const served = tickets.get(ticket);
      if (!served) return null;
      lastUsed.set(served.key, now());
      const info = await stat(served.path).catch(() => null);
      return info?.isFile() ? { path: served.path, size: info.size, contentType: served.contentType } : null;
    },

    async usage() {
      const entries = await listEntries(options.root);
      return {
        usedBytes: entries.reduce((sum, e) => sum + e.bytes, 0),
        limitBytes: options.limitBytes(),
        entries: entries.length,
      };
    },

    fit,

    async clear() {
      const result = await evictToFit(options.root, 0, pinned);
      for (const [ticket, served] of tickets) if (result.evicted.includes(served.key)) tickets.delete(ticket);
      return { usedBytes: result.usedBytes, limitBytes: options.limitBytes(), entries: result.entries };
    },

    async close() {
      closing.abort();
      await Promise.allSettled([...working.values()].map((w) => w.done));
    },
  };
}
