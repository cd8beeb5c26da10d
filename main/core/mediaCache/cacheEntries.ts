// The media cache on disk. A folder per workspace scope (0700), and per asset in it:
//   <id>.source            the asset's content, copied once (contentFetch.ts)
//   <id>.source.part(.json) a copy under way, with the version it resumes
//   <id>.proxy.mp4         the playback proxy, when the content needs one (proxyMaker.ts)
//   <id>.json              the manifest: the content's version and type, what ffprobe read,
//                          whether a proxy is needed, and when the asset was last used
// Files are 0600 and written whole (a temporary name renamed), so a crash never leaves a
// manifest or proxy half written. Eviction goes by the last use, oldest first.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaInfo } from '../../../shared/preview/previewMedia.ts';
import type { MediaProbe } from './mediaProbe.ts';
import type { ProxyPlan } from './proxyMaker.ts';

/** A manifest of another version is not read (its asset is fetched and read again). */
export const MANIFEST_VERSION = 2;

export interface Manifest {
  readonly version: typeof MANIFEST_VERSION;
  readonly assetId: number;
  readonly etag: string | null;
  readonly contentType: string;
  readonly source: MediaProbe;
  /** What plays instead of the content, and why; null when the content plays as it is. */
  readonly proxyPlan: ProxyPlan | null;
  /** What the proxy is, once made. */
  readonly proxy: MediaInfo | null;
  /** Epoch ms. */
  readonly lastUsedAt: number;
}

export const sourcePath = (dir: string, assetId: number) => join(dir, `${assetId}.source`);
export const proxyPath = (dir: string, assetId: number) => join(dir, `${assetId}.proxy.mp4`);
const manifestPath = (dir: string, assetId: number) => join(dir, `${assetId}.json`);

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

export async function ensureFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

/** Written whole or not at all. */
export async function writeWhole(path: string, data: string | Buffer): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, data, { mode: 0o600 });
  await rename(temporary, path);
}

export async function readManifest(dir: string, assetId: number): Promise<Manifest | null> {
  try {
    const manifest = JSON.parse(await readFile(manifestPath(dir, assetId), 'utf8')) as Manifest;
    const current = manifest.version === MANIFEST_VERSION && manifest.assetId === assetId;
    return current && typeof manifest.contentType === 'string' ? manifest : null;
  } catch {
    return null;
  }
}

export function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  return writeWhole(manifestPath(dir, manifest.assetId), JSON.stringify(manifest));
}

/** One asset's files in one scope, as eviction sees them. */
export interface DiskEntry {
  /** `<scope>/<assetId>`: how the cache names an asset of a workspace. */
  readonly key: string;
  readonly dir: string;
  readonly assetId: number;
  readonly files: readonly { name: string; bytes: number }[];
  readonly bytes: number;
  /** The manifest's last use, else the newest file's time. */
  readonly lastUsedAt: number;
  /** The content's copy, when a proxy stands in for it: the first thing to go when space is short. */
  readonly spareSource: boolean;
}

const FILE = /^(\d+)\.(source|source\.part|source\.part\.json|proxy\.mp4|json)$|^(\d+)\..*\.(tmp|part)$/;

export async function listEntries(root: string): Promise<DiskEntry[]> {
  const scopes = await readdir(root, { withFileTypes: true }).catch(() => []);
  const entries: DiskEntry[] = [];
  for (const scope of scopes) {
    if (!scope.isDirectory()) continue;
    const dir = join(root, scope.name);
    const byAsset = new Map<number, { name: string; bytes: number; mtimeMs: number }[]>();
    for (const name of await readdir(dir).catch(() => [])) {
      const match = FILE.exec(name);
      if (!match) continue;
      const assetId = Number(match[1] ?? match[3]);
      const info = await stat(join(dir, name)).catch(() => null);
      if (!info?.isFile()) continue;
      const list = byAsset.get(assetId) ?? [];
      list.push({ name, bytes: info.size, mtimeMs: info.mtimeMs });
      byAsset.set(assetId, list);
    }
    for (const [assetId, files] of byAsset) {
      const manifest = await readManifest(dir, assetId);
      const hasProxy = files.some((f) => f.name === `${assetId}.proxy.mp4`);
      entries.push({
        key: `${scope.name}/${assetId}`,
        dir,
        assetId,
        files: files.map(({ name, bytes }) => ({ name, bytes })),
        bytes: files.reduce((sum, f) => sum + f.bytes, 0),
        lastUsedAt: manifest?.lastUsedAt ?? Math.max(...files.map((f) => f.mtimeMs)),
        spareSource: hasProxy && manifest?.proxy != null && files.some((f) => f.name === `${assetId}.source`),
      });
    }
  }
  return entries;
}

export interface Eviction {
  readonly usedBytes: number;
  readonly entries: number;
  /** Keys of the assets removed, oldest first. */
  readonly evicted: string[];
}

/**
 * Brings the cache under `limitBytes`: first the copies of contents a proxy stands in for,
 * then whole assets by last use, oldest first. A pinned asset (being prepared or played) is
 * never touched, so the cache may stay above the limit while everything in it is in use.
 */
export async function evictToFit(
  root: string,
  limitBytes: number,
  pinned: (key: string) => boolean,
): Promise<Eviction> {
  const entries = await listEntries(root);
  let used = entries.reduce((sum, e) => sum + e.bytes, 0);
  const removed = new Map<string, number>();
  const evicted: string[] = [];
  for (const entry of entries) {
    if (used <= limitBytes) break;
    if (!entry.spareSource || pinned(entry.key)) continue;
    const name = `${entry.assetId}.source`;
    await rm(join(entry.dir, name), { force: true });
    const bytes = entry.files.find((f) => f.name === name)?.bytes ?? 0;
    removed.set(entry.key, bytes);
    used -= bytes;
  }
  for (const entry of [...entries].sort((a, b) => a.lastUsedAt - b.lastUsedAt)) {
    if (used <= limitBytes) break;
    if (pinned(entry.key)) continue;
    // The manifest goes first: a crash halfway leaves files without one, evicted another time.
    const files = [...entry.files].sort((a, b) => Number(b.name.endsWith('.json')) - Number(a.name.endsWith('.json')));
    for (const file of files) await rm(join(entry.dir, file.name), { force: true });
    used -= entry.bytes - (removed.get(entry.key) ?? 0);
    evicted.push(entry.key);
  }
  return { usedBytes: Math.max(0, used), entries: entries.length - evicted.length, evicted };
}
