// Media: the current project's files (with the brand assets attached to it) or a brand's
// reusable assets, as a grid of previews made in main; the selected file's details; files
// dropped anywhere on the screen (or added with "Add files…") upload to what it shows.
import { useEffect, useId } from 'react';
import { useCurrentProject } from '../../stores/currentProjectStore.ts';
import { useMedia, type Library } from '../../stores/mediaStore.ts';
import { useMediaUploads, type UploadTarget } from '../../stores/mediaUploadsStore.ts';
import { AssetDetails } from './AssetDetails.tsx';
import { AssetGrid } from './AssetGrid.tsx';
import { DropZone } from './DropZone.tsx';
import { MediaFilters } from './MediaFilters.tsx';
import { UploadList } from './UploadList.tsx';
import './media.css';

/** Which library the grid shows: "project", or "brand:<id>". */
function LibraryPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const brands = useMedia((s) => s.brands);
  const brandsLoaded = useMedia((s) => s.brandsLoaded);
  const loadBrands = useMedia((s) => s.loadBrands);
  const id = useId();

  useEffect(() => {
    if (!brandsLoaded) void loadBrands();
  }, [brandsLoaded, loadBrands]);

  return (
    <span className="media-picker">
      <label htmlFor={id}>Show</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="project">Project media</option>
        {brands.length > 0 && (
          <optgroup label="Brand assets">
            {brands.map((brand) => (
              <option key={brand.id} value={`brand:${brand.id}`}>
                {brand.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </span>
  );
}

export function MediaScreen() {
  const projectId = useCurrentProject((s) => s.projectId);
  const project = useCurrentProject((s) => s.project ?? undefined);
  const library = useMedia((s) => s.library);
  const brands = useMedia((s) => s.brands);
  const show = useMedia((s) => s.show);
  const add = useMediaUploads((s) => s.add);

  const brandId = library?.kind === 'brand' ? library.brandId : null;
  const brand = brands.find((b) => b.id === brandId);

  useEffect(() => {
    // A brand stays shown across projects; otherwise the grid follows the chosen project.
    if (brandId !== null) return;
    if (projectId !== null) void show({ kind: 'project', projectId });
  }, [projectId, brandId, show]);

  function choose(value: string) {
    const next: Library | null = value.startsWith('brand:')
      ? { kind: 'brand', brandId: Number(value.slice('brand:'.length)) }
      : projectId !== null
        ? { kind: 'project', projectId }
        : null;
    if (next) void show(next);
  }

  const target: UploadTarget | null = brandId !== null ? { brandId } : projectId !== null ? { projectId } : null;
  const destination = brand ? `the brand ${brand.name}` : (project?.name ?? null);

  return (
    <section className="screen media-screen" aria-labelledby="screen-title">
      <DropZone
        onFiles={(files) => add(files, target)}
        destination={destination}
        header={
          <header className="app-screen-head">
            <h1 id="screen-title">Media</h1>
            <div className="app-screen-tools">
              <LibraryPicker value={brandId !== null ? `brand:${brandId}` : 'project'} onChange={choose} />
            </div>
          </header>
        }
      >
        <div className="media-layout">
          <div className="media-main">
            <UploadList />
            {library && <MediaFilters />}
            {library && (
              <AssetGrid
                emptyText={
                  library.kind === 'brand'
                    ? 'This brand has no assets yet: drop files here to add some.'
                    : 'No media in this project yet: drop files here, add them, or generate some.'
                }
              />
            )}
          </div>
          <AssetDetails />
        </div>
      </DropZone>
    </section>
  );
}
