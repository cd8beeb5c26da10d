// The catalog applied to the selection: clip properties, effects with their parameters,
// transitions, captions with their style and font. Each "Apply" is one edit covering every
// selected clip it applies to.
import { useMemo, useState, type FormEvent } from 'react';
import type { Catalog } from '../../../shared/timeline/timelineTypes.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { locate, type Located } from './editActions.ts';
import { addCaptionAtPlayhead, applyToSelection } from './timelineActions.ts';

function NumberField({
  label,
  value,
  min,
  max,
  step,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (v: number) => void;
}) {
  return (
    <label className="tl-field">
      <span>{label}</span>
      <input
        type="number"
        value={Number.isFinite(value) ? value : ''}
        min={min}
        max={max}
        step={step}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </label>
  );
}

const stepOf = (min: number, max: number) => (max - min > 20 ? 1 : 0.05);

function Properties({ catalog, items }: { catalog: Catalog; items: Located[] }) {
  const media = items.filter((i) => i.clip.kind === 'media');
  const kind = media[0]?.track.kind;
  const defs = catalog.properties.filter((p) => kind && p.appliesTo.includes(kind));
  const first = media[0]?.clip;
  const [values, setValues] = useState<Record<string, number>>({});
  const shown = (name: string, fallback: number) =>
    values[name] ?? (first?.kind === 'media' ? first.properties[name] : undefined) ?? fallback;
  if (!first || defs.length === 0) return null;
  function submit(event: FormEvent) {
    event.preventDefault();
    applyToSelection('Set properties', ({ clip, track }) => {
      if (clip.kind !== 'media') return null;
      const properties = Object.fromEntries(
        defs.filter((d) => d.appliesTo.includes(track.kind)).map((d) => [d.name, shown(d.name, d.default)]),
      );
      return Object.keys(properties).length > 0 ? { type: 'setClipProperties', clipId: clip.id, properties } : null;
    });
    setValues({});
  }
  return (
    <form className="tl-inspector-section" aria-label="Clip properties" onSubmit={submit}>
      <h3>Properties</h3>
      {defs.map((d) => (
        <NumberField
          key={d.name}
          label={`${d.name}${d.unit ? ` (${d.unit})` : ''}`}
          value={shown(d.name, d.default)}
          min={d.min}
          max={d.max}
          step={stepOf(d.min, d.max)}
          onChange={(v) => setValues((s) => ({ ...s, [d.name]: v }))}
        />
      ))}
      <button type="submit">Apply properties</button>
    </form>
  );
}

function Effects({ catalog, items }: { catalog: Catalog; items: Located[] }) {
  const kinds = new Set(items.filter((i) => i.clip.kind === 'media').map((i) => i.track.kind));
  const effects = catalog.effects.filter((e) => e.appliesTo.some((k) => kinds.has(k as never)));
  const [effectId, setEffectId] = useState('');
  const [params, setParams] = useState<Record<string, number>>({});
  const effect = effects.find((e) => e.id === effectId) ?? effects[0];
  if (!effect) return null;
  function apply(event: FormEvent) {
    event.preventDefault();
    const chosen = effect!;
    applyToSelection(`Apply ${chosen.name}`, ({ clip, track }) =>
      clip.kind === 'media' && chosen.appliesTo.includes(track.kind)
        ? {
            type: 'applyEffect',
            clipId: clip.id,
            effectId: chosen.id,
            params: Object.fromEntries(chosen.params.map((p) => [p.name, params[p.name] ?? p.default])),
          }
        : null,
    );
  }
  return (
    <form className="tl-inspector-section" aria-label="Effects" onSubmit={apply}>
      <h3>Effects</h3>
      <label className="tl-field">
        <span>Effect</span>
        <select
          value={effect.id}
          onChange={(e) => {
            setEffectId(e.target.value);
            setParams({});
          }}
        >
          {effects.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
      {effect.params.map((p) => (
        <NumberField
          key={p.name}
          label={`${p.name}${p.unit ? ` (${p.unit})` : ''}`}
          value={params[p.name] ?? p.default}
          min={p.min}
          max={p.max}
          step={stepOf(p.min, p.max)}
          onChange={(v) => setParams((s) => ({ ...s, [p.name]: v }))}
        />
      ))}
      <span className="tl-buttons">
        <button type="submit">Apply effect</button>
        <button
          type="button"
          onClick={() =>
            applyToSelection(`Remove ${effect.name}`, ({ clip }) =>
              clip.kind === 'media' && clip.effects.some((e) => e.effectId === effect.id)
                ? { type: 'removeEffect', clipId: clip.id, effectId: effect.id }
                : null,
            )
          }
        >
          Remove effect
        </button>
      </span>
    </form>
  );
}

function Transitions({ catalog }: { catalog: Catalog }) {
  const [transitionId, setTransitionId] = useState(catalog.transitions[0]?.id ?? '');
  const def = catalog.transitions.find((t) => t.id === transitionId);
  const [durationMs, setDurationMs] = useState<number | null>(null);
  const duration = durationMs ?? def?.defaultDurationMs ?? 500;
  function apply(event: FormEvent) {
    event.preventDefault();
    applyToSelection(def ? `${def.name} transition` : 'Cut', ({ clip }) =>
      clip.kind !== 'media'
        ? null
        : def
          ? { type: 'setTransition', clipId: clip.id, transitionId: def.id, durationMs: duration }
          : { type: 'setTransition', clipId: clip.id, transitionId: null },
    );
  }
  return (
    <form className="tl-inspector-section" aria-label="Transition" onSubmit={apply}>
      <h3>Transition in</h3>
      <label className="tl-field">
        <span>Transition</span>
        <select
          value={transitionId}
          onChange={(e) => {
            setTransitionId(e.target.value);
            setDurationMs(null);
          }}
        >
          {catalog.transitions.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
          <option value="">Cut (none)</option>
        </select>
      </label>
      {def && (
        <NumberField
          label="Duration (ms)"
          value={duration}
          min={def.minDurationMs}
          max={def.maxDurationMs}
          step={50}
          onChange={setDurationMs}
        />
      )}
      <button type="submit">Apply transition</button>
    </form>
  );
}

function Captions({ catalog, items }: { catalog: Catalog; items: Located[] }) {
  const captions = items.filter((i) => i.clip.kind === 'caption');
  const first = captions[0]?.clip;
  const [text, setText] = useState('');
  const [style, setStyle] = useState('');
  const [font, setFont] = useState('');
  function add(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) addCaptionAtPlayhead(text.trim(), 2000, style || undefined, font || undefined);
    setText('');
  }
  function update() {
    applyToSelection('Change captions', ({ clip }) =>
      clip.kind !== 'caption'
        ? null
        : {
            type: 'updateCaption',
            clipId: clip.id,
            ...(text.trim() && { text: text.trim() }),
            ...(style && { style }),
            ...(font && { font }),
          },
    );
  }
  return (
    <form className="tl-inspector-section" aria-label="Captions" onSubmit={add}>
      <h3>Captions</h3>
      <label className="tl-field">
        <span>Caption text</span>
        <input
          value={text}
          maxLength={catalog.limits?.captionTextMax ?? 500}
          placeholder={first?.kind === 'caption' ? first.text : 'Words on screen'}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <label className="tl-field">
        <span>Caption style</span>
        <select value={style} onChange={(e) => setStyle(e.target.value)}>
          <option value="">{first?.kind === 'caption' ? `Keep (${first.style})` : 'Default'}</option>
          {catalog.captionStyles.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label className="tl-field">
        <span>Font</span>
        <select value={font} onChange={(e) => setFont(e.target.value)}>
          <option value="">{first?.kind === 'caption' ? `Keep (${first.font})` : 'The style’s font'}</option>
          {catalog.fonts.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      <span className="tl-buttons">
        <button type="submit" disabled={!text.trim()}>
          Add caption at playhead
        </button>
        <button type="button" disabled={captions.length === 0 || (!text.trim() && !style && !font)} onClick={update}>
          Update selected captions
        </button>
      </span>
    </form>
  );
}

export function Inspector() {
  const catalog = useTimeline((s) => s.catalog);
  const timeline = useTimeline((s) => s.timeline);
  const selection = useTimelineView((s) => s.selection);
  const items = useMemo(() => (timeline ? locate(timeline, selection) : []), [timeline, selection]);
  const key = [...selection].join(',');
  return (
    <aside className="tl-inspector" aria-labelledby="tl-inspector-title">
      <h2 id="tl-inspector-title">Inspector</h2>
      <p role="status" aria-label="Selection">
        {items.length === 0
          ? 'No clip selected'
          : items.length === 1
            ? '1 clip selected'
            : `${items.length} clips selected`}
      </p>
      {!catalog && <p className="tl-hint">Reading the catalog…</p>}
      {catalog && items.length > 0 && (
        <>
          <Properties key={`p-${key}`} catalog={catalog} items={items} />
          <Effects catalog={catalog} items={items} />
          <Transitions catalog={catalog} />
        </>
      )}
      {catalog && <Captions key={`c-${key}`} catalog={catalog} items={items} />}
    </aside>
  );
}
