// Finishing: the clip's sound normalised to a loudness target into a new derivative asset
// (the source is never changed; not charged), followed to its end, with the loudness before
// and after, and an offer to swap the new asset into the timeline in place of the clip's
// (same place, trims, properties, effects and transition: one edit, undoable).
import { useEffect, useState } from 'react';
import { swapAssetCommands } from '../../../shared/production/finishSwap.ts';
import type { PlacedClip } from '../../../shared/production/clipTime.ts';
import type { Finish } from '../../../shared/production/productionTypes.ts';
import { useUnderWay } from '../../stores/productionJobsStore.ts';
import { useProduction } from '../../stores/productionStore.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { assetName } from './clipChoice.ts';
import { JobError, WorkLine } from './WorkLine.tsx';
import { Field } from '../../components/Field.tsx';

const lufs = (value: number | null | undefined) => (typeof value === 'number' ? `${value.toFixed(1)} LUFS` : 'silent');
const dbtp = (value: number | null | undefined) => (typeof value === 'number' ? `${value.toFixed(1)} dBTP` : '—');

/** Why the result is more than 1 LU from the target: the service's words, or ours when it gave none. */
function shortfall(finish: Finish): string | null {
  const reached = finish.loudness?.output.integratedLufs;
  if (finish.loudness?.shortfall) return finish.loudness.shortfall;
  if (typeof reached !== 'number' || typeof finish.targetLufs !== 'number') return null;
  if (Math.abs(reached - finish.targetLufs) <= 1) return null;
  return `Reached ${lufs(reached)}, not the ${lufs(finish.targetLufs)} asked. Choose another target, or finish again.`;
}

function Outcome({ finish, placed }: { finish: Finish; placed: PlacedClip }) {
  const projectId = useTimeline((s) => s.projectId);
  const name = useTimelineMedia((s) => (finish.outputAssetId ? assetName(s.assets, finish.outputAssetId) : ''));
  const [swapped, setSwapped] = useState<string | null>(null);
  const loudness = finish.loudness;
  const output = finish.outputAssetId;
  const inUse = placed.clip.assetId === output;
  const missed = shortfall(finish);

  async function swap() {
    const { catalog, edit } = useTimeline.getState();
    if (!output) return;
    // The derivative's length decides where the clip ends: read it first if not known yet.
    if (projectId !== null && !useTimelineMedia.getState().assets.has(output))
      await useTimelineMedia.getState().loadAssets(projectId);
    if (
      edit(
        swapAssetCommands(
          placed.clip,
          placed.track.id,
          output,
          useTimelineMedia.getState().assets.get(output)?.durationMs ?? null,
          catalog,
        ),
        `Swap in the finished audio of clip ${placed.number}`,
      )
    ) {
      setSwapped(`Clip ${placed.number} now plays ${name || `asset #${output}`}. Undo brings the original back.`);
    }
  }

  useEffect(() => {
    // The new asset joins the project's media, so the timeline can name it and check its length.
    if (output && projectId !== null && !useTimelineMedia.getState().assets.has(output))
      void useTimelineMedia.getState().loadAssets(projectId);
  }, [output, projectId]);

  return (
    <section aria-label={`Finish #${finish.id}`} className="pr-result">
      {loudness && (
        <dl className="pr-price">
          <dt>Before</dt>
          <dd>
            {lufs(loudness.input.integratedLufs)}, peak {dbtp(loudness.input.truePeakDb)}
          </dd>
          <dt>After</dt>
          <dd>
            {lufs(loudness.output.integratedLufs)}, peak {dbtp(loudness.output.truePeakDb)}
            {loudness.normalization ? ` (${loudness.normalization})` : ''}
          </dd>
          <dt>New asset</dt>
          <dd>{name || `#${output}`}</dd>
        </dl>
      )}
      {missed && (
        <p className="pr-note" role="status">
          {missed}
        </p>
      )}
      <div className="pr-row">
        <button type="button" className="pr-primary" onClick={() => void swap()} disabled={!output || inUse}>
          {inUse ? 'The clip plays the finished audio' : 'Swap into the timeline'}
        </button>
        {swapped && (
          <span role="status" className="pr-note">
            {swapped}
          </span>
        )}
      </div>
    </section>
  );
}

export function FinishTab({ placed }: { placed: PlacedClip }) {
  const assetId = placed.clip.assetId;
  const kind = useTimelineMedia((s) => s.assets.get(assetId)?.kind);
  const finish = useProduction((s) => s.finishes[assetId]);
  const asked = useProduction((s) => s.asked[`finish:${assetId}`]);
  const loadAsset = useProduction((s) => s.loadAsset);
  const start = useProduction((s) => s.finish);
  const underWay = useUnderWay(asked);
  const [target, setTarget] = useState(-16);
  const [peak, setPeak] = useState(-1.5);

  useEffect(() => {
    if (finish === undefined) void loadAsset(assetId);
  }, [finish, assetId, loadAsset]);

  if (kind === 'image') return <p className="pr-muted">An image has no sound to finish.</p>;
  const targetOk = target >= -70 && target <= -5;
  const peakOk = peak >= -9 && peak <= 0;
  return (
    <div className="pr-finish">
      <div className="pr-row">
        <Field label="Loudness target (LUFS)">
          {(control) => (
            <input
              {...control}
              type="number"
              step={0.5}
              min={-70}
              max={-5}
              value={target}
              onChange={(e) => setTarget(e.target.valueAsNumber)}
              aria-invalid={!targetOk}
            />
          )}
        </Field>
        <Field label="True peak at most (dBTP)">
          {(control) => (
            <input
              {...control}
              type="number"
              step={0.5}
              min={-9}
              max={0}
              value={peak}
              onChange={(e) => setPeak(e.target.valueAsNumber)}
              aria-invalid={!peakOk}
            />
          )}
        </Field>
        <button
          type="button"
          className="pr-primary"
          disabled={!targetOk || !peakOk || underWay}
          onClick={() => void start(assetId, target, peak)}
        >
          Normalise the audio
        </button>
      </div>
      {!targetOk && (
        <p className="pr-error">
          The loudness target must be from -70 to -5 LUFS (-16 suits online video, -23 broadcast).
        </p>
      )}
      {!peakOk && <p className="pr-error">The true peak must be from -9 to 0 dBTP.</p>}
      <p className="pr-muted">Makes a new asset; the clip's media is not changed. Not charged.</p>
      <WorkLine intentId={asked} noun="Finish" />
      {finish && finish.state !== 'completed' && finish.state !== 'failed' && (
        <p className="pr-muted">
          Finish #{finish.id} is {finish.state}…
        </p>
      )}
      {finish?.state === 'failed' && <JobError error={finish.error} />}
      {finish?.state === 'completed' && <Outcome finish={finish} placed={placed} />}
    </div>
  );
}
