// The app's preferences in the contract (spread into REQUESTS in ../ipc.ts): the theme and the
// editor's panel sizes, read at start and saved as they change.
import { z } from 'zod';
import { request } from './contractParts.ts';
import { PanelSizesSchema, ThemeChoiceSchema, type PreferencesView } from './preferencesView.ts';

export const PREFERENCES_REQUESTS = {
  'preferences.get': request<PreferencesView>()(z.undefined()),
  /** Changes only what is given; `panels` is merged into the sizes kept (a size of a panel not named stays). */
  'preferences.update': request<PreferencesView>()(
    z.strictObject({ theme: ThemeChoiceSchema.optional(), panels: PanelSizesSchema.optional() }),
  ),
} as const;
