// A keymap as a JSON file (Settings › Shortcuts › Export / Import): every command's keys and
// the set they started from. An imported file is checked whole before anything changes — its
// shape and key spellings by the shared schema, then its commands and keys against this app's
// table — and every problem is named, so the user can fix the file.
import {
  KEYMAP_FILE_FORMAT,
  KEYMAP_FILE_VERSION,
  KeymapFileSchema,
  type KeymapFile,
  type KeymapSettings,
} from '../../../shared/keymap/keymapSchema.ts';
import { allBindings, conflictsOf, presetKeys, type KeymapCommand } from './keyBindings.ts';

export const KEYMAP_FILE_NAME = 'clipdesk-shortcuts.json';
const PROBLEMS_SHOWN = 5;

export function keymapFileText(commands: readonly KeymapCommand[], keymap: KeymapSettings): string {
  const file: KeymapFile = {
    format: KEYMAP_FILE_FORMAT,
    version: KEYMAP_FILE_VERSION,
    preset: keymap.preset,
    bindings: allBindings(commands, keymap),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

export type KeymapFileRead =
  { readonly ok: true; readonly keymap: KeymapSettings } | { readonly ok: false; readonly problems: readonly string[] };

function where(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '' : `${path.map(String).join('.')}: `;
}

/** The keymap a file gives: its set, with the commands it lists given the keys it lists. */
export function readKeymapFile(text: string, commands: readonly KeymapCommand[]): KeymapFileRead {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, problems: [`The file is not JSON (${(err as Error).message}).`] };
  }
  const parsed = KeymapFileSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.slice(0, PROBLEMS_SHOWN).map((issue) => `${where(issue.path)}${issue.message}`),
    };
  const known = new Map(commands.map((c) => [c.id, c]));
  const unknown = Object.keys(parsed.data.bindings).filter((id) => !known.has(id));
  if (unknown.length > 0)
    return {
      ok: false,
      problems: [
        `The file names ${unknown.length === 1 ? 'a command' : 'commands'} Clipdesk does not have: ${unknown
          .slice(0, PROBLEMS_SHOWN)
          .map((id) => `"${id}"`)
          .join(', ')}.`,
      ],
    };
  const changed: Record<string, string[]> = {};
  for (const [id, keys] of Object.entries(parsed.data.bindings)) {
    const command = known.get(id)!;
    const preset = presetKeys(command, parsed.data.preset);
    if (keys.length !== preset.length || keys.some((k, i) => preset[i] !== k)) changed[id] = keys;
  }
  const keymap: KeymapSettings = { preset: parsed.data.preset, changed };
  // A command the file leaves out keeps its set's key, which may be one the file gave away.
  const conflicts = conflictsOf(commands, keymap);
  if (conflicts.length > 0)
    return {
      ok: false,
      problems: conflicts
        .slice(0, PROBLEMS_SHOWN)
        .map(
          ({ chord, commands: held }) =>
            `${chord} is given to ${held.map((c) => `“${c.action}” (${c.id})`).join(' and ')}: give each key to one command.`,
        ),
    };
  return { ok: true, keymap };
}
