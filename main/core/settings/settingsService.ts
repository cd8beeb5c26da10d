// Settings: read once, validated with the one schema, changed only through
// validated writes. Stored data that does not validate is never silently lost:
// the file is moved aside to a backup, what can be kept is kept (each valid
// workspace, preferences, window state), defaults fill the rest, and a warning
// says where the backup is.
import { z } from 'zod';
import { UnreadableSettingsError, type SettingsBackend } from './settingsBackend.ts';
import {
  defaultSettings,
  preferencesSchema,
  settingsSchema,
  SETTINGS_VERSION,
  windowStateSchema,
  workspaceSchema,
  type KeymapSettings,
  type Place,
  type Preferences,
  type Profile,
  profileSchema,
  type Settings,
  type WindowState,
  type Workspace,
  type WorkspaceInput,
} from './settingsSchema.ts';

export interface SettingsWarning {
  readonly code: 'settings.recovered';
  readonly message: string;
  /** Where the stored file was moved. */
  readonly backupPath: string;
  /** Each thing that was not valid, with its field. */
  readonly problems: readonly string[];
}

/** A change the schema refuses; the message names the field and what to change. */
export class SettingsValidationError extends Error {
  readonly code = 'settings.invalid';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join('; '));
    this.name = 'SettingsValidationError';
    this.problems = problems;
  }
}

export class SettingsService {
  readonly #backend: SettingsBackend;
  #current: Settings;
  /** Set when the stored settings had to be recovered at open. */
  readonly warning: SettingsWarning | null;

  constructor(backend: SettingsBackend) {
    this.#backend = backend;
    const { settings, warning } = load(backend);
    this.#current = settings;
    this.warning = warning;
  }

  get(): Settings {
    return structuredClone(this.#current);
  }

  activeWorkspace(): Workspace {
    return structuredClone(this.#current.workspaces.find((w) => w.id === this.#current.activeWorkspaceId)!);
  }

  /** Adds a workspace, or replaces the one with the same id. */
  saveWorkspace(input: WorkspaceInput): Workspace {
    const workspace = parseOrThrow(workspaceSchema, input, ['workspace']);
    const current = this.#current.workspaces;
    const exists = current.some((w) => w.id === workspace.id);
    const workspaces = exists ? current.map((w) => (w.id === workspace.id ? workspace : w)) : [...current, workspace];
    this.#replace({ ...this.#current, workspaces });
    return structuredClone(workspace);
  }

  /** Removes a workspace; the last one cannot go. Removing the active one activates the first left. */
  removeWorkspace(id: string): void {
    const workspaces = this.#current.workspaces.filter((w) => w.id !== id);
    if (workspaces.length === this.#current.workspaces.length)
      throw new SettingsValidationError([`workspaceId: No workspace has the id "${id}"`]);
    if (workspaces.length === 0) throw new SettingsValidationError(['workspaces: Keep at least one workspace']);
    const activeWorkspaceId =
      this.#current.activeWorkspaceId === id ? workspaces[0]!.id : this.#current.activeWorkspaceId;
    this.#replace({ ...this.#current, workspaces, activeWorkspaceId });
  }

  /** This profile's own id and whether it may still adopt the keychain's unscoped entries. */
  profile(): Profile {
    return structuredClone(this.#current.profile);
  }

  /** The unscoped keychain entries were adopted (or none were left): never look for them again. */
  markUnscopedKeychainAdopted(): void {
    if (!this.#current.profile.adoptsUnscopedKeychain) return;
    this.#replace({ ...this.#current, profile: { ...this.#current.profile, adoptsUnscopedKeychain: false } });
  }

  setActiveWorkspace(id: string): void {
    this.#replace({ ...this.#current, activeWorkspaceId: id });
  }

  setPreferences(change: Partial<Preferences>): Preferences {
    this.#replace({ ...this.#current, preferences: { ...this.#current.preferences, ...change } });
    return structuredClone(this.#current.preferences);
  }

  setPlace(change: Partial<Place>): Place {
    this.#replace({ ...this.#current, place: { ...this.#current.place, ...change } });
    return structuredClone(this.#current.place);
  }

  setKeymap(keymap: KeymapSettings): KeymapSettings {
    this.#replace({ ...this.#current, keymap });
    return structuredClone(this.#current.keymap);
  }

  setWindowState(state: Partial<WindowState>): void {
    this.#replace({ ...this.#current, window: { ...this.#current.window, ...state } });
  }

  /** Validates the whole document, then stores it; a refused change leaves both memory and file as they were. */
  #replace(next: unknown): void {
    const settings = parseOrThrow(settingsSchema, next, []);
    this.#backend.write(settings);
    this.#current = settings;
  }
}

export function openSettings(backend: SettingsBackend): SettingsService {
  return new SettingsService(backend);
}

function load(backend: SettingsBackend): { settings: Settings; warning: SettingsWarning | null } {
  let stored: unknown;
  try {
    stored = backend.read();
  } catch (err) {
    if (!(err instanceof UnreadableSettingsError)) throw err;
    return recover(backend, defaultSettings(), [err.message]);
  }
  if (stored === undefined) {
    const settings = defaultSettings();
    backend.write(settings);
    return { settings, warning: null };
  }
  const parsed = settingsSchema.safeParse(stored);
  if (parsed.success) {
    // Write back so fields added since the file was written are stored too.
    backend.write(parsed.data);
    return { settings: parsed.data, warning: null };
  }
  const { settings, problems } = salvage(stored);
  return recover(backend, settings, [...problemsOf(parsed.error, []), ...problems].filter(unique));
}

function recover(
  backend: SettingsBackend,
  settings: Settings,
  problems: string[],
): { settings: Settings; warning: SettingsWarning } {
  const backupPath = backend.moveAside();
  backend.write(settings);
  return {
    settings,
    warning: {
      code: 'settings.recovered',
      message: `Some stored settings were not valid and were replaced by defaults. The old file was kept as ${backupPath}.`,
      backupPath,
      problems,
    },
  };
}

/** Keeps each part of an invalid document that is valid on its own. */
function salvage(stored: unknown): { settings: Settings; problems: string[] } {
  const fallback = defaultSettings();
  const source = isRecord(stored) ? stored : {};
  const problems: string[] = [];
  if (source.version !== undefined && source.version !== SETTINGS_VERSION) {
    problems.push(
      `version: The file is version ${JSON.stringify(source.version)}; this Clipdesk reads version ${SETTINGS_VERSION}`,
    );
    return { settings: fallback, problems };
  }

  const workspaces: Workspace[] = [];
  for (const candidate of Array.isArray(source.workspaces) ? source.workspaces : []) {
    const parsed = workspaceSchema.safeParse(candidate);
    if (parsed.success && !workspaces.some((w) => w.id === parsed.data.id)) workspaces.push(parsed.data);
  }
  if (workspaces.length === 0) workspaces.push(...fallback.workspaces);
  const activeId = typeof source.activeWorkspaceId === 'string' ? source.activeWorkspaceId : '';
  const activeWorkspaceId = workspaces.some((w) => w.id === activeId) ? activeId : workspaces[0]!.id;

  // A damaged file of an older profile still names its keychain entries; a lost id makes a new one.
  const profile = profileSchema.safeParse(source.profile);
  const preferences = preferencesSchema.safeParse(source.preferences ?? {});
  const window = windowStateSchema.safeParse(source.window ?? {});
  const settings = settingsSchema.parse({
    version: SETTINGS_VERSION,
    ...(profile.success ? { profile: profile.data } : {}),
    workspaces,
    activeWorkspaceId,
    preferences: preferences.success ? preferences.data : fallback.preferences,
    window: window.success ? window.data : fallback.window,
    // A keymap that is not valid reads as the default keys (the schema's catch).
    keymap: source.keymap,
  });
  return { settings, problems };
}

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, path: PropertyKey[]): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new SettingsValidationError(problemsOf(parsed.error, path));
  return parsed.data;
}

function problemsOf(error: z.ZodError, prefix: PropertyKey[]): string[] {
  return error.issues.map((issue) => {
    const path = [...prefix, ...issue.path].map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unique(value: string, index: number, all: string[]): boolean {
  return all.indexOf(value) === index;
}
