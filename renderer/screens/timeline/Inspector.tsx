// The selected clips' own values, edited in place: the clip's properties, its fit, its
// effects with their parameters, its transition in, a caption's text, style and font — each
// named in words from the catalog. A value the selected clips share is shown; where they
// differ the field says "Mixed". A committed change is one edit for every selected clip it
// applies to (Enter or leaving a field commits, Escape puts it back).
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import type { Catalog, CaptionClip, MediaClip, Track } from '../../../shared/timeline/timelineTypes.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { locate, type Located } from '../../model/timeline/clipCommands.ts';
import { ChoiceSetting, NumberSetting, TextSetting } from './InspectorFields.tsx';
import { common, labelOf } from './inspectorValues.ts';
import { addCaptionAtPlayhead, applyToSelection } from './timelineActions.ts';
import { formatTime } from '../../model/timeline/timelineGeometry.ts';
import { effectProperty } from '../../../shared/timeline/keyframes.ts';
import { KeyframeButtons, keyframedCommit, shownValue } from './InspectorKeyframes.tsx';
import { FollowSubject } from './InspectorReframe.tsx';
import { Fades, TIME_PROPERTIES, TimeSettings } from './InspectorTime.tsx';
import { PropertyRows } from './InspectorProperties.tsx';
import { isCropProperty } from '../../../shared/timeline/crop.ts';
import { CaptionStyleSettings } from './CaptionStyleSettings.tsx';

type MediaItem = { readonly clip: MediaClip; readonly track: Track };
type CaptionItem = { readonly clip: CaptionClip; readonly track: Track };

const DEFAULT_FIT = 'contain';

/** The value the clips share, null when they differ ("Mixed"), `none` when there are no clips. */
function shared<T>(values: readonly T[], none: T): T | null {
  const value = common(values);
  return value === undefined ? none : value;
}

function clipName(item: Located): string {
  if (item.clip.kind === 'caption') return `Caption “${item.clip.text}”`;
  const asset = useTimelineMedia.getState().assets.get(item.clip.assetId);
  return asset?.filename ?? `Asset ${item.clip.assetId}`;
}

/** Where the clip is: its start and how long it lasts (one clip), or the span of several. */
function Placement({ items }: { items: readonly Located[] }) {
  const start = Math.min(...items.map((i) => i.clip.startMs));
  const end = Math.max(...items.map((i) => i.clip.endMs));
  return (
    <p className="tl-hint tl-placement">
      {formatTime(start)} to {formatTime(end)} · {((end - start) / 1000).toFixed(2)} s
    </p>
  );
}

function MediaSettings({ catalog, items }: { catalog: Catalog; items: readonly MediaItem[] }) {
  const kinds = new Set(items.map((i) => i.track.kind));
  const applies = catalog.properties.filter((def) => def.appliesTo.some((k) => kinds.has(k as never)));
  const properties = applies.filter((def) => !TIME_PROPERTIES.has(def.name) && !isCropProperty(def.name));
  const crop = applies.filter((def) => isCropProperty(def.name));
  const video = items.filter((i) => i.track.kind === 'video');
  const fits = catalog.fits ?? [];
  return (
    <>
      <Placement items={items} />
      <section className="tl-inspector-section" aria-label="Clip properties">
        <h3>Properties</h3>
        <PropertyRows defs={properties} items={items} />
        {video.length > 0 && fits.length > 0 && (
          <ChoiceSetting
            label="Fit in the frame"
            value={common(video.map((i) => i.clip.fit ?? DEFAULT_FIT)) ?? null}
            choices={fits.map((fit) => ({ id: fit.id, label: fit.label ?? labelOf({ name: fit.id }) }))}
            hint={fits.find((f) => f.id === common(video.map((i) => i.clip.fit ?? DEFAULT_FIT)))?.description}
            onChoose={(fit) =>
              applyToSelection('Set fit', ({ clip, track }) =>
                clip.kind === 'media' && track.kind === 'video'
                  ? { type: 'setClipFit', clipId: clip.id, fit: fit as MediaClip['fit'] & string }
                  : null,
              )
            }
          />
        )}
      </section>
      {crop.length > 0 && (
        <section className="tl-inspector-section" aria-label="Crop">
          <h3>Crop</h3>
          <p className="tl-hint">Fractions of the source cut from each edge; the rest stays where it was.</p>
          <PropertyRows defs={crop} items={items} />
        </section>
      )}
      <Effects catalog={catalog} items={items} />
      <Fades catalog={catalog} items={items} />
      <Transition catalog={catalog} items={items} edge="in" />
      <Transition catalog={catalog} items={items} edge="out" />
      <TimeSettings catalog={catalog} items={items} />
      <FollowSubject items={items} />
    </>
  );
}

function Effects({ catalog, items }: { catalog: Catalog; items: readonly MediaItem[] }) {
  const kinds = new Set(items.map((i) => i.track.kind));
  const usable = catalog.effects.filter((e) => e.appliesTo.some((k) => kinds.has(k as never)));
  const present = usable.filter((e) => items.some((i) => i.clip.effects.some((x) => x.effectId === e.id)));
  const addable = usable.filter((e) => !items.every((i) => i.clip.effects.some((x) => x.effectId === e.id)));
  const [adding, setAdding] = useState('');
  const playheadMs = useTimelineView((s) => s.playheadMs);
  const toAdd = addable.find((e) => e.id === adding) ?? addable[0];
  return (
    <section className="tl-inspector-section" aria-label="Effects">
      <h3>Effects</h3>
      {present.length === 0 && (
        <p className="tl-hint">No effect on {items.length > 1 ? 'these clips' : 'this clip'}.</p>
      )}
      {present.map((effect) => {
        return (
          <fieldset key={effect.id} className="tl-effect">
            <legend>{effect.name}</legend>
            {effect.params.map((param) => {
              const label = `${effect.name} ${labelOf(param).toLowerCase()}`;
              const property = effectProperty(effect.id, param.name);
              const holders = items.filter((i) => i.clip.effects.some((x) => x.effectId === effect.id));
              // Speed sets the clip's length: it cannot change over the clip.
              const only = holders.length === 1 && effect.id !== 'speed' ? holders[0]!.clip : null;
              return (
                <NumberSetting
                  key={param.name}
                  def={param}
                  label={label}
                  value={shared(
                    holders.map((i) => shownValue(i.clip, property, param.default, playheadMs)),
                    param.default,
                  )}
                  adornment={
                    only && <KeyframeButtons clip={only} property={property} label={label} fallback={param.default} />
                  }
                  onCommit={(value) =>
                    applyToSelection(`Set ${label.toLowerCase()}`, ({ clip, track }) =>
                      clip.kind === 'media' && effect.appliesTo.includes(track.kind)
                        ? (keyframedCommit(clip, property, value) ?? {
                            type: 'applyEffect',
                            clipId: clip.id,
                            effectId: effect.id,
                            params: { [param.name]: value },
                          })
                        : null,
                    )
                  }
                />
              );
            })}
            <Button
              size="sm"
              onClick={() =>
                applyToSelection(`Remove ${effect.name.toLowerCase()}`, ({ clip }) =>
                  clip.kind === 'media' && clip.effects.some((x) => x.effectId === effect.id)
                    ? { type: 'removeEffect', clipId: clip.id, effectId: effect.id }
                    : null,
                )
              }
            >
              Remove {effect.name.toLowerCase()}
            </Button>
          </fieldset>
        );
      })}
      {toAdd && (
        <div className="tl-add-effect">
          <Field label="New effect" inline>
            {(control) => (
              <select {...control} value={toAdd.id} onChange={(e) => setAdding(e.target.value)}>
                {addable.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button
            size="sm"
            onClick={() =>
              applyToSelection(`Add ${toAdd.name.toLowerCase()}`, ({ clip, track }) =>
                clip.kind === 'media' &&
                toAdd.appliesTo.includes(track.kind) &&
                !clip.effects.some((x) => x.effectId === toAdd.id)
                  ? { type: 'applyEffect', clipId: clip.id, effectId: toAdd.id }
                  : null,
              )
            }
          >
            Add effect
          </Button>
        </div>
      )}
    </section>
  );
}

function Transition({ catalog, items, edge }: { catalog: Catalog; items: readonly MediaItem[]; edge: 'in' | 'out' }) {
  const of = (clip: MediaClip) => (edge === 'in' ? clip.transitionIn : clip.transitionOut);
  const chosen = common(items.map((i) => of(i.clip)?.transitionId ?? 'none'));
  const usable =
    edge === 'in' ? catalog.transitions : catalog.transitions.filter((t) => catalog.outTransitions?.includes(t.id));
  const def = catalog.transitions.find((t) => t.id === chosen);
  const duration = common(items.map((i) => of(i.clip)?.durationMs ?? 0));
  // The end's fields are not named "transition…": "Transition" must name the start's alone.
  const words = edge === 'in' ? 'Transition' : 'Ends with';
  const set = (transitionId: string | null, durationMs?: number) =>
    applyToSelection(transitionId ? `Set transition ${edge}` : `Remove transition ${edge}`, ({ clip }) =>
      clip.kind !== 'media'
        ? null
        : transitionId
          ? { type: 'setTransition', clipId: clip.id, transitionId, edge, ...(durationMs && { durationMs }) }
          : { type: 'setTransition', clipId: clip.id, transitionId: null, edge },
    );
  if (edge === 'out' && usable.length === 0) return null;
  return (
    <section className="tl-inspector-section" aria-label={edge === 'in' ? 'Transition' : 'Transition out'}>
      <h3>{edge === 'in' ? 'Transition in' : 'Transition out'}</h3>
      <ChoiceSetting
        label={words}
        value={chosen ?? null}
        choices={[{ id: 'none', label: 'None (a cut)' }, ...usable.map((t) => ({ id: t.id, label: t.name }))]}
        onChoose={(id) => set(id === 'none' ? null : id)}
      />
      {def && (
        <NumberSetting
          def={{
            min: def.minDurationMs / 1000,
            max: def.maxDurationMs / 1000,
            default: def.defaultDurationMs / 1000,
            unit: 'seconds',
            description: `How long the ${def.name.toLowerCase()} lasts, from the clip's ${edge === 'in' ? 'start' : 'end'}.`,
          }}
          label={edge === 'in' ? 'Transition length' : 'Ending length'}
          value={duration === null || duration === undefined ? null : duration / 1000}
          onCommit={(seconds) => set(def.id, Math.round(seconds * 1000))}
        />
      )}
    </section>
  );
}

function CaptionSettings({ catalog, items }: { catalog: Catalog; items: readonly CaptionItem[] }) {
  const update = (label: string, change: Partial<Pick<CaptionClip, 'text' | 'style' | 'font'>>) =>
    applyToSelection(label, ({ clip }) =>
      clip.kind === 'caption' ? { type: 'updateCaption', clipId: clip.id, ...change } : null,
    );
  return (
    <section className="tl-inspector-section" aria-label="Caption">
      <h3>{items.length > 1 ? 'Captions' : 'Caption'}</h3>
      <TextSetting
        label="Caption text"
        value={common(items.map((i) => i.clip.text)) ?? null}
        maxLength={catalog.limits?.captionTextMax ?? 500}
        onCommit={(text) => update('Change caption text', { text })}
      />
      <ChoiceSetting
        label="Caption style"
        value={common(items.map((i) => i.clip.style)) ?? null}
        choices={catalog.captionStyles.map((s) => ({ id: s.id, label: s.name }))}
        onChoose={(style) => update('Change caption style', { style })}
      />
      <ChoiceSetting
        label="Font"
        value={common(items.map((i) => i.clip.font)) ?? null}
        choices={catalog.fonts.map((f) => ({ id: f.id, label: f.name }))}
        onChoose={(font) => update('Change caption font', { font })}
      />
    </section>
  );
}

/** A new caption at the playhead, on the first caption track. */
function NewCaption({ catalog }: { catalog: Catalog }) {
  const [text, setText] = useState('');
  const max = catalog.limits?.captionTextMax ?? 500;
  const tooLong = text.trim().length > max;
  function add(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || tooLong) return;
    addCaptionAtPlayhead(text.trim());
    setText('');
  }
  return (
    <form className="tl-inspector-section" aria-label="New caption" onSubmit={add}>
      <Field
        label="New caption text"
        error={tooLong ? `The caption is ${text.trim().length} characters: shorten it to at most ${max}.` : null}
      >
        {(control) => (
          <input {...control} value={text} placeholder="Words on screen" onChange={(e) => setText(e.target.value)} />
        )}
      </Field>
      <Button type="submit" size="sm" disabled={!text.trim() || tooLong}>
        Add caption at playhead
      </Button>
    </form>
  );
}

export function Inspector() {
  const catalog = useTimeline((s) => s.catalog);
  const timeline = useTimeline((s) => s.timeline);
  const selection = useTimelineView((s) => s.selection);
  const items = useMemo(() => (timeline ? locate(timeline, selection) : []), [timeline, selection]);
  const key = [...selection].join(',');
  const media = items.filter((i): i is MediaItem => i.clip.kind === 'media');
  const captions = items.filter((i): i is CaptionItem => i.clip.kind === 'caption');
  return (
    <section className="tl-pane tl-inspector" aria-labelledby="tl-inspector-title">
      <h2 id="tl-inspector-title" className="tl-pane-title">
        Inspector
      </h2>
      <p role="status" aria-label="Selection">
        {items.length === 0
          ? 'No clip selected'
          : items.length === 1
            ? `${clipName(items[0]!)} selected`
            : `${items.length} clips selected: a change applies to each`}
      </p>
      {!catalog && <p className="tl-hint">Reading the catalog…</p>}
      {catalog && media.length > 0 && <MediaSettings key={`m-${key}`} catalog={catalog} items={media} />}
      {catalog && captions.length > 0 && <CaptionSettings key={`c-${key}`} catalog={catalog} items={captions} />}
      {captions.length > 0 && <CaptionStyleSettings key={`s-${key}`} target={{ kind: 'captions', items: captions }} />}
      {captions.length > 0 && (
        <CaptionStyleSettings key={`t-${key}`} target={{ kind: 'track', track: captions[0]!.track }} />
      )}
      {catalog && <NewCaption catalog={catalog} />}
    </section>
  );
}
