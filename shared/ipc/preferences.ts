// The app's preferences in the contract (spread into REQUESTS in ../ipc.ts): the theme, the
// editor's panel sizes, where the user was (screen, open project, timeline zoom) and the
// keymap, read at start and saved as they change.
import { z } from 'zod';
import { request } from './contractParts.ts';
import { KeymapSettingsSchema, type KeymapSettings } from '../keymap/keymapSchema.ts';
import { CaptionStyleSchema } from '../timeline/captionStyle.ts';
import {
  CaptionPresetNameSchema,
  OpenProjectsSchema,
  PanelSizesSchema,
  ScreenNameSchema,
  ThemeChoiceSchema,
  TimelineZoomsSchema,
  type CaptionPresets,
  type PlaceView,
  type PreferencesView,
} from './preferencesView.ts';

export const PREFERENCES_REQUESTS = {
  'preferences.get': request<PreferencesView>()(z.undefined()),
  /** Changes only what is given; `panels` is merged into the sizes kept (a size of a panel not named stays). */
  'preferences.update': request<PreferencesView>()(
    z.strictObject({ theme: ThemeChoiceSchema.optional(), panels: PanelSizesSchema.optional() }),
  ),
  /** Where the user was (screen, each workspace's open project, each project's zoom). */
  'preferences.place': request<PlaceView>()(z.undefined()),
  /**
   * Changes only what is given; `openProjects` and `timelineZooms` are merged into what is
   * kept (an entry not named stays; past the limit, the least recently zoomed go first).
   */
  'preferences.updatePlace': request<PlaceView>()(
    z.strictObject({
      screen: ScreenNameSchema.optional(),
      openProjects: OpenProjectsSchema.optional(),
      timelineZooms: TimelineZoomsSchema.optional(),
    }),
  ),
  /** The shortcuts' set and the keys the user changed from it (Settings › Shortcuts). */
  'preferences.keymap': request<KeymapSettings>()(z.undefined()),
  /** Replaces the keymap kept; answers it as kept. */
  'preferences.updateKeymap': request<KeymapSettings>()(KeymapSettingsSchema),
  /** The saved caption style presets, by name. */
  'preferences.captionPresets': request<CaptionPresets>()(z.undefined()),
  /** Saves a preset under its name (replacing one of that name), or with `style` null deletes it. */
  'preferences.saveCaptionPreset': request<CaptionPresets>()(
    z.strictObject({ name: CaptionPresetNameSchema, style: CaptionStyleSchema.nullable() }),
  ),
} as const;
