// The live monitor's requests (shared/ipc/preview.ts): an asset's media from the media cache
// (main/core/mediaCache), and the cache's size limit, kept in the settings' preferences.
import type { ContractHandlers } from '../../../shared/ipc.ts';
import type { MediaCache } from '../mediaCache/mediaCache.ts';
import type { SettingsService } from '../settings/settingsService.ts';
import type { WorkspaceRuntime } from '../workspace/workspaceRuntime.ts';

type PreviewRequests = 'preview.media' | 'preview.cacheUsage' | 'preview.setCacheLimit' | 'preview.clearCache';

export interface PreviewHandlerDeps {
  readonly runtime: Pick<WorkspaceRuntime, 'activeId'>;
  readonly settings: Pick<SettingsService, 'setPreferences'>;
  readonly cache: MediaCache;
}

export function previewHandlers({
  runtime,
  settings,
  cache,
}: PreviewHandlerDeps): Pick<ContractHandlers, PreviewRequests> {
  return {
    'preview.media': ({ assetId }) => cache.prepare(runtime.activeId(), assetId),
    'preview.cacheUsage': () => cache.usage(),
    async 'preview.setCacheLimit'({ limitBytes }) {
      settings.setPreferences({ mediaCacheLimitBytes: limitBytes });
      return cache.fit();
    },
    'preview.clearCache': () => cache.clear(),
  };
}
