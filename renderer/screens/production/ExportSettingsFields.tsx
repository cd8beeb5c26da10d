// The Export dialog's settings: a preset for where the video goes (each naming its frame,
// frame rate, codecs and bit rates, and warning when the project's shape is not the
// preset's), then the format, resolution, frame rate and quality it set (changing one
// makes the settings custom), the loudness of an audio format and whether captions are
// burnt into the picture.
import {
  FORMAT_FACTS,
  FORMATS,
  FRAME_RATES,
  frameSizeOf,
  isAudioFormat,
  LOUDNESS,
  QUALITIES,
  RESOLUTIONS,
  type Format,
  type FrameRate,
  type Quality,
  type Resolution,
} from '../../../shared/api/outputSettings.ts';
import { EXPORT_PRESETS, presetShapeWarning, presetSummary } from '../../../shared/production/exportPresets.ts';
import { Field } from '../../components/Field.tsx';
import { withPreset, withSetting, type ExportSettings } from './exportChoice.ts';

const QUALITY_WORDS: Record<Quality, string> = {
  draft: 'Draft (fastest, smallest)',
  standard: 'Standard',
  high: 'High (slowest, largest)',
};

export function ExportSettingsFields({
  settings,
  onChange,
  aspectRatio,
  still,
}: {
  settings: ExportSettings;
  onChange: (settings: ExportSettings) => void;
  aspectRatio: string | null;
  /** A still frame is a PNG: the format, frame rate and sound do not apply. */
  still: boolean;
}) {
  const preset = EXPORT_PRESETS.find((p) => p.id === settings.presetId) ?? null;
  const warning = preset ? presetShapeWarning(preset, aspectRatio) : null;
  const audio = isAudioFormat(settings.format) && !still;
  const size = aspectRatio ? frameSizeOf(aspectRatio, settings.resolution) : null;
  const set = <K extends Exclude<keyof ExportSettings, 'presetId'>>(key: K, value: ExportSettings[K]) =>
    onChange(withSetting(settings, key, value));

  return (
    <>
      <Field label="Preset" hint={preset ? presetSummary(preset, aspectRatio) : 'The settings below, as you set them.'}>
        {(control) => (
          <select
            {...control}
            value={settings.presetId}
            onChange={(e) => onChange(withPreset(settings, e.target.value))}
          >
            <option value="custom">Custom</option>
            {EXPORT_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {warning && (
        <p className="pr-export-warning" role="status" aria-label="Shape warning">
          {warning}
        </p>
      )}
      {!still && (
        <Field label="Format" hint={FORMAT_FACTS[settings.format].codecs}>
          {(control) => (
            <select {...control} value={settings.format} onChange={(e) => set('format', e.target.value as Format)}>
              {FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_FACTS[f].label}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {!audio && (
        <Field label="Resolution" hint={size ? `${size.width} × ${size.height} pixels` : undefined}>
          {(control) => (
            <select
              {...control}
              value={settings.resolution}
              onChange={(e) => set('resolution', e.target.value as Resolution)}
            >
              {RESOLUTIONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {!audio && !still && (
        <Field label="Frame rate">
          {(control) => (
            <select
              {...control}
              value={settings.frameRate}
              onChange={(e) => set('frameRate', Number(e.target.value) as FrameRate)}
            >
              {FRAME_RATES.map((r) => (
                <option key={r} value={r}>
                  {r} fps
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {!still && (
        <Field label="Quality">
          {(control) => (
            <select {...control} value={settings.quality} onChange={(e) => set('quality', e.target.value as Quality)}>
              {QUALITIES.map((q) => (
                <option key={q} value={q}>
                  {QUALITY_WORDS[q]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {audio && (
        <Field
          label="Loudness (LUFS)"
          hint={`Integrated loudness, ${LOUDNESS.min} to ${LOUDNESS.max}: −16 for podcasts, −14 for video platforms.`}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={LOUDNESS.min}
              max={LOUDNESS.max}
              step={1}
              value={settings.loudnessLufs}
              onChange={(e) => {
                const value = Number(e.target.value);
                if (e.target.value !== '' && Number.isFinite(value))
                  set('loudnessLufs', Math.min(LOUDNESS.max, Math.max(LOUDNESS.min, value)));
              }}
            />
          )}
        </Field>
      )}
      {!audio && (
        <label className="pr-export-check">
          <input
            type="checkbox"
            checked={settings.burnCaptions}
            onChange={(e) => set('burnCaptions', e.target.checked)}
          />
          Burn captions into the picture
        </label>
      )}
    </>
  );
}
