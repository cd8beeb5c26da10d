// One generation of the project's history: what was asked (model, prompt, settings), where
// it stands (progress while it runs, the error if it failed), what it cost, the previews of
// its outputs in place (each viewed large, or played, on demand), and "New version" (which starts a new generation from these inputs
// and links this one as its parent; this one never changes).
import { GitBranchPlus, Maximize2 } from 'lucide-react';
import { useState } from 'react';
import type { Asset, Generation } from '../../../shared/api/createTypes.ts';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { useGenerate } from '../../stores/generateStore.ts';
import { AssetThumbnail } from '../media/AssetThumbnail.tsx';
import { MediaPlayer } from '../media/MediaPlayer.tsx';
import { dateTimeText } from '../../model/dateTimeText.ts';
import { formatUsd } from '../../model/generate/modelForm.ts';

type OutputAsset = Pick<Asset, 'id' | 'kind' | 'filename'>;

const STATE_TEXT: Record<string, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function settingsText(settings: Record<string, unknown> | undefined): string | null {
  const entries = Object.entries(settings ?? {}).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return entries.length > 0 ? entries.map(([k, v]) => `${k}: ${String(v)}`).join(' · ') : null;
}

export function GenerationCard({ generation, modelName }: { generation: Generation; modelName: string }) {
  const progress = useGenerate((s) => s.progress[generation.id]);
  const newVersionOf = useGenerate((s) => s.newVersionOf);
  const { id, state } = generation;
  const [viewing, setViewing] = useState<OutputAsset | null>(null);
  const running = state === 'queued' || state === 'running';
  const settings = settingsText(generation.settings);
  return (
    <li className={`gen-generation gen-generation-${state}`} aria-label={`Generation ${id}`}>
      <div className="gen-generation-head">
        <strong>#{id}</strong>
        <span className="gen-generation-model">{modelName}</span>
        <span className={`gen-state gen-state-${state}`}>
          {STATE_TEXT[state] ?? state}
          {state === 'running' && typeof progress === 'number' ? ` ${Math.round(progress * 100)}%` : ''}
        </span>
      </div>
      {generation.parentGenerationId ? (
        <p className="gen-lineage">New version of #{generation.parentGenerationId}</p>
      ) : null}
      <p className="gen-prompt">{generation.prompt}</p>
      {settings && <p className="gen-settings">{settings}</p>}
      {running && (
        <progress
          aria-label={`Progress of generation ${id}`}
          max={100}
          {...(typeof progress === 'number' ? { value: Math.round(progress * 100) } : {})}
        />
      )}
      {state === 'failed' && generation.error && <ErrorDetails error={generation.error} role="none" />}
      {generation.outputs.length > 0 && (
        <ul className="gen-outputs" aria-label={`Outputs of generation ${id}`}>
          {generation.outputs.map((assetId, index) => {
            const asset = { id: assetId, kind: generation.kind, filename: `output ${index + 1} of generation ${id}` };
            return (
              <li key={assetId}>
                <AssetThumbnail asset={asset} />
                <Button size="sm" icon={Maximize2} onClick={() => setViewing(asset)}>
                  {generation.kind === 'image' ? 'View' : 'Play'}
                  <span className="visually-hidden"> {asset.filename}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {viewing && (
        <Dialog title={`Output of generation ${id}`} size="lg" onClose={() => setViewing(null)}>
          <MediaPlayer asset={viewing} large />
        </Dialog>
      )}
      <div className="gen-generation-foot">
        <span className="gen-hint">
          {typeof generation.costUsd === 'number' ? `${formatUsd(generation.costUsd)} · ` : ''}
          {dateTimeText(generation.createdAt)}
        </span>
        <Button
          size="sm"
          icon={GitBranchPlus}
          onClick={() => void newVersionOf(generation)}
          aria-label={`New version of generation ${id}`}
        >
          New version
        </Button>
      </div>
    </li>
  );
}
