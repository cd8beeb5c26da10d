// The project's generations, newest first, with the work sent from here that the service has
// not accepted yet on top: waiting (offline, or behind other work), being sent, or refused.
import { Button } from '../../components/Button.tsx';
import type { IntentSummary } from '../../../shared/api/jobEvents.ts';
import { useConnection } from '../../stores/connectionStore.ts';
import { useGenerate, type Submitted } from '../../stores/generateStore.ts';
import { GenerationCard } from './GenerationCard.tsx';

function waitingText(intent: IntentSummary, offline: boolean): string {
  switch (intent.state) {
    case 'pending':
      return offline ? 'Waiting: offline — it is kept and sent when the service answers' : 'Waiting to be sent';
    case 'sent':
      return intent.attempts > 1 ? `Sending (try ${intent.attempts})…` : 'Sending…';
    case 'accepted':
    case 'done':
      return 'Accepted';
    case 'failed':
      return 'Not accepted';
    case 'cancelled':
      return 'Cancelled before it was sent';
  }
}

function SubmittedItem({ entry }: { entry: Submitted }) {
  const offline = useConnection((s) => s.connection?.state === 'offline');
  const dismiss = useGenerate((s) => s.dismiss);
  const { intent } = entry;
  const over = intent.state === 'failed' || intent.state === 'cancelled';
  return (
    <li
      className={`gen-generation gen-generation-pending gen-intent-${intent.state}`}
      aria-label={`Submitted ${entry.modelName} generation`}
    >
      <div className="gen-generation-head">
        <strong>New</strong>
        <span className="gen-generation-model">{entry.modelName}</span>
        <span className={`gen-state gen-state-intent-${intent.state}`}>{waitingText(intent, offline)}</span>
      </div>
      {entry.parentGenerationId !== null && <p className="gen-lineage">New version of #{entry.parentGenerationId}</p>}
      <p className="gen-prompt">{entry.prompt}</p>
      {intent.lastError && (
        <p className={over ? 'ui-form-error' : 'gen-hint'}>
          <code>{intent.lastError.code}</code> {intent.lastError.message}
          {intent.lastError.requestId && <> (request {intent.lastError.requestId})</>}
        </p>
      )}
      {over && (
        <div className="gen-generation-foot">
          <span />
          <Button onClick={() => dismiss(intent.id)}>Dismiss</Button>
        </div>
      )}
    </li>
  );
}

export function GenerationList({ projectId }: { projectId: number | null }) {
  const generations = useGenerate((s) => s.generations);
  const allSubmitted = useGenerate((s) => s.submitted);
  const submitted = allSubmitted.filter((e) => e.projectId === projectId);
  const loaded = useGenerate((s) => s.loaded);
  const loading = useGenerate((s) => s.loading);
  const nextCursor = useGenerate((s) => s.nextCursor);
  const loadMore = useGenerate((s) => s.loadMore);
  const models = useGenerate((s) => s.models);
  const nameOf = (modelId: string | undefined) =>
    Object.values(models)
      .flat()
      .find((m) => m?.id === modelId)?.name ??
    modelId ??
    'Unknown model';

  return (
    <section className="gen-generations" aria-labelledby="generations-title">
      <h2 id="generations-title">History</h2>
      {loaded && generations.length === 0 && submitted.length === 0 && (
        <p className="gen-empty">Nothing generated in this project yet.</p>
      )}
      <ul aria-label="Generations" aria-busy={!loaded}>
        {submitted.map((entry) => (
          <SubmittedItem key={entry.intent.id} entry={entry} />
        ))}
        {generations.map((generation) => (
          <GenerationCard key={generation.id} generation={generation} modelName={nameOf(generation.modelId)} />
        ))}
      </ul>
      {nextCursor !== null && (
        <Button onClick={() => void loadMore()} disabled={loading}>
          {loading ? 'Loading…' : 'Load older generations'}
        </Button>
      )}
    </section>
  );
}
