// The form for a new generation: the kind, a model of that kind (with its price and whether
// it can run now), the scene, the model's inputs, the cost estimate against the wallet, and
// Generate. A new version says which generation it starts from. Offline, the submit still
// goes into the journal and waits: the form says so.
import { Sparkles } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Project } from '../../../shared/api/createTypes.ts';
import { PaidDestination } from '../../components/PaidDestination.tsx';
import { useConnection } from '../../stores/connectionStore.ts';
import { GENERATION_KINDS, useGenerate, type GenerationKind } from '../../stores/generateStore.ts';
import { ModelInputField } from './ModelInputField.tsx';
import { checkForm, estimateUsd, formatUsd, unitPriceUsd } from '../../model/generate/modelForm.ts';

const KIND_LABELS: Record<GenerationKind, string> = { image: 'Image', video: 'Video', audio: 'Audio' };
/** The scene choice that makes a new scene (audio only). */
const NEW_SCENE = 'new';

function KindChoice() {
  const kind = useGenerate((s) => s.kind);
  const setKind = useGenerate((s) => s.setKind);
  return (
    <fieldset className="gen-kinds">
      <legend>Kind</legend>
      {GENERATION_KINDS.map((k) => (
        <label key={k} className={k === kind ? 'gen-kind gen-chosen' : 'gen-kind'}>
          <input type="radio" name="generation-kind" value={k} checked={k === kind} onChange={() => void setKind(k)} />
          {KIND_LABELS[k]}
        </label>
      ))}
    </fieldset>
  );
}

function CostEstimate({ totalUsd, unitUsd, units }: { totalUsd: number; unitUsd: number; units: number }) {
  const walletUsd = useConnection((s) => s.walletUsd);
  const short = walletUsd !== null && totalUsd > walletUsd;
  return (
    <div className="gen-estimate" aria-label="Cost">
      <p>
        Estimated cost: <strong>{formatUsd(totalUsd)}</strong>
        {units > 1 && (
          <span className="gen-hint">
            {' '}
            ({units} × {formatUsd(unitUsd)})
          </span>
        )}
      </p>
      <p className="gen-hint">Wallet: {walletUsd === null ? '…' : formatUsd(walletUsd)}</p>
      {short && <p className="ui-form-error">This costs more than the wallet holds: add funds or make fewer.</p>}
    </div>
  );
}

export function GenerateForm({ project }: { project: Project | undefined }) {
  const kind = useGenerate((s) => s.kind);
  const models = useGenerate((s) => s.models[s.kind]);
  const modelsLoading = useGenerate((s) => s.modelsLoading);
  const modelsError = useGenerate((s) => s.modelsError);
  const modelId = useGenerate((s) => s.modelId);
  const values = useGenerate((s) => s.values);
  const parent = useGenerate((s) => s.parent);
  const submitting = useGenerate((s) => s.submitting);
  const { chooseModel, setValue, clearParent, submit, setKind } = useGenerate.getState();
  const offline = useConnection((s) => s.connection?.state === 'offline');
  const walletUsd = useConnection((s) => s.walletUsd);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [scene, setScene] = useState<string>('');
  const id = useId();

  useEffect(() => {
    void setKind(useGenerate.getState().kind);
  }, [setKind]);

  const scenes = [...(project?.scenes ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const sceneIds = scenes.map((s) => s.id).join(',');
  useEffect(() => {
    // The first scene by default, and again when the project (or its scenes) changed.
    setScene((current) =>
      current === NEW_SCENE || sceneIds.split(',').includes(current) ? current : (sceneIds.split(',')[0] ?? ''),
    );
  }, [sceneIds]);

  const model = models?.find((m) => m.id === modelId);
  const estimate = model ? estimateUsd(model, values) : null;
  const unavailable = model?.available === false;
  const tooDear = estimate !== null && walletUsd !== null && estimate.totalUsd > walletUsd;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!model || !project) return;
    const checked = checkForm(model, values);
    if (!checked.ok) {
      setProblem(checked);
      document.getElementById(`${id}-${checked.field}`)?.focus();
      return;
    }
    setProblem(null);
    const sceneId = scene === NEW_SCENE || scene === '' ? crypto.randomUUID() : scene;
    await submit({ projectId: project.id, sceneId, prompt: checked.prompt, settings: checked.settings });
  }

  return (
    <form className="gen-generate-form" aria-label="New generation" onSubmit={(e) => void onSubmit(e)} noValidate>
      <KindChoice />
      {parent && (
        <div className="gen-parent-note" role="status">
          New version of generation #{parent.id}: its inputs are filled in, and it stays as it is.{' '}
          <Button onClick={clearParent}>Start fresh</Button>
        </div>
      )}
      <div className="gen-field">
        <label htmlFor={`${id}-model`}>Model</label>
        <select
          id={`${id}-model`}
          value={modelId ?? ''}
          disabled={!models || models.length === 0}
          onChange={(e) => chooseModel(e.target.value)}
        >
          {(models ?? []).map((m) => {
            const price = unitPriceUsd(m);
            return (
              <option key={m.id} value={m.id}>
                {m.name ?? m.id}
                {price !== null
                  ? ` — ${formatUsd(price)}${m.inputs?.some((i) => i.name === 'count') ? ' each' : ''}`
                  : ''}
                {m.available === false ? ' (unavailable)' : ''}
              </option>
            );
          })}
        </select>
        {model?.description && <p className="gen-field-hint">{model.description}</p>}
        {modelsLoading && !models && <p className="gen-field-hint">Reading the models…</p>}
        {modelsError && !models && (
          <p className="ui-form-error">
            The models could not be read (<code>{modelsError.code}</code>): {modelsError.message}{' '}
            <Button onClick={() => void setKind(kind)}>Try again</Button>
          </p>
        )}
        {models && models.length === 0 && (
          <p className="gen-field-hint">No {KIND_LABELS[kind].toLowerCase()} models.</p>
        )}
      </div>
      <div className="gen-field">
        <label htmlFor={`${id}-scene`}>Scene</label>
        <select id={`${id}-scene`} value={scene} onChange={(e) => setScene(e.target.value)} disabled={!project}>
          {scenes.map((s, index) => (
            <option key={s.id} value={s.id}>
              Scene {index + 1}
            </option>
          ))}
          {kind === 'audio' && <option value={NEW_SCENE}>A new scene at the end</option>}
        </select>
      </div>
      {model?.inputs?.map((input) => (
        <ModelInputField
          key={`${model.id}-${input.name}`}
          id={`${id}-${input.name}`}
          input={input}
          value={values[input.name]}
          invalid={problem?.field === input.name}
          onChange={(value) => setValue(input.name, value)}
        />
      ))}
      {problem && (
        <p className="ui-form-error" role="alert">
          {problem.message}
        </p>
      )}
      {estimate && <CostEstimate {...estimate} />}
      <PaidDestination projectId={project?.id ?? null} what="The generation" />
      {unavailable && <p className="ui-form-error">This model cannot run right now: choose another.</p>}
      {offline && (
        <p className="gen-offline-note" role="status">
          Offline: the generation waits in the queue and is sent when the service answers.
        </p>
      )}
      <Button
        variant="primary"
        icon={Sparkles}
        type="submit"
        disabled={!model || !project || unavailable || tooDear || submitting}
      >
        {submitting ? 'Submitting…' : parent ? 'Generate new version' : 'Generate'}
      </Button>
    </form>
  );
}
