// Previews of assets (made in main: a small JPEG or waveform peaks), asked for once per asset
// and kept while the workspace stays the same. The grid, the details pane and the Generate
// screen's outputs all read from here.
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import type { AssetPreview } from '../../shared/mediaViews.ts';
import { invoke } from '../client/clipdesk.ts';
import { onWorkspaceSwitch } from './workspaceStore.ts';

export type PreviewEntry =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly preview: AssetPreview }
  | { readonly status: 'failed'; readonly error: AppError };

interface PreviewState {
  previews: Record<number, PreviewEntry>;
  /** Asks main for the preview unless it is here or on its way; a failed one is asked again. */
  want(assetId: number): void;
  reset(): void;
}

export const useMediaPreviews = create<PreviewState>()((set, get) => ({
  previews: {},

  want(assetId) {
    const entry = get().previews[assetId];
    if (entry && entry.status !== 'failed') return;
    set((s) => ({ previews: { ...s.previews, [assetId]: { status: 'loading' } } }));
    invoke('media.preview', { assetId }).then(
      (preview) => set((s) => ({ previews: { ...s.previews, [assetId]: { status: 'ready', preview } } })),
      (error: AppError) => set((s) => ({ previews: { ...s.previews, [assetId]: { status: 'failed', error } } })),
    );
  },

  reset: () => set({ previews: {} }),
}));

onWorkspaceSwitch(() => useMediaPreviews.getState().reset());
