// Variants of a template version: one row per variant with a value for each slot, checked
// first with a dry run that lists each variant's slot errors (nothing is made); once every
// variant is valid they become prepared projects (one action for these exact values: a
// retry never makes them twice), and a batch renders the prepared projects, followed here and in Jobs to its end,
// each rendered video downloadable.
import { useState } from 'react';
import type {
  Batch,
  PreparedVariants,
  Slot,
  TemplateVersion,
  VariantCheck,
} from '../../../shared/production/productionTypes.ts';
import { invoke } from '../../client/clipdesk.ts';
import { useProductionJobs } from '../../stores/productionJobsStore.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { showError, useToasts } from '../../stores/toastStore.ts';
import { WorkLine } from './WorkLine.tsx';
import { downloadAsset } from '../../client/saveFile.ts';

interface Row {
  name: string;
  values: Record<string, string>;
}

const MEDIA = new Set(['image', 'video', 'audio']);

/** What is sent for a row: text as typed, media as asset IDs, numbers as numbers; blanks are left out. */
function valuesOf(slots: readonly Slot[], row: Row): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const slot of slots) {
    const raw = row.values[slot.name] ?? '';
    if (raw === '') continue;
    values[slot.name] = MEDIA.has(slot.type) || slot.type === 'number' ? Number(raw) : raw;
  }
  return values;
}

function SlotInput({
  slot,
  value,
  onChange,
  rowName,
}: {
  slot: Slot;
  value: string;
  onChange: (v: string) => void;
  rowName: string;
}) {
  const assets = useTimelineMedia((s) => s.assets);
  const label = `${slot.name} of ${rowName || 'this variant'}`;
  if (MEDIA.has(slot.type)) {
    return (
      <select value={value} onChange={(e) => onChange(e.target.value)} aria-label={label}>
        <option value="">{slot.required ? 'Choose media' : 'Keep the template’s'}</option>
        {[...assets.values()].map((a) => (
          <option key={a.id} value={a.id}>
            {a.filename ?? `Asset #${a.id}`} ({a.kind ?? 'media'})
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-label={label}
      type={slot.type === 'number' ? 'number' : 'text'}
      placeholder={slot.required ? 'required' : 'keep the template’s'}
    />
  );
}

function BatchResult({ batch }: { batch: Batch }) {
  const [busy, setBusy] = useState<number | null>(null);
  async function download(assetId: number) {
    setBusy(assetId);
    try {
      const path = await downloadAsset(assetId);
      if (path !== null) useToasts.getState().showSuccess('Video saved', `Saved to ${path}.`);
    } catch (err) {
      showError('Downloading the rendered video', err);
    } finally {
      setBusy(null);
    }
  }
  return (
    <ul className="pr-list" aria-label={`Batch #${batch.id}`}>
      {batch.items.map((item) => (
        <li key={item.projectId}>
          Project #{item.projectId}: {item.state}
          {item.error && ` — ${item.error.code}: ${item.error.message}`}
          {typeof item.assetId === 'number' && (
            <button
              type="button"
              onClick={() => void download(item.assetId!)}
              disabled={busy !== null}
              aria-label={`Download the video of project #${item.projectId}`}
            >
              Download
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

export function VariantsPanel({ template }: { template: TemplateVersion }) {
  const projectId = useTimeline((s) => s.projectId);
  const [rows, setRows] = useState<Row[]>([{ name: 'Variant 1', values: {} }]);
  const [check, setCheck] = useState<{ for: string; result: VariantCheck } | null>(null);
  const [prepared, setPrepared] = useState<PreparedVariants | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState<'check' | 'make' | 'batch' | null>(null);
  const [batchIntent, setBatchIntent] = useState<string | undefined>(undefined);
  const [batch, setBatch] = useState<Batch | null>(null);

  const variants = rows.map((row) => ({ name: row.name.trim(), values: valuesOf(template.slots, row) }));
  const signature = JSON.stringify(variants);
  const checked = check?.for === signature ? check.result : null;

  function edit(i: number, change: (row: Row) => Row) {
    setRows((list) => list.map((row, k) => (k === i ? change(row) : row)));
    // Other values are another set of variants: another key.
    setKey(crypto.randomUUID());
  }

  async function run(kind: 'check' | 'make') {
    setBusy(kind);
    try {
      const outcome = await invoke('templates.variants', {
        templateId: template.templateId,
        version: template.version,
        variants,
        dryRun: kind === 'check',
        ...(kind === 'make' && { actionId: key }),
      });
      if (outcome.outcome === 'checked') setCheck({ for: signature, result: outcome });
      else setPrepared(outcome);
    } catch (err) {
      showError(kind === 'check' ? 'Checking the variants' : 'Making the variants', err);
    } finally {
      setBusy(null);
    }
  }

  async function render() {
    if (!prepared || projectId === null) return;
    setBusy('batch');
    try {
      const intent = await invoke('batches.submit', {
        projectId,
        projectIds: prepared.variants.map((v) => v.projectId),
      });
      setBatchIntent(intent.id);
      useProductionJobs.getState().follow(intent, (job) => {
        void invoke('batches.get', { id: Number(job.id) })
          .then(setBatch)
          .catch((err: unknown) => showError('Reading the batch', err));
      });
    } catch (err) {
      showError('Starting the batch', err);
    } finally {
      setBusy(null);
    }
  }

  const errorsOf = (name: string) => checked?.variants.find((v) => v.name === name.trim());
  return (
    <div className="pr-variants">
      <p className="pr-meta">
        {template.name}, version {template.version}:{' '}
        {template.slots.map((s) => `${s.name} (${s.type}${s.required ? ', required' : ''})`).join(', ')}
      </p>
      <table className="pr-table" aria-label="Variants">
        <thead>
          <tr>
            <th scope="col">Variant</th>
            {template.slots.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
            <th scope="col">Check</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const result = errorsOf(row.name);
            return (
              <tr key={i}>
                <td>
                  <input
                    value={row.name}
                    aria-label={`Name of variant ${i + 1}`}
                    onChange={(e) => edit(i, (r) => ({ ...r, name: e.target.value }))}
                  />
                </td>
                {template.slots.map((slot) => (
                  <td key={slot.name}>
                    <SlotInput
                      slot={slot}
                      rowName={row.name}
                      value={row.values[slot.name] ?? ''}
                      onChange={(v) => edit(i, (r) => ({ ...r, values: { ...r.values, [slot.name]: v } }))}
                    />
                  </td>
                ))}
                <td aria-live="polite">
                  {result &&
                    (result.valid ? (
                      <span className="pr-ok">Valid</span>
                    ) : (
                      <ul className="pr-slot-errors" aria-label={`Errors of ${row.name}`}>
                        {result.errors.map((e, k) => (
                          <li key={k}>
                            <strong>{e.slot}</strong>: {e.message}
                          </li>
                        ))}
                      </ul>
                    ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="pr-row">
        <button
          type="button"
          onClick={() => (
            setRows([...rows, { name: `Variant ${rows.length + 1}`, values: {} }]),
            setKey(crypto.randomUUID())
          )}
        >
          Add a variant
        </button>
        <button type="button" onClick={() => void run('check')} disabled={busy !== null}>
          {busy === 'check' ? 'Checking…' : 'Check the variants (dry run)'}
        </button>
        <button
          type="button"
          className="pr-primary"
          onClick={() => void run('make')}
          disabled={busy !== null || !checked?.valid}
        >
          {busy === 'make' ? 'Making…' : `Make ${rows.length} prepared project${rows.length === 1 ? '' : 's'}`}
        </button>
        {checked && (
          <span role="status" className={checked.valid ? 'pr-note' : 'pr-error'}>
            {checked.valid
              ? 'Every variant fits the template.'
              : `${checked.variants.filter((v) => !v.valid).length} of ${checked.variants.length} variants do not fit: fix the slots named.`}
          </span>
        )}
      </div>
      {prepared && (
        <section aria-label="Prepared projects" className="pr-result">
          <ul className="pr-list">
            {prepared.variants.map((v) => (
              <li key={v.id}>
                {v.name}: project #{v.projectId}
              </li>
            ))}
          </ul>
          <div className="pr-row">
            <button
              type="button"
              className="pr-primary"
              onClick={() => void render()}
              disabled={busy !== null || batchIntent !== undefined}
            >
              Render the prepared projects (batch)
            </button>
          </div>
          <WorkLine intentId={batchIntent} noun="Batch" />
          {batch && <BatchResult batch={batch} />}
        </section>
      )}
    </div>
  );
}
