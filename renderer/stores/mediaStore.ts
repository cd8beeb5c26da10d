// The Media screen's library: what the grid shows (the chosen project's media with the brand
// assets attached to it, or one brand's reusable assets), read page by page; the selected
// asset; attaching a brand asset to the project; downloads; and delivery links, whose URL is
// shown once, when the link is made.
import { create } from 'zustand';
import type { Asset } from '../../shared/api/createTypes.ts';
import type { Brand, DeliveryLink } from '../../shared/api/mediaLibrary.ts';
import { invoke } from '../client/clipdesk.ts';
import { ALL_MEDIA, type MediaView } from '../model/media/mediaFilter.ts';
import { showError, useToasts } from './toastStore.ts';
import { hear } from '../client/mainEvents.ts';
import { onWorkspaceSwitch } from './workspaceStore.ts';
import { downloadAsset } from '../client/saveFile.ts';

export const MEDIA_PAGE_SIZE = 48;

/** What the grid shows: a project's media, or a brand's reusable assets. */
export type Library =
  { readonly kind: 'project'; readonly projectId: number } | { readonly kind: 'brand'; readonly brandId: number };

export interface LibraryItem {
  readonly asset: Asset;
  /** A brand asset attached to the shown project. */
  readonly attached: boolean;
}

/** A link just made: its URL exists only in this answer. */
export interface FreshLink {
  readonly link: DeliveryLink;
  readonly url: string;
}

interface MediaState {
  library: Library | null;
  items: LibraryItem[];
  nextCursor: string | null;
  loaded: boolean;
  loading: boolean;
  brands: Brand[];
  brandsLoaded: boolean;
  selectedId: number | null;
  /** Asset IDs being attached or downloaded, for their buttons. */
  busy: Record<number, 'attaching' | 'downloading'>;
  links: Record<number, DeliveryLink[]>;
  freshLink: FreshLink | null;
  /** Brand asset ID → the projects it is known to be attached to. */
  attachedTo: Record<number, number[]>;
  /** The grid's search, filters and sort (kept across libraries and screens). */
  view: MediaView;
  setView(change: Partial<MediaView>): void;
  show(library: Library): Promise<void>;
  reload(): Promise<void>;
  loadMore(): Promise<void>;
  loadBrands(): Promise<void>;
  select(assetId: number | null): void;
  /** An upload finished: shown at once when it belongs to what the grid shows. */
  uploaded(asset: Asset): void;
  attach(projectId: number, asset: Asset): Promise<void>;
  download(asset: Asset): Promise<void>;
  loadLinks(assetId: number): Promise<void>;
  createLink(assetId: number, expiresInHours: number): Promise<void>;
  revokeLink(assetId: number, linkId: number): Promise<void>;
  dismissFreshLink(): void;
  reset(): void;
}

const sameLibrary = (a: Library | null, b: Library | null) =>
  a !== null &&
  b !== null &&
  (a.kind === 'project'
    ? b.kind === 'project' && a.projectId === b.projectId
    : b.kind === 'brand' && a.brandId === b.brandId);

function belongsTo(library: Library | null, asset: Asset): boolean {
  if (!library) return false;
  return library.kind === 'project' ? asset.projectId === library.projectId : asset.brandId === library.brandId;
}

/** Newest first, each asset once. */
function merged(items: LibraryItem[]): LibraryItem[] {
  const seen = new Set<number>();
  return items
    .filter((item) => !seen.has(item.asset.id) && seen.add(item.asset.id))
    .sort((a, b) => b.asset.id - a.asset.id);
}

const initial = {
  library: null,
  items: [],
  nextCursor: null,
  loaded: false,
  loading: false,
  brands: [],
  brandsLoaded: false,
  selectedId: null,
  busy: {},
  links: {},
  freshLink: null,
  attachedTo: {},
  view: ALL_MEDIA,
};

export const useMedia = create<MediaState>()((set, get) => ({
  ...initial,

  setView: (change) => set((s) => ({ view: { ...s.view, ...change } })),

  async show(library) {
    if (sameLibrary(get().library, library) && (get().loaded || get().loading)) return;
    set({ library, items: [], nextCursor: null, loaded: false, selectedId: null, freshLink: null });
    await get().reload();
  },

  async reload() {
    const library = get().library;
    if (!library) return;
    set({ loading: true });
    try {
      const still = () => sameLibrary(get().library, library);
      if (library.kind === 'project') {
        const [own, attached] = await Promise.all([
          invoke('assets.list', { projectId: library.projectId, limit: MEDIA_PAGE_SIZE }),
          invoke('media.attachments', { projectId: library.projectId, limit: 100 }),
        ]);
        if (!still()) return;
        set((s) => ({
          attachedTo: attached.items.reduce(
            (known, a) => ({ ...known, [a.assetId]: [...new Set([...(known[a.assetId] ?? []), library.projectId])] }),
            s.attachedTo,
          ),
          items: merged([
            ...own.items.map((asset) => ({ asset, attached: false })),
            ...attached.items.map((a) => ({ asset: a.asset, attached: true })),
          ]),
          nextCursor: own.nextCursor,
          loaded: true,
        }));
      } else {
        const page = await invoke('media.brandAssets', { brandId: library.brandId, limit: MEDIA_PAGE_SIZE });
        if (!still()) return;
        set({
          items: page.items.map((asset) => ({ asset, attached: false })),
          nextCursor: page.nextCursor,
          loaded: true,
        });
      }
    } catch (err) {
      showError('Reading the media', err);
    } finally {
      set({ loading: false });
    }
  },

  async loadMore() {
    const { library, nextCursor, loading } = get();
    if (!library || nextCursor === null || loading) return;
    set({ loading: true });
    try {
      const page =
        library.kind === 'project'
          ? await invoke('assets.list', { projectId: library.projectId, limit: MEDIA_PAGE_SIZE, after: nextCursor })
          : await invoke('media.brandAssets', { brandId: library.brandId, limit: MEDIA_PAGE_SIZE, after: nextCursor });
      if (!sameLibrary(get().library, library)) return;
      set((s) => ({
        items: merged([...s.items, ...page.items.map((asset) => ({ asset, attached: false }))]),
        nextCursor: page.nextCursor,
      }));
    } catch (err) {
      showError('Reading more media', err);
    } finally {
      set({ loading: false });
    }
  },

  async loadBrands() {
    try {
      const page = await invoke('media.brands', { limit: 100 });
      set({ brands: page.items, brandsLoaded: true });
    } catch (err) {
      showError('Reading the brands', err);
    }
  },

  select: (selectedId) => set({ selectedId, freshLink: null }),

  uploaded(asset) {
    if (!belongsTo(get().library, asset)) return;
    set((s) => ({ items: merged([{ asset, attached: false }, ...s.items]) }));
  },

  async attach(projectId, asset) {
    set((s) => ({ busy: { ...s.busy, [asset.id]: 'attaching' } }));
    try {
      const attachment = await invoke('media.attach', { projectId, assetId: asset.id });
      const library = get().library;
      set((s) => ({
        attachedTo: { ...s.attachedTo, [asset.id]: [...new Set([...(s.attachedTo[asset.id] ?? []), projectId])] },
      }));
      if (library?.kind === 'project' && library.projectId === projectId)
        set((s) => ({ items: merged([{ asset: attachment.asset, attached: true }, ...s.items]) }));
    } catch (err) {
      showError('Attaching the brand asset', err);
    } finally {
      set((s) => {
        const { [asset.id]: _done, ...busy } = s.busy;
        return { busy };
      });
    }
  },

  async download(asset) {
    set((s) => ({ busy: { ...s.busy, [asset.id]: 'downloading' } }));
    try {
      const path = await downloadAsset(asset.id);
      if (path !== null) useToasts.getState().showSuccess('Downloaded', `Saved to ${path}.`);
    } catch (err) {
      showError('Downloading the asset', err);
    } finally {
      set((s) => {
        const { [asset.id]: _done, ...busy } = s.busy;
        return { busy };
      });
    }
  },

  async loadLinks(assetId) {
    try {
      const page = await invoke('media.links', { assetId, limit: 50 });
      set((s) => ({ links: { ...s.links, [assetId]: page.items } }));
    } catch (err) {
      showError('Reading the delivery links', err);
    }
  },

  async createLink(assetId, expiresInHours) {
    try {
      const link = await invoke('media.createLink', { assetId, expiresInHours });
      set((s) => ({
        links: { ...s.links, [assetId]: [link, ...(s.links[assetId] ?? [])] },
        freshLink: link.url ? { link, url: link.url } : null,
      }));
    } catch (err) {
      showError('Making a delivery link', err);
    }
  },

  async revokeLink(assetId, linkId) {
    try {
      const revoked = await invoke('media.revokeLink', { assetId, linkId });
      set((s) => ({
        links: { ...s.links, [assetId]: (s.links[assetId] ?? []).map((l) => (l.id === linkId ? revoked : l)) },
        freshLink: s.freshLink?.link.id === linkId ? null : s.freshLink,
      }));
    } catch (err) {
      showError('Revoking the delivery link', err);
    }
  },

  dismissFreshLink: () => set({ freshLink: null }),
  reset: () => set(initial),
}));

hear('upload.finished', ({ asset }) => useMedia.getState().uploaded(asset));
onWorkspaceSwitch(() => useMedia.getState().reset());
