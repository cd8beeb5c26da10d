// The selected asset: played in place (video and audio, with scrubbing), or a larger preview, what it is (kind, type, size, dimensions, duration,
// when it was made), and what can be done with it: download, attach a brand asset to the
// project, delivery links.
import { Download, Paperclip } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import type { Asset } from '../../../shared/api/createTypes.ts';
import { formatBytes } from '../../../shared/mediaTypes.ts';
import { useCurrentProject } from '../../stores/currentProjectStore.ts';
import { useMedia } from '../../stores/mediaStore.ts';
import { useProjects } from '../../stores/projectsStore.ts';
import { MediaPlayer } from './MediaPlayer.tsx';
import { dateTimeText } from '../../model/dateTimeText.ts';
import { assetName, formatDuration, kindName } from './assetText.ts';
import { DeliveryLinks } from './DeliveryLinks.tsx';

function Facts({ asset, attached, brandName }: { asset: Asset; attached: boolean; brandName: string | null }) {
  const rows: [string, string][] = [
    ['Kind', kindName(asset.kind)],
    ['Type', asset.contentType ?? '—'],
    ['Size', asset.sizeBytes === undefined ? '—' : formatBytes(asset.sizeBytes)],
  ];
  if (asset.width && asset.height) rows.push(['Dimensions', `${asset.width} × ${asset.height}`]);
  if (asset.durationMs) rows.push(['Duration', formatDuration(asset.durationMs)]);
  rows.push(['Created', dateTimeText(asset.createdAt)]);
  rows.push([
    'Belongs to',
    asset.brandId
      ? `${brandName ?? `Brand ${asset.brandId}`} (brand asset${attached ? ', attached to this project' : ''})`
      : 'This project',
  ]);
  if (asset.source) rows.push(['Source', asset.source]);
  return (
    <dl className="media-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AssetDetails() {
  const item = useMedia((s) => s.items.find((i) => i.asset.id === s.selectedId));
  const library = useMedia((s) => s.library);
  const busy = useMedia((s) => (item ? s.busy[item.asset.id] : undefined));
  const download = useMedia((s) => s.download);
  const attach = useMedia((s) => s.attach);
  const projectId = useCurrentProject((s) => s.projectId);
  const project = useProjects((s) => s.items.find((p) => p.id === projectId));
  const brands = useMedia((s) => s.brands);
  const attachedTo = useMedia((s) => (item ? s.attachedTo[item.asset.id] : undefined));

  if (!item) {
    return (
      <section className="media-asset-details" aria-label="Details">
        <p className="media-hint">Select a file to see its details, download it or share a link.</p>
      </section>
    );
  }
  const { asset, attached } = item;
  const name = assetName(asset);
  const canAttach = library?.kind === 'brand' && project !== undefined;
  const isAttached = project !== undefined && (attachedTo ?? []).includes(project.id);
  const brandName = brands.find((b) => b.id === asset.brandId)?.name ?? null;
  return (
    <section className="media-asset-details" aria-label="Details">
      <h2 className="media-details-title" title={name}>
        {name}
      </h2>
      <MediaPlayer key={asset.id} asset={asset} />
      <Facts asset={asset} attached={attached} brandName={brandName} />
      <div className="media-actions">
        <Button icon={Download} onClick={() => void download(asset)} disabled={busy === 'downloading'}>
          {busy === 'downloading' ? 'Downloading…' : 'Download'}
        </Button>
        {canAttach && !isAttached && (
          <Button icon={Paperclip} onClick={() => void attach(project.id, asset)} disabled={busy === 'attaching'}>
            Attach to {project.name}
          </Button>
        )}
        {canAttach && isAttached && (
          <span className="media-attached-note" role="status">
            Attached to {project.name}
          </span>
        )}
      </div>
      <DeliveryLinks assetId={asset.id} />
    </section>
  );
}
