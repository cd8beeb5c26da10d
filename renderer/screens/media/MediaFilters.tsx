// The bar above the media grid: search the names, show one kind or one source (uploads,
// generations, renders, exports…), and sort.
import { Search } from 'lucide-react';
import { Field } from '../../components/Field.tsx';
import { useMedia } from '../../stores/mediaStore.ts';
import { MEDIA_SORTS, MEDIA_SOURCES, type MediaSort, type MediaView } from '../../model/media/mediaFilter.ts';

const KIND_CHOICES: Record<MediaView['kind'], string> = {
  all: 'All kinds',
  image: 'Images',
  video: 'Video',
  audio: 'Audio',
};

export function MediaFilters() {
  const view = useMedia((s) => s.view);
  const setView = useMedia((s) => s.setView);
  return (
    <div className="media-filters" role="search" aria-label="Find media">
      <Field label="Search media" inline className="media-search">
        {(control) => (
          <span className="media-search-box">
            <Search className="media-search-icon" aria-hidden="true" />
            <input
              {...control}
              type="search"
              value={view.query}
              placeholder="Name contains…"
              onChange={(e) => setView({ query: e.target.value })}
            />
          </span>
        )}
      </Field>
      <Field label="Kind" inline>
        {(control) => (
          <select
            {...control}
            value={view.kind}
            onChange={(e) => setView({ kind: e.target.value as MediaView['kind'] })}
          >
            {Object.entries(KIND_CHOICES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Source" inline>
        {(control) => (
          <select
            {...control}
            value={view.source}
            onChange={(e) => setView({ source: e.target.value as MediaView['source'] })}
          >
            <option value="all">All sources</option>
            {Object.entries(MEDIA_SOURCES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Sort" inline>
        {(control) => (
          <select {...control} value={view.sort} onChange={(e) => setView({ sort: e.target.value as MediaSort })}>
            {Object.entries(MEDIA_SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
