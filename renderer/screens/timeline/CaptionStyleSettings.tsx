// The Inspector's Caption style section (docs/render-semantics.md "Caption style
// properties"): the selected captions' look — size, colours, outline, shadow, box,
// position, line limits, capitals and the active word — or their caption track's defaults,
// each change one edit (updateCaption for each caption, updateTrack for the track). Saved
// presets (the app's settings: preferences.captionPresets) are made from what a caption
// shows and applied to a caption track or to the selected captions.
import { useEffect, useState, type FormEvent } from 'react';
import type { EditorCommand } from '../../../shared/timeline/editorCommands.ts';
import {
  CAPTION_STYLE_FIELD_NAMES,
  CAPTION_STYLE_FIELDS,
  CAPTION_STYLE_RANGES,
  captionLookOf,
  type CaptionLook,
  type CaptionStyle,
  type CaptionStyleField,
  type CaptionStyleInput,
} from '../../../shared/timeline/captionStyle.ts';
import type { CaptionClip, Track } from '../../../shared/timeline/timelineTypes.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import { useCaptionPresets } from '../../stores/captionPresetsStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { ChoiceSetting, NumberSetting } from './InspectorFields.tsx';
import { common } from './inspectorValues.ts';

type CaptionItem = { readonly clip: CaptionClip; readonly track: Track };
/** What the section changes: the selected captions, or one caption track's defaults. */
export type StyleTarget = { kind: 'captions'; items: readonly CaptionItem[] } | { kind: 'track'; track: Track };

const LABELS: Record<CaptionStyleField, string> = {
  fontSizePx: 'Size',
  textColor: 'Text colour',
  outlineColor: 'Outline colour',
  outlineWidthPx: 'Outline width',
  shadow: 'Shadow',
  boxColor: 'Box colour',
  boxOpacity: 'Box opacity',
  boxPaddingPx: 'Box padding',
  positionY: 'Vertical position',
  maxCharsPerLine: 'Most characters per line',
  maxLines: 'Most lines',
  uppercase: 'Upper case',
  spokenWordColor: 'Said word colour',
  activeWordColor: 'Active word colour',
  activeWordScale: 'Active word pop',
  activeWordBoxColor: 'Active word box',
};
const UNITS: Partial<Record<CaptionStyleField, string>> = {
  fontSizePx: 'px at 1080 lines',
  outlineWidthPx: 'px at 1080 lines',
  boxPaddingPx: 'px at 1080 lines',
  positionY: 'of the height',
};

function commandsFor(target: StyleTarget, input: CaptionStyleInput): EditorCommand[] {
  if (target.kind === 'track') return [{ type: 'updateTrack', trackId: target.track.id, captionStyle: input }];
  return target.items.map(({ clip }) => ({ type: 'updateCaption', clipId: clip.id, captionStyle: input }));
}

/** The value each field shows: the look the captions have (shared, else Mixed), or what the track sets (else blank). */
function shownOf(target: StyleTarget, field: CaptionStyleField): CaptionLook[CaptionStyleField] | null {
  if (target.kind === 'track') return target.track.captionStyle?.[field] ?? null;
  const looks = target.items.map(({ clip, track }) => captionLookOf(clip.style, track.captionStyle, clip.captionStyle));
  return common(looks.map((look) => look[field])) ?? null;
}

export function CaptionStyleSettings({ target }: { target: StyleTarget }) {
  const name = target.kind === 'track' ? `Caption track look (${target.track.name})` : 'Caption look';
  const apply = (label: string, input: CaptionStyleInput) =>
    useTimeline.getState().edit(commandsFor(target, input), label);
  const set = (field: CaptionStyleField, value: unknown) =>
    apply(`Change caption ${LABELS[field].toLowerCase()}`, { [field]: value } as CaptionStyleInput);
  return (
    <section className="tl-inspector-section" aria-label={name}>
      <h3>{name}</h3>
      {CAPTION_STYLE_FIELD_NAMES.map((field) => {
        const value = shownOf(target, field);
        const schema = CAPTION_STYLE_FIELDS[field];
        if (field in CAPTION_STYLE_RANGES) {
          const { min, max } = CAPTION_STYLE_RANGES[field as keyof typeof CAPTION_STYLE_RANGES];
          return (
            <NumberSetting
              key={field}
              label={LABELS[field]}
              def={{ min, max, default: min, unit: UNITS[field] ?? null, description: schema.description }}
              value={typeof value === 'number' ? value : null}
              onCommit={(v) => set(field, v)}
            />
          );
        }
        if (field === 'shadow' || field === 'uppercase')
          return (
            <label key={field} className="tl-setting">
              <input type="checkbox" checked={value === true} onChange={(e) => set(field, e.target.checked)} />{' '}
              {LABELS[field]}
            </label>
          );
        return (
          <Field key={field} label={LABELS[field]} className="tl-setting">
            {(control) => (
              <input
                {...control}
                type="color"
                value={typeof value === 'string' ? value.toLowerCase() : '#000000'}
                onChange={(e) => set(field, e.target.value)}
              />
            )}
          </Field>
        );
      })}
      <Button
        size="sm"
        variant="secondary"
        onClick={() =>
          apply(
            'Reset caption style',
            Object.fromEntries(CAPTION_STYLE_FIELD_NAMES.map((f) => [f, null])) as CaptionStyleInput,
          )
        }
      >
        Reset caption style
      </Button>
      <CaptionPresetChoice target={target} apply={apply} />
    </section>
  );
}

/** The properties a caption shows that differ from its style's: what a preset made from it keeps. */
function styleOfCaption({ clip, track }: CaptionItem): CaptionStyle {
  return { ...track.captionStyle, ...clip.captionStyle };
}

function CaptionPresetChoice({
  target,
  apply,
}: {
  target: StyleTarget;
  apply: (label: string, input: CaptionStyleInput) => boolean;
}) {
  const presets = useCaptionPresets((s) => s.presets);
  const [newName, setNewName] = useState('');
  useEffect(() => useCaptionPresets.getState().load(), []);
  function save(event: FormEvent) {
    event.preventDefault();
    if (target.kind !== 'captions' || !newName.trim()) return;
    void useCaptionPresets
      .getState()
      .save(newName.trim(), styleOfCaption(target.items[0]!))
      .then((saved) => saved && setNewName(''));
  }
  const names = Object.keys(presets);
  return (
    <>
      {names.length > 0 && (
        <ChoiceSetting
          label={target.kind === 'track' ? 'Apply preset to track' : 'Apply preset'}
          value=""
          choices={[{ id: '', label: 'Choose a preset…' }, ...names.map((n) => ({ id: n, label: n }))]}
          onChoose={(chosen) => {
            const style = presets[chosen];
            if (!style) return;
            // Everything the preset does not set goes back to the style's own value.
            const cleared = Object.fromEntries(CAPTION_STYLE_FIELD_NAMES.map((f) => [f, null]));
            apply(`Apply caption preset “${chosen}”`, { ...cleared, ...style } as CaptionStyleInput);
          }}
        />
      )}
      {target.kind === 'captions' && (
        <form onSubmit={save} className="tl-setting-row" aria-label="Save caption preset">
          <Field label="New preset name" className="tl-setting">
            {(control) => (
              <input {...control} value={newName} maxLength={40} onChange={(e) => setNewName(e.target.value)} />
            )}
          </Field>
          <Button type="submit" size="sm" disabled={!newName.trim()}>
            Save style as preset
          </Button>
        </form>
      )}
    </>
  );
}
