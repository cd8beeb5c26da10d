// Templates: the current timeline published as an immutable template version with typed
// slots the user chooses (a caption's text, a clip's media), as a new template or the next
// version of one; then variants of a template (VariantsPanel). Publishing names the action
// (this form as it stands), so pressing Publish again after a failure is the same action and
// never makes a second version; any change to the form is a new action.
import { ErrorDetails } from '../../components/ErrorDetails.tsx';
import { useEffect, useMemo, useState } from 'react';
import type { AppError } from '../../../shared/appError.ts';
import { TEMPLATE_LIMITS } from '../../../shared/limits.ts';
import type { TemplateSummary, TemplateVersion } from '../../../shared/production/productionTypes.ts';
import { asAppError, invoke } from '../../client/clipdesk.ts';
import { useProjects } from '../../stores/projectsStore.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { showError, useToasts } from '../../stores/toastStore.ts';
import { SLOT_NAME, slotCandidates, slotsOf, type SlotChoice } from './templateSlots.ts';
import { Field } from '../../components/Field.tsx';
import { VariantsPanel } from './VariantsPanel.tsx';

/** A template's slots are a handful: a long timeline offers its first captions and clips. */
const CANDIDATES_SHOWN = 100;

function problemsOf(name: string, chosen: { name: string }[], pending: number): string[] {
  const problems: string[] = [];
  if (name.trim() === '') problems.push('Give the template a name.');
  if (name.trim().length > TEMPLATE_LIMITS.name.max)
    problems.push(`Shorten the name to ${TEMPLATE_LIMITS.name.max} characters.`);
  if (chosen.length === 0) problems.push('Tick at least one caption or clip to make it a slot.');
  const seen = new Set<string>();
  for (const slot of chosen) {
    if (!SLOT_NAME.test(slot.name))
      problems.push(`Slot name “${slot.name}”: start with a letter or _, then letters, digits or _.`);
    if (seen.has(slot.name)) problems.push(`Two slots are named “${slot.name}”: slot names must differ.`);
    seen.add(slot.name);
  }
  if (pending > 0)
    problems.push('Wait until the timeline edits are saved: the template is the timeline as the service has it.');
  return problems;
}

function PublishForm({
  templates,
  onPublished,
}: {
  templates: TemplateSummary[];
  onPublished: (version: TemplateVersion) => void;
}) {
  const timeline = useTimeline((s) => s.timeline);
  const projectId = useTimeline((s) => s.projectId);
  const pending = useTimeline((s) => s.pending.length);
  const assets = useTimelineMedia((s) => s.assets);
  const projectName = useProjects((s) => s.items.find((p) => p.id === projectId)?.name ?? '');
  const candidates = useMemo(() => (timeline ? slotCandidates(timeline, assets) : []), [timeline, assets]);
  const [name, setName] = useState(projectName ? `${projectName} template` : '');
  const [target, setTarget] = useState<number | 'new'>('new');
  const [choices, setChoices] = useState<ReadonlyMap<string, SlotChoice>>(new Map());
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  const changed = () => {
    setKey(crypto.randomUUID());
    setError(null);
  };
  const choiceOf = (clipId: string, suggested: string): SlotChoice =>
    choices.get(clipId) ?? { on: false, name: suggested, required: true };
  const setChoice = (clipId: string, suggested: string, change: Partial<SlotChoice>) => {
    setChoices((m) => new Map(m).set(clipId, { ...choiceOf(clipId, suggested), ...change }));
    changed();
  };
  const { slots, bindings } = slotsOf(
    candidates,
    new Map(candidates.map((c) => [c.clipId, choiceOf(c.clipId, c.suggestedName)])),
  );
  const problems = problemsOf(name, slots, pending);

  async function publish() {
    if (projectId === null) return;
    setBusy(true);
    setError(null);
    try {
      const version = await invoke('templates.publish', {
        actionId: key,
        name: name.trim(),
        projectId,
        slots,
        bindings,
        ...(target !== 'new' && { templateId: target }),
      });
      onPublished(version);
      // Publishing again from here makes this template's next version, not another template.
      setTarget(version.templateId);
      useToasts
        .getState()
        .showSuccess(
          'Template published',
          `${version.name}: version ${version.version} with ${version.slots.length} slot${version.slots.length === 1 ? '' : 's'}.`,
        );
      setKey(crypto.randomUUID());
    } catch (err) {
      setError(asAppError(err));
    } finally {
      setBusy(false);
    }
  }

  if (candidates.length === 0)
    return <p className="pr-muted">Add captions or media clips to the timeline: they become the template's slots.</p>;
  return (
    <form
      className="pr-publish"
      aria-label="Publish a template"
      onSubmit={(e) => {
        e.preventDefault();
        void publish();
      }}
    >
      <div className="pr-row">
        <Field label="Template name">
          {(control) => (
            <input
              {...control}
              value={name}
              maxLength={TEMPLATE_LIMITS.name.max + 10}
              onChange={(e) => (setName(e.target.value), changed())}
            />
          )}
        </Field>
        <Field label="Publish as">
          {(control) => (
            <select
              {...control}
              value={String(target)}
              onChange={(e) => (setTarget(e.target.value === 'new' ? 'new' : Number(e.target.value)), changed())}
            >
              <option value="new">A new template</option>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  Version {t.latestVersion + 1} of {t.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <table className="pr-table" aria-label="Slots">
        <thead>
          <tr>
            <th scope="col">Slot</th>
            <th scope="col">From the timeline</th>
            <th scope="col">Type</th>
            <th scope="col">Name</th>
            <th scope="col">Required</th>
          </tr>
        </thead>
        <tbody>
          {candidates.slice(0, CANDIDATES_SHOWN).map((c) => {
            const choice = choiceOf(c.clipId, c.suggestedName);
            return (
              <tr key={c.clipId}>
                <td>
                  <input
                    type="checkbox"
                    checked={choice.on}
                    aria-label={`Make a slot of ${c.label}`}
                    onChange={(e) => setChoice(c.clipId, c.suggestedName, { on: e.target.checked })}
                  />
                </td>
                <td>{c.label}</td>
                <td>{c.type}</td>
                <td>
                  <input
                    value={choice.name}
                    disabled={!choice.on}
                    aria-label={`Slot name for ${c.label}`}
                    aria-invalid={choice.on && !SLOT_NAME.test(choice.name)}
                    onChange={(e) => setChoice(c.clipId, c.suggestedName, { name: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    checked={choice.required}
                    disabled={!choice.on}
                    aria-label={`Slot ${choice.name} is required`}
                    title="A required slot needs a value in every variant; an optional one keeps what the timeline has now"
                    onChange={(e) => setChoice(c.clipId, c.suggestedName, { required: e.target.checked })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {candidates.length > CANDIDATES_SHOWN && (
        <p className="pr-muted">
          The first {CANDIDATES_SHOWN} of {candidates.length} captions and clips can become slots.
        </p>
      )}
      {problems.length > 0 && (
        <ul className="pr-problems" aria-label="Before publishing">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {error && <ErrorDetails error={error} className="pr-error" />}
      <div className="pr-row">
        <button type="submit" disabled={busy || problems.length > 0}>
          {busy ? 'Publishing…' : error ? 'Try publishing again' : 'Publish version'}
        </button>
        <span className="pr-muted">A published version never changes: publishing again makes the next version.</span>
      </div>
    </form>
  );
}

export function TemplatesTab() {
  const [templates, setTemplates] = useState<TemplateSummary[] | null>(null);
  const [chosen, setChosen] = useState<TemplateVersion | null>(null);

  async function load() {
    try {
      setTemplates((await invoke('templates.list', { limit: 100 })).items);
    } catch (err) {
      showError('Reading the templates', err);
      setTemplates([]);
    }
  }

  async function choose(templateId: number) {
    try {
      setChosen((await invoke('templates.get', { templateId })).latest);
    } catch (err) {
      showError('Reading the template', err);
    }
  }

  useEffect(() => {
    void load();
  }, []);

  return (
    <div className="pr-templates">
      <section aria-labelledby="pr-publish-title">
        <h3 id="pr-publish-title">Publish this timeline as a template</h3>
        <PublishForm
          templates={templates ?? []}
          onPublished={(version) => {
            setChosen(version);
            void load();
          }}
        />
      </section>
      <section aria-labelledby="pr-variants-title">
        <h3 id="pr-variants-title">Variants</h3>
        <Field label="Template" inline>
          {(control) => (
            <select
              {...control}
              value={chosen?.templateId ?? ''}
              onChange={(e) => e.target.value && void choose(Number(e.target.value))}
            >
              <option value="">
                {templates === null
                  ? 'Reading the templates…'
                  : templates.length === 0
                    ? 'No templates yet'
                    : 'Choose a template'}
              </option>
              {(templates ?? []).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name} (version {t.latestVersion})
                </option>
              ))}
            </select>
          )}
        </Field>
        {chosen && <VariantsPanel key={`${chosen.templateId}:${chosen.version}`} template={chosen} />}
      </section>
    </div>
  );
}
