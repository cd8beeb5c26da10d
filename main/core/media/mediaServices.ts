// The Media screen's services in main, built once by createCore: previews and downloads,
// both reading an asset's bytes through the workspace's own client (its key, its budget).
import type { Priority } from '../rate/rateBudget.ts';
import type { WorkspaceHttp } from '../workspace/workspaceHttp.ts';
import { createAssetDownloads, type AssetDownloads } from './assetDownloads.ts';
import { createAssetPreviews, type AssetPreviews } from './assetPreviews.ts';

/** Where the desktop app saves a download: the path the user chose, or null when they cancelled. */
export type ChooseSavePath = (suggestedName: string) => Promise<string | null>;

export interface MediaServices {
  readonly previews: AssetPreviews;
  readonly downloads: AssetDownloads;
  /** The desktop app's save dialog; null in browser mode (downloads go through a ticket link). */
  readonly chooseSavePath: ChooseSavePath | null;
  close(): Promise<void>;
}

export function createMediaServices(options: {
  readonly cacheDir: string;
  readonly http: Pick<WorkspaceHttp, 'client'>;
  readonly chooseSavePath?: ChooseSavePath;
}): MediaServices {
  const { http } = options;
  const opener = (priority: Priority) => async (workspaceId: string, assetId: number, signal?: AbortSignal) =>
    (await http.client(workspaceId)).assets.content(assetId, { priority, signal });
  // Previews wait behind what the user asked for; a download is what the user asked for.
  const previews = createAssetPreviews({
    cacheDir: options.cacheDir,
    scopeOf: async (workspaceId) => (await http.client(workspaceId)).baseUrl,
    openContent: opener('background'),
  });
  const downloads = createAssetDownloads({ openContent: opener('user') });
  return {
    previews,
    downloads,
    chooseSavePath: options.chooseSavePath ?? null,
    close: () => previews.close(),
  };
}
