// Which of the library's assets the grid shows, and in what order: a search of the names,
// a kind, a source (uploaded, generated, rendered, exported, finished), and a sort. Pure:
// the Media screen, the media store and their tests use it.
import type { Asset } from '../../../shared/api/createTypes.ts';

export const MEDIA_KINDS = ['image', 'video', 'audio'] as const;

/** Where assets come from, as the service names them (`source`), grouped as people think of them. */
export const MEDIA_SOURCES = {
  upload: 'Uploads',
  generation: 'Generations',
  render: 'Renders',
  export: 'Exports',
  finish: 'Finished audio',
  production: 'Template variants',
} as const satisfies Record<string, string>;
export type MediaSource = keyof typeof MEDIA_SOURCES;

export const MEDIA_SORTS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name A–Z',
  largest: 'Largest first',
  longest: 'Longest first',
} as const;
export type MediaSort = keyof typeof MEDIA_SORTS;

export interface MediaView {
  /** Words the name must contain (case and accents ignored); empty: every name. */
  readonly query: string;
  readonly kind: (typeof MEDIA_KINDS)[number] | 'all';
  readonly source: MediaSource | 'all';
  readonly sort: MediaSort;
}

export const ALL_MEDIA: MediaView = { query: '', kind: 'all', source: 'all', sort: 'newest' };

/** True when the view leaves some assets out (the grid then says so, and reads every page). */
export function narrows(view: MediaView): boolean {
  return view.query.trim() !== '' || view.kind !== 'all' || view.source !== 'all';
}

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const nameCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function viewOf<T extends { readonly asset: Asset }>(items: readonly T[], view: MediaView): T[] {
  const words = folded(view.query).split(/\s+/).filter(Boolean);
  const shown = items.filter(({ asset }) => {
    if (view.kind !== 'all' && asset.kind !== view.kind) return false;
    if (view.source !== 'all' && (asset.source ?? 'upload') !== view.source) return false;
    const name = folded(asset.filename ?? '');
    return words.every((word) => name.includes(word));
  });
  const by: Record<MediaSort, (a: Asset, b: Asset) => number> = {
    newest: (a, b) => b.id - a.id,
    oldest: (a, b) => a.id - b.id,
    name: (a, b) => nameCollator.compare(a.filename ?? '', b.filename ?? '') || a.id - b.id,
    largest: (a, b) => (b.sizeBytes ?? 0) - (a.sizeBytes ?? 0) || b.id - a.id,
    longest: (a, b) => (b.durationMs ?? 0) - (a.durationMs ?? 0) || b.id - a.id,
  };
  return shown.sort((a, b) => by[view.sort](a.asset, b.asset));
}
