// The app's own preferences as the renderer sees them (the settings file keeps them; see
// main/core/settings/settingsSchema.ts): the colour theme and the sizes of the editor's
// resizable panels. Shared so that the settings schema and the contract agree on one shape.
import { z } from 'zod';

/** dark is the default, as in professional editors; system follows the operating system. */
export const THEME_CHOICES = ['dark', 'light', 'system'] as const;
export const ThemeChoiceSchema = z.enum(THEME_CHOICES);
export type ThemeChoice = z.infer<typeof ThemeChoiceSchema>;

/** A panel's name, such as "timeline.bin" (screen, then panel). */
const PANEL_ID = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)*$/;
const PANEL_ID_MAX = 64;

/** A panel's size in CSS pixels. */
export const PanelSizeSchema = z
  .int('a panel size is a whole number of pixels')
  .min(0)
  .max(8000, 'a panel is at most 8000 pixels');

export const PANELS_MAX = 64;

export const PanelSizesSchema = z.record(z.string(), PanelSizeSchema).superRefine((sizes, ctx) => {
  const names = Object.keys(sizes);
  if (names.length > PANELS_MAX)
    ctx.addIssue({ code: 'custom', message: `at most ${PANELS_MAX} panel sizes are kept` });
  // Checked here rather than as the record's key schema, so the message says what a name looks like.
  for (const name of names.filter((n) => !PANEL_ID.test(n) || n.length > PANEL_ID_MAX).slice(0, 3))
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `a panel is named like "timeline.bin" (at most ${PANEL_ID_MAX} characters)`,
    });
});
export type PanelSizes = z.infer<typeof PanelSizesSchema>;

export interface PreferencesView {
  theme: ThemeChoice;
  panels: PanelSizes;
}
