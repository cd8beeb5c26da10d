// Speech edits of the clip's transcript: proposed interview edits (cut hesitations, tighten
// long pauses) or English caption translations, asked of a text model whose price is shown
// first (its credits per million tokens, and an estimate for this transcript). Proposals are
// listed for review; only those the user accepts are applied, as cuts on the timeline (one
// edit). Translations become caption entries.
import { useEffect, useMemo, useState } from 'react';
import type { Model } from '../../../shared/api/createTypes.ts';
import { captionPlan, placeCuesOnTrack } from '../../../shared/production/captionCommands.ts';
import { clockText, locate, type PlacedClip } from '../../../shared/production/clipTime.ts';
import type { SpeechEdit, SpeechTask, Transcription } from '../../../shared/production/productionTypes.ts';
import { estimateSpeechEdit, usdText } from '../../../shared/production/speechPrice.ts';
import { cutPlan, stillOnTimeline } from '../../../shared/production/speechCuts.ts';
import { useUnderWay } from '../../stores/productionJobsStore.ts';
import { NO_EDITS, useProduction } from '../../stores/productionStore.ts';
import { applyContext, useTimeline } from '../../stores/timelineStore.ts';
import { useToasts } from '../../stores/toastStore.ts';
import { JobError, WorkLine } from './WorkLine.tsx';
import { Field } from '../../components/Field.tsx';

const TASKS: readonly { task: SpeechTask; label: string }[] = [
  { task: 'interview-edit', label: 'Interview edits (cut hesitations, tighten pauses)' },
  { task: 'caption-translation', label: 'English caption translation' },
];

const isEnglish = (language: string | undefined) => (language ?? 'en').toLowerCase().split('-')[0] === 'en';

function Price({ model, task, transcription }: { model: Model; task: SpeechTask; transcription: Transcription }) {
  const estimate = estimateSpeechEdit(task, transcription.transcript?.words ?? [], model);
  const perMillion = (credits: number | undefined) =>
    credits === undefined
      ? '—'
      : `${credits.toLocaleString()} credits${model.usdPerCredit !== undefined ? ` (${usdText(credits * model.usdPerCredit)})` : ''}`;
  return (
    <dl className="pr-price" aria-label="Price">
      <dt>Input</dt>
      <dd>{perMillion(model.inputCreditsPerMillionTokens)} per million tokens</dd>
      <dt>Output</dt>
      <dd>{perMillion(model.outputCreditsPerMillionTokens)} per million tokens</dd>
      <dt>Credit</dt>
      <dd>{model.usdPerCredit === undefined ? '—' : `${usdText(model.usdPerCredit)} each, your account's price`}</dd>
      <dt>This transcript</dt>
      <dd>
        {estimate
          ? `about ${estimate.inputTokens.toLocaleString()} input and ${estimate.outputTokens.toLocaleString()} output tokens: about ${usdText(estimate.usd)}`
          : 'the model has no token prices: the receipt will show the charge'}
      </dd>
    </dl>
  );
}

function Proposals({ edit, placed }: { edit: SpeechEdit; placed: PlacedClip }) {
  const applied = useProduction((s) => s.applied);
  const markApplied = useProduction((s) => s.markApplied);
  const timeline = useTimeline((s) => s.timeline);
  const proposals = edit.proposals ?? [];
  const key = (id: string) => `${edit.id}:${id}`;
  // Checked against the timeline as it is: what was cut meanwhile (Remove all fillers) is not proposed again.
  const gone = (p: (typeof proposals)[number]) =>
    !applied.has(key(p.id)) && timeline !== null && !stillOnTimeline(timeline, placed.clip.assetId, p.cutRange);
  const open = proposals.filter((p) => !applied.has(key(p.id)) && !gone(p));
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<string | null>(null);

  function accept() {
    const { timeline, catalog } = useTimeline.getState();
    if (!timeline) return;
    const cuts = proposals
      .filter((p) => chosen.has(p.id))
      .map((p) => ({ id: p.id, startMs: p.cutRange.startMs, endMs: p.cutRange.endMs }));
    const plan = cutPlan(timeline, placed.clip.assetId, cuts, placed.clip.id, applyContext(catalog));
    // Every accepted proposal is one range of one command: one edit, one undo.
    const label = `Apply ${plan.applied.length} speech edit${plan.applied.length === 1 ? '' : 's'}`;
    if (plan.commands.length > 0 && !useTimeline.getState().edit(plan.commands, label)) return;
    markApplied(plan.applied.map(key));
    setChosen(new Set());
    // Each proposal not applied is named as the list shows it, with what the user can do.
    const named = (id: string) => {
      const p = proposals.find((x) => x.id === id);
      return p ? `“${p.reason}” (${clockText(p.cutRange.startMs)} into the recording)` : 'A proposal';
    };
    const skipped = plan.skipped.map((s) => `${named(s.id)}: ${s.why}`).join(' ');
    setOutcome(
      `Applied ${plan.applied.length} of ${cuts.length} proposals.${skipped ? ` Not applied: ${skipped}` : ''}`,
    );
    if (plan.skipped.length > 0) useToasts.getState().showWarning('Some proposals were not applied', skipped);
  }

  if (proposals.length === 0) return <p className="pr-muted">No edits proposed: the speech is already tight.</p>;
  const toggle = (id: string) =>
    setChosen((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  return (
    <div className="pr-proposals">
      <div className="pr-row">
        <button type="button" onClick={() => setChosen(new Set(open.map((p) => p.id)))} disabled={open.length === 0}>
          Select all
        </button>
        <button type="button" className="pr-primary" onClick={accept} disabled={chosen.size === 0}>
          Accept {chosen.size || ''} selected
        </button>
        {outcome && (
          <span role="status" className="pr-note">
            {outcome}
          </span>
        )}
      </div>
      <ul className="pr-list" aria-label="Proposed edits">
        {proposals.map((p) => {
          const done = applied.has(key(p.id));
          const at = timeline && !gone(p) ? (locate(timeline, placed, p.cutRange.startMs)?.atMs ?? null) : null;
          const where = gone(p)
            ? 'already cut from the timeline'
            : at === null
              ? 'not on the timeline (trimmed away)'
              : `at ${clockText(at)} on the timeline`;
          return (
            <li key={p.id} className={done ? 'is-applied' : undefined}>
              <label>
                <input
                  type="checkbox"
                  checked={done || chosen.has(p.id)}
                  disabled={done || at === null}
                  onChange={() => toggle(p.id)}
                />
                <strong>{p.kind === 'cut' ? 'Cut' : p.kind === 'tighten' ? 'Tighten' : p.kind}</strong> {p.reason} (
                {clockText(p.cutRange.endMs - p.cutRange.startMs)} removed, {where})
                {done && <span className="pr-badge">Applied</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function TranslatedCues({ edit, placed }: { edit: SpeechEdit; placed: PlacedClip }) {
  const [note, setNote] = useState<string | null>(null);
  const cues = edit.cues ?? [];
  function add() {
    const timeline = useTimeline.getState().timeline;
    if (!timeline) return;
    const plan = captionPlan(timeline, placeCuesOnTrack(placed.track, placed.clip.assetId, cues), () =>
      crypto.randomUUID(),
    );
    if (!plan) return setNote('None of the cues is on the timeline.');
    for (const commands of plan.edits)
      if (!useTimeline.getState().edit(commands, `Add ${plan.count} English captions`)) return;
    setNote(`Added ${plan.count} English captions.`);
  }
  return (
    <div>
      <ol className="pr-list" aria-label="English captions">
        {cues.map((cue, i) => (
          <li key={i}>
            <span className="pr-time">{clockText(cue.startMs)}</span> {cue.text.replaceAll('\n', ' / ')}
          </li>
        ))}
      </ol>
      <div className="pr-row">
        <button type="button" onClick={add} disabled={cues.length === 0}>
          Add English captions to the timeline
        </button>
        {note && (
          <span role="status" className="pr-note">
            {note}
          </span>
        )}
      </div>
    </div>
  );
}

export function SpeechEditsTab({ placed }: { placed: PlacedClip }) {
  const assetId = placed.clip.assetId;
  const transcription = useProduction((s) => s.transcriptions[assetId]);
  const edits = useProduction((s) => (transcription ? (s.speechEdits[transcription.id] ?? NO_EDITS) : NO_EDITS));
  const models = useProduction((s) => s.textModels);
  const asked = useProduction((s) => (transcription ? s.asked[`speech-edit:${transcription.id}`] : undefined));
  const { loadAsset, loadSpeechEdits, loadTextModels, requestSpeechEdit, setTab } = useProduction.getState();
  const english = isEnglish(transcription?.language);
  const underWay = useUnderWay(asked);
  const [task, setTask] = useState<SpeechTask>('interview-edit');
  const [modelId, setModelId] = useState('');

  useEffect(() => {
    if (transcription === undefined) void loadAsset(assetId);
  }, [transcription, assetId, loadAsset]);
  useEffect(() => {
    if (models === null) void loadTextModels();
  }, [models, loadTextModels]);
  useEffect(() => {
    if (transcription?.state === 'completed') void loadSpeechEdits(transcription.id);
  }, [transcription?.id, transcription?.state, loadSpeechEdits]);

  const offered = useMemo(() => (models ?? []).filter((m) => m.speechTasks?.includes(task)), [models, task]);
  const model =
    offered.find((m) => m.id === modelId && m.available !== false) ?? offered.find((m) => m.available !== false);
  const latest = edits.find((e) => e.task === task);

  if (transcription?.state !== 'completed') {
    return (
      <div className="pr-row">
        <p className="pr-muted">Speech edits work from a completed transcription of the clip.</p>
        <button type="button" onClick={() => setTab('Transcript')}>
          Go to the transcript
        </button>
      </div>
    );
  }
  return (
    <div className="pr-speech">
      <div className="pr-row">
        <Field label="Task">
          {(control) => (
            <select {...control} value={task} onChange={(e) => setTask(e.target.value as SpeechTask)}>
              {TASKS.map(({ task: t, label }) => (
                <option key={t} value={t} disabled={t === 'caption-translation' && english}>
                  {label}
                  {t === 'caption-translation' && english ? ' (the speech is already English)' : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Text model">
          {(control) => (
            <select
              {...control}
              value={model?.id ?? ''}
              onChange={(e) => setModelId(e.target.value)}
              disabled={offered.length === 0}
            >
              {models === null && <option value="">Reading the text models…</option>}
              {offered.map((m) => (
                <option key={m.id} value={m.id} disabled={m.available === false}>
                  {m.name ?? m.id}
                  {m.available === false ? ' (not available now)' : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {model && <Price model={model} task={task} transcription={transcription} />}
      <div className="pr-row">
        <button
          type="button"
          className="pr-primary"
          disabled={!model || (task === 'caption-translation' && english) || underWay}
          onClick={() => model && void requestSpeechEdit(transcription.id, task, model.id)}
        >
          {task === 'interview-edit' ? 'Ask for proposed edits' : 'Ask for English captions'}
        </button>
        <span className="pr-muted">The timeline does not change until you accept proposals.</span>
      </div>
      <WorkLine intentId={asked} noun="Speech edit" />
      {latest && (
        <section aria-label={`Speech edit #${latest.id}`} className="pr-result">
          <p className="pr-meta">
            Speech edit #{latest.id} · {latest.modelId} · {latest.state}
            {latest.receipt &&
              ` · ${latest.receipt.inputTokens.toLocaleString()} input and ${latest.receipt.outputTokens.toLocaleString()} output tokens, charged ${usdText(latest.receipt.costUsd)}`}
          </p>
          <JobError error={latest.error} />
          {latest.state === 'completed' && latest.task === 'interview-edit' && (
            <Proposals key={latest.id} edit={latest} placed={placed} />
          )}
          {latest.state === 'completed' && latest.task === 'caption-translation' && (
            <TranslatedCues edit={latest} placed={placed} />
          )}
        </section>
      )}
    </div>
  );
}
