// The app's preferences (theme, panel sizes): read at start, saved as the user changes
// them. Panel sizes are merged, so one panel's resize never forgets another's size.
import type { ContractHandlers } from '../../../shared/ipc.ts';
import type { PreferencesView } from '../../../shared/ipc/preferencesView.ts';
import type { Preferences } from '../settings/settingsSchema.ts';
import type { SettingsService } from '../settings/settingsService.ts';

type PreferencesRequests = 'preferences.get' | 'preferences.update';

function view(preferences: Preferences): PreferencesView {
  return { theme: preferences.theme, panels: preferences.panels };
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
  };
}
