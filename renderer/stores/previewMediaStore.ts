// The monitor's media, as main's media cache reports it (shared/preview/previewMedia.ts): per
// asset, where the page reads it and what it is, or how far its preparation has gone. The
// monitor asks for the assets around the playhead (want); main answers at once and then
// tells each step as a `preview.media` event. Media that were unavailable (offline) are
// asked for again when the service answers again.
import { create } from 'zustand';
import type { PreviewMedia } from '../../shared/preview/previewMedia.ts';
import { invoke } from '../client/clipdesk.ts';
import { hear } from '../client/mainEvents.ts';
import { isActiveWorkspace } from './workspaceStore.ts';

interface PreviewMediaState {
  media: ReadonlyMap<number, PreviewMedia>;
  /** Asks main for each asset not known yet (or unavailable before); cheap to call every frame. */
  want(assetIds: Iterable<number>): void;
  /** Forgets the unavailable ones, so the next want asks again. */
  retryUnavailable(): void;
  reset(): void;
}

const asked = new Set<number>();

export const usePreviewMedia = create<PreviewMediaState>()((set, get) => {
  const put = (media: PreviewMedia) => set((s) => ({ media: new Map(s.media).set(media.assetId, media) }));

  hear('preview.media', ({ workspaceId, media }) => {
    if (isActiveWorkspace(workspaceId) && asked.has(media.assetId)) put(media);
  });
  hear('workspace.changed', () => get().reset());
  hear('connection.changed', ({ state }) => {
    if (state === 'online') get().retryUnavailable();
  });

  return {
    media: new Map(),
    want(assetIds) {
      for (const assetId of assetIds) {
        if (asked.has(assetId)) continue;
        asked.add(assetId);
        invoke('preview.media', { assetId }).then(
          (media) => {
            // An event may have told a later step already.
            const known = get().media.get(assetId);
            if (!known || known.state !== 'ready') put(media);
          },
          (error: unknown) =>
            put({
              assetId,
              state: 'unavailable',
              progress: null,
              url: null,
              variant: null,
              info: null,
              message: (error as { message?: string }).message ?? 'This media could not be prepared.',
            }),
        );
      }
    },
    retryUnavailable() {
      for (const [assetId, media] of get().media) if (media.state === 'unavailable') asked.delete(assetId);
      set({ media: new Map([...get().media].filter(([, m]) => m.state !== 'unavailable')) });
    },
    reset() {
      asked.clear();
      set({ media: new Map() });
    },
  };
});
