// The one schema of the settings file (DESIGN.md "What the app keeps"):
// workspaces, preferences, window state, where the user was and the keymap. Types are inferred from it; every
// field that may be missing has a default, so a file from an older Clipdesk
// reads as valid and gains the new fields.
import { randomBytes } from 'node:crypto';
import { isSupportedCountry } from 'libphonenumber-js';
import { z } from 'zod';
import { MEDIA_CACHE_LIMITS } from '../../../shared/preview/previewMedia.ts';
import {
  CaptionPresetsSchema,
  OpenProjectsSchema,
  PanelSizesSchema,
  ScreenNameSchema,
  ThemeChoiceSchema,
  TimelineZoomsSchema,
} from '../../../shared/ipc/preferencesView.ts';
import { EXAMPLE_PHONE_NUMBER } from '../../../shared/exampleNumbers.ts';
import { KeymapSettingsSchema } from '../../../shared/keymap/keymapSchema.ts';

export const SETTINGS_VERSION = 1;

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** True for a host that is this computer: plain http is safe there. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.test(hostname);
}

const baseUrl = (what: string) =>
  z
    .url({ protocol: /^https?$/, error: `${what} must be a full http(s) URL, such as https://api.example.com` })
    // A value that is no URL at all was reported above; these checks pass it by.
    .refine((value) => {
      const url = URL.parse(value);
      return !url || url.protocol === 'https:' || isLoopbackHost(url.hostname);
    }, `${what} must use https unless its host is this computer (localhost, 127.0.0.1 or [::1])`)
    .refine((value) => {
      const url = URL.parse(value);
      return !url || (url.search === '' && url.hash === '' && url.username === '' && url.password === '');
    }, `${what} must not carry a query, a fragment or credentials: keys live in the keychain`);

export const workspaceIdSchema = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,62}$/,
    'A workspace id is 1 to 63 lowercase letters, digits and dashes, starting with a letter or digit',
  );

export const tunnelSchema = z.discriminatedUnion('mode', [
  /** No tunnel: the app polls for job results. */
  z.object({ mode: z.literal('none') }),
  /** The service reaches the app's webhook receiver on 127.0.0.1 directly (the local sandbox). */
  z.object({ mode: z.literal('loopback') }),
  /** A command the user chose (e.g. a tunnel client) that forwards bytes untouched to the receiver. */
  z.object({
    mode: z.literal('command'),
    command: z
      .string({ error: 'A command tunnel needs the command to run' })
      .trim()
      .min(1, 'The tunnel command must not be empty')
      .max(2000, 'The tunnel command is at most 2000 characters'),
  }),
]);

const workspaceCommon = {
  id: workspaceIdSchema,
  name: z.string().trim().min(1, 'A workspace needs a name').max(80, 'A workspace name is at most 80 characters'),
  tunnel: tunnelSchema.default({ mode: 'none' }),
  /** ISO 3166 country for phone numbers written without +country code; null means every number needs one. */
  defaultCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, 'The default country is a two-letter code such as US or GB')
    .refine((code) => isSupportedCountry(code), 'The default country is not a country phone numbers can be read for')
    .nullable()
    .default(null),
  /** The approved sender ID (a phone number) messages go out from. */
  senderId: z
    .string()
    .regex(/^\+?[0-9][0-9 ()-]{2,24}$/, `The sender ID is a phone number, such as ${EXAMPLE_PHONE_NUMBER}`)
    .nullable()
    .default(null),
};

export const localWorkspaceSchema = z.object({
  ...workspaceCommon,
  kind: z.literal('local'),
  /** Absolute folder for the bundled sandbox's data; null: a folder under the app's data folder. */
  dataFolder: z
    .string()
    .regex(/^(\/|[A-Za-z]:[\\/])/, 'The sandbox data folder must be an absolute path')
    .nullable()
    .default(null),
  /** 0: a free loopback port is chosen at each start. */
  port: z.int('The port must be a whole number').min(0).max(65535, 'The port is at most 65535').default(0),
});

export const remoteWorkspaceSchema = z.object({
  ...workspaceCommon,
  kind: z.literal('remote'),
  createBaseUrl: baseUrl('The Create API base URL'),
  /** null: no Messaging API is set up for this account (the Messaging screen asks for it). */
  messagingBaseUrl: baseUrl('The Messaging API base URL').nullable().default(null),
});

export const workspaceSchema = z.discriminatedUnion('kind', [localWorkspaceSchema, remoteWorkspaceSchema]);

export const preferencesSchema = z.object({
  /** Dark by default, as in professional editors (the renderer's tokens hold both themes). */
  theme: ThemeChoiceSchema.default('dark'),
  /** The editor's resizable panels, by name ("timeline.bin"): their sizes in pixels. */
  panels: PanelSizesSchema.default({}),
  /** Ask before starting work that costs money. */
  confirmPaidWork: z.boolean().default(true),
  /** Show a system notification when a long job ends. */
  notifyWhenJobsFinish: z.boolean().default(true),
  /** How much the media cache (the monitor's copies and proxies of assets) may hold. */
  mediaCacheLimitBytes: z
    .int('The media cache limit is a whole number of bytes')
    .min(MEDIA_CACHE_LIMITS.minBytes, 'The media cache limit is at least 256 MiB')
    .max(MEDIA_CACHE_LIMITS.maxBytes, 'The media cache limit is at most 1 TiB')
    .default(MEDIA_CACHE_LIMITS.defaultBytes),
  /** Saved caption looks by name (the Inspector's caption style presets). */
  captionPresets: CaptionPresetsSchema.default({}),
});

/** Where the user was, so a reload or a restart comes back there (the undo history is not kept). */
export const placeSchema = z.object({
  /** The screen shown last. */
  screen: ScreenNameSchema.nullable().default(null),
  /** Each workspace's open project. */
  openProjects: OpenProjectsSchema.default({}),
  /** Each project's timeline zoom, by "<workspace id>/<project id>". */
  timelineZooms: TimelineZoomsSchema.default({}),
});

export const windowStateSchema = z.object({
  x: z.int().nullable().default(null),
  y: z.int().nullable().default(null),
  width: z.int().min(400, 'The window is at least 400 pixels wide').max(100_000).default(1280),
  height: z.int().min(300, 'The window is at least 300 pixels high').max(100_000).default(800),
  maximized: z.boolean().default(false),
});

/** A profile's own id: random, made once, names its keychain entries (two profiles of one OS user share the keychain). */
export function newProfileId(): string {
  return randomBytes(8).toString('hex');
}

export const profileSchema = z.object({
  id: z.string().regex(/^[a-z0-9]{8,64}$/, 'The profile id is 8 to 64 lowercase letters and digits'),
  /**
   * True while this profile may still adopt the keychain entries Clipdesk wrote before entries
   * were named by profile (`workspace:<id>`): only a profile whose settings predate the change
   * used them. A profile made since never adopts another's entry (docs/decisions.md).
   */
  adoptsUnscopedKeychain: z.boolean(),
});

export const settingsSchema = z
  .object({
    version: z.literal(SETTINGS_VERSION),
    // Settings without it were written before profiles had ids: that profile used the unscoped entries.
    profile: profileSchema.default(() => ({ id: newProfileId(), adoptsUnscopedKeychain: true })),
    workspaces: z.array(workspaceSchema).min(1, 'Keep at least one workspace'),
    activeWorkspaceId: workspaceIdSchema,
    preferences: preferencesSchema.default(() => preferencesSchema.parse({})),
    window: windowStateSchema.default(() => windowStateSchema.parse({})),
    place: placeSchema.default(() => placeSchema.parse({})),
    /**
     * The shortcuts' set and the keys the user changed (Settings › Shortcuts). A damaged
     * keymap falls back to the default keys rather than costing the user the rest of the file.
     */
    keymap: KeymapSettingsSchema.catch(() => ({ preset: 'default' as const, changed: {} })),
  })
  .superRefine((settings, ctx) => {
    const seen = new Set<string>();
    settings.workspaces.forEach((workspace, index) => {
      if (seen.has(workspace.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['workspaces', index, 'id'],
          message: `Two workspaces have the id "${workspace.id}"`,
        });
      }
      seen.add(workspace.id);
    });
    if (!seen.has(settings.activeWorkspaceId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['activeWorkspaceId'],
        message: `No workspace has the id "${settings.activeWorkspaceId}"`,
      });
    }
  });

export type Settings = z.infer<typeof settingsSchema>;
export type Workspace = z.infer<typeof workspaceSchema>;
export type LocalWorkspace = z.infer<typeof localWorkspaceSchema>;
export type RemoteWorkspace = z.infer<typeof remoteWorkspaceSchema>;
export type Tunnel = z.infer<typeof tunnelSchema>;
export type Preferences = z.infer<typeof preferencesSchema>;
export type Profile = z.infer<typeof profileSchema>;
export type WindowState = z.infer<typeof windowStateSchema>;
export type Place = z.infer<typeof placeSchema>;
export type { KeymapSettings } from '../../../shared/keymap/keymapSchema.ts';
/** What callers may pass: fields with defaults may be left out. */
export type WorkspaceInput = z.input<typeof workspaceSchema>;

export const LOCAL_WORKSPACE_ID = 'local';

/** The settings of a first start: the bundled sandbox, working offline. */
export function defaultSettings(): Settings {
  return settingsSchema.parse({
    version: SETTINGS_VERSION,
    profile: { id: newProfileId(), adoptsUnscopedKeychain: false },
    workspaces: [{ id: LOCAL_WORKSPACE_ID, name: 'Local sandbox', kind: 'local', tunnel: { mode: 'loopback' } }],
    activeWorkspaceId: LOCAL_WORKSPACE_ID,
  });
}
