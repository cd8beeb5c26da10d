// The app's own preferences as the renderer sees them (the settings file keeps them; see
// main/core/settings/settingsSchema.ts): the colour theme, the sizes of the editor's
// resizable panels, and where the user was (the screen, each workspace's open project, each
// project's timeline zoom) so a reload or a restart comes back there. Shared so that the
// settings schema and the contract agree on one shape.
import { z } from 'zod';
import { CaptionStyleSchema } from '../timeline/captionStyle.ts';
import { THEME_CHOICES } from './firstScreen.ts';
import { SCREEN_NAMES, type ScreenName } from './placeNames.ts';

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

export const ScreenNameSchema = z.enum(SCREEN_NAMES, {
  error: `a screen is one of ${SCREEN_NAMES.join(', ')}`,
});

const WORKSPACE_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;
const ZOOM_KEY = /^[a-z0-9][a-z0-9-]{0,62}\/[1-9][0-9]{0,15}$/;

/** A record whose keys are checked here rather than by a key schema, so the message says what a key looks like. */
function keyedRecord<T extends z.ZodType>(values: T, key: RegExp, keyMessage: string, max: number, what: string) {
  return z.record(z.string(), values).superRefine((record, ctx) => {
    const keys = Object.keys(record);
    if (keys.length > max) ctx.addIssue({ code: 'custom', message: `at most ${max} ${what} are kept` });
    for (const name of keys.filter((k) => !key.test(k)).slice(0, 3))
      ctx.addIssue({ code: 'custom', path: [name], message: keyMessage });
  });
}

/** The open project of each workspace (a project ID is the service's, so it means nothing elsewhere). */
export const OPEN_PROJECTS_MAX = 64;
export const OpenProjectsSchema = keyedRecord(
  z.int('a project ID is a whole number').positive('a project ID is positive'),
  WORKSPACE_ID,
  'a workspace id is 1 to 63 lowercase letters, digits and dashes',
  OPEN_PROJECTS_MAX,
  "workspaces' open projects",
);
export type OpenProjects = z.infer<typeof OpenProjectsSchema>;

/** The most recent projects' zooms are kept; older ones are forgotten first. */
export const TIMELINE_ZOOMS_MAX = 200;
/** Pixels per millisecond: a frame is never wider than this on any screen. */
export const TimelineZoomSchema = z
  .number('a zoom is a number of pixels per millisecond')
  .positive('a zoom is more than 0 pixels per millisecond')
  .max(100, 'a zoom is at most 100 pixels per millisecond');
export const TimelineZoomsSchema = keyedRecord(
  TimelineZoomSchema,
  ZOOM_KEY,
  'a zoom is kept under "<workspace id>/<project id>"',
  TIMELINE_ZOOMS_MAX,
  'timeline zooms',
);
export type TimelineZooms = z.infer<typeof TimelineZoomsSchema>;

export interface PreferencesView {
  theme: ThemeChoice;
  panels: PanelSizes;
}

/** Where the user was: kept with the preferences, read and saved on its own. */
export interface PlaceView {
  /** The screen shown last; null before the first choice. */
  screen: ScreenName | null;
  openProjects: OpenProjects;
  timelineZooms: TimelineZooms;
}

/** Saved caption looks, by name: made from a caption, applied to a caption track. */
export const CAPTION_PRESETS_MAX = 50;
export const CaptionPresetNameSchema = z
  .string()
  .trim()
  .min(1, 'a caption preset needs a name')
  .max(40, 'a caption preset name is at most 40 characters');
export const CaptionPresetsSchema = z
  .record(z.string(), CaptionStyleSchema)
  .refine((presets) => Object.keys(presets).length <= CAPTION_PRESETS_MAX, {
    message: `at most ${CAPTION_PRESETS_MAX} caption presets are kept: delete one first`,
  });
export type CaptionPresets = z.infer<typeof CaptionPresetsSchema>;
