// The Export dialog's choices as one value: a preset (or custom settings), the output
// settings it sends, and what of the timeline goes out. Choosing a preset sets the
// settings; changing a setting afterwards makes them custom.
import {
  EXPORT_DEFAULTS,
  isAudioFormat,
  LOUDNESS,
  type Format,
  type FrameRate,
  type OutputSettings,
  type Quality,
  type Resolution,
} from '../../../shared/api/outputSettings.ts';
import { EXPORT_PRESETS } from '../../../shared/production/exportPresets.ts';

export interface ExportSettings {
  presetId: string | 'custom';
  format: Format;
  resolution: Resolution;
  frameRate: FrameRate;
  quality: Quality;
  loudnessLufs: number;
  burnCaptions: boolean;
}

export const INITIAL_SETTINGS: ExportSettings = {
  presetId: 'custom',
  format: 'mp4',
  ...EXPORT_DEFAULTS,
  loudnessLufs: LOUDNESS.default,
  burnCaptions: true,
};

/** The settings a preset sets (captions stay as chosen). */
export function withPreset(settings: ExportSettings, presetId: string): ExportSettings {
  const preset = EXPORT_PRESETS.find((p) => p.id === presetId);
  if (!preset) return { ...settings, presetId: 'custom' };
  const { loudnessLufs, ...output } = preset.output;
  return { ...settings, ...output, loudnessLufs: loudnessLufs ?? LOUDNESS.default, presetId };
}

/** One setting changed by hand: the settings are no longer a preset's. */
export function withSetting<K extends Exclude<keyof ExportSettings, 'presetId'>>(
  settings: ExportSettings,
  key: K,
  value: ExportSettings[K],
): ExportSettings {
  return { ...settings, [key]: value, presetId: 'custom' };
}

/**
 * The output settings sent: loudness for the audio formats only, captions only when left
 * out. A still is a PNG whatever the format chosen: only its size and captions count.
 */
export function outputOf(settings: ExportSettings, still = false): OutputSettings {
  const audio = isAudioFormat(settings.format) && !still;
  return {
    resolution: settings.resolution,
    frameRate: settings.frameRate,
    quality: settings.quality,
    format: still ? 'mp4' : settings.format,
    ...(audio && { loudnessLufs: settings.loudnessLufs }),
    ...(!audio && !settings.burnCaptions && { burnCaptions: false }),
  };
}
