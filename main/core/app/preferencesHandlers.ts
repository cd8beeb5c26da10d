// The app's preferences (theme, panel sizes, where the user was, the keymap): read at start, saved as the
// user changes them. Panel sizes, open projects and zooms are merged, so one panel's resize
// never forgets another's size; the zooms of the least recently zoomed projects go first.
import { AppFailure, appError } from '../../../shared/appError.ts';
import type { ContractHandlers } from '../../../shared/ipc.ts';
import {
  CAPTION_PRESETS_MAX,
  TIMELINE_ZOOMS_MAX,
  type PlaceView,
  type PreferencesView,
  type TimelineZooms,
} from '../../../shared/ipc/preferencesView.ts';
import type { Place, Preferences } from '../settings/settingsSchema.ts';
import type { SettingsService } from '../settings/settingsService.ts';

type PreferencesRequests =
  | 'preferences.get'
  | 'preferences.update'
  | 'preferences.place'
  | 'preferences.updatePlace'
  | 'preferences.keymap'
  | 'preferences.updateKeymap'
  | 'preferences.captionPresets'
  | 'preferences.saveCaptionPreset';

function view(preferences: Preferences): PreferencesView {
  return { theme: preferences.theme, panels: preferences.panels };
}

function placeView(place: Place): PlaceView {
  const { screen, openProjects, timelineZooms } = place;
  return { screen, openProjects, timelineZooms };
}

/** The zooms kept with the newest last (a key given again moves to the end), at most the limit. */
export function mergeZooms(kept: TimelineZooms, changed: TimelineZooms): TimelineZooms {
  const merged: TimelineZooms = { ...kept };
  for (const [key, zoom] of Object.entries(changed)) {
    delete merged[key];
    merged[key] = zoom;
  }
  const keys = Object.keys(merged);
  for (const key of keys.slice(0, Math.max(0, keys.length - TIMELINE_ZOOMS_MAX))) delete merged[key];
  return merged;
}

export function preferencesHandlers(deps: {
  readonly settings: SettingsService;
}): Pick<ContractHandlers, PreferencesRequests> {
  const { settings } = deps;
  return {
    async 'preferences.get'() {
      return view(settings.get().preferences);
    },
    async 'preferences.update'({ theme, panels }) {
      const current = settings.get().preferences;
      return view(
        settings.setPreferences({
          ...(theme === undefined ? {} : { theme }),
          ...(panels === undefined ? {} : { panels: { ...current.panels, ...panels } }),
        }),
      );
    },
    async 'preferences.keymap'() {
      return settings.get().keymap;
    },
    async 'preferences.updateKeymap'(keymap) {
      return settings.setKeymap(keymap);
    },
    async 'preferences.captionPresets'() {
      return settings.get().preferences.captionPresets;
    },
    async 'preferences.saveCaptionPreset'({ name, style }) {
      const presets = { ...settings.get().preferences.captionPresets };
      if (style === null) delete presets[name];
      else {
        if (!(name in presets) && Object.keys(presets).length >= CAPTION_PRESETS_MAX)
          throw new AppFailure(
            appError(
              'request.invalid',
              `At most ${CAPTION_PRESETS_MAX} caption presets are kept: delete one before saving "${name}".`,
            ),
          );
        presets[name] = style;
      }
      return settings.setPreferences({ captionPresets: presets }).captionPresets;
    },
    async 'preferences.place'() {
      return placeView(settings.get().place);
    },
    async 'preferences.updatePlace'({ screen, openProjects, timelineZooms }) {
      const current = settings.get().place;
      return placeView(
        settings.setPlace({
          ...(screen === undefined ? {} : { screen }),
          ...(openProjects === undefined ? {} : { openProjects: { ...current.openProjects, ...openProjects } }),
          ...(timelineZooms === undefined ? {} : { timelineZooms: mergeZooms(current.timelineZooms, timelineZooms) }),
        }),
      );
    },
  };
}
