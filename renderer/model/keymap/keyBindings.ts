// Which key runs which command: the commands of a shortcut table (each with its default keys),
// the set chosen (Clipdesk's own or Premiere-style), and the keys the user changed. Pure, so
// the keymap, the Settings screen and the tests share one answer to "what does this key do"
// and "who holds this key already".
import { NAMED_KEYS, parseChord } from '../../../shared/keymap/keyChords.ts';
import type { KeyBindings, KeymapPreset, KeymapSettings } from '../../../shared/keymap/keymapSchema.ts';
import { PRESET_KEYS } from './keymapPresets.ts';

/** A row of a shortcut table: one default key of a command (a command may have several rows). */
export interface KeyRow {
  readonly id: string;
  /** The default key in the keymap's spelling ("Mod+K"). */
  readonly keys: string;
  readonly action: string;
  readonly group: string;
}

export interface KeymapCommand {
  readonly id: string;
  readonly action: string;
  readonly group: string;
  readonly defaultKeys: readonly string[];
}

export const DEFAULT_KEYMAP: KeymapSettings = { preset: 'default', changed: {} };

/** The table's commands in its order, each with every default key its rows give it. */
export function commandsOf(rows: readonly KeyRow[]): KeymapCommand[] {
  const byId = new Map<string, { id: string; action: string; group: string; defaultKeys: string[] }>();
  for (const row of rows) {
    const parsed = parseChord(row.keys);
    if (!parsed.ok) throw new Error(`The shortcut table's key for "${row.id}" is wrong: ${parsed.error}`);
    const command = byId.get(row.id);
    if (command) command.defaultKeys.push(parsed.chord);
    else byId.set(row.id, { id: row.id, action: row.action, group: row.group, defaultKeys: [parsed.chord] });
  }
  return [...byId.values()];
}

/** A command's keys in a set, before the user's changes. */
export function presetKeys(command: KeymapCommand, preset: KeymapPreset): readonly string[] {
  return PRESET_KEYS[preset][command.id] ?? command.defaultKeys;
}

/** A command's keys now: the user's, else the set's. */
export function keysFor(command: KeymapCommand, keymap: KeymapSettings): readonly string[] {
  return keymap.changed[command.id] ?? presetKeys(command, keymap.preset);
}

/** Every key bound now, to the command that holds it. */
export function holders(commands: readonly KeymapCommand[], keymap: KeymapSettings): Map<string, KeymapCommand> {
  const found = new Map<string, KeymapCommand>();
  for (const command of commands)
    for (const chord of keysFor(command, keymap)) if (!found.has(chord)) found.set(chord, command);
  return found;
}

/** Keys held by two commands or more ("S" by Split and Snapping). */
export function conflictsOf(
  commands: readonly KeymapCommand[],
  keymap: KeymapSettings,
): { chord: string; commands: KeymapCommand[] }[] {
  const byChord = new Map<string, KeymapCommand[]>();
  for (const command of commands)
    for (const chord of keysFor(command, keymap)) byChord.set(chord, [...(byChord.get(chord) ?? []), command]);
  return [...byChord].filter(([, held]) => held.length > 1).map(([chord, held]) => ({ chord, commands: held }));
}

/** The keymap with `id`'s keys set to `keys`; a command given back its set's keys is no longer "changed". */
function keymapWith(command: KeymapCommand, keymap: KeymapSettings, keys: readonly string[]): KeymapSettings {
  const { [command.id]: _old, ...changed } = keymap.changed;
  const same =
    keys.length === presetKeys(command, keymap.preset).length &&
    keys.every((k, i) => presetKeys(command, keymap.preset)[i] === k);
  return { preset: keymap.preset, changed: same ? changed : { ...changed, [command.id]: [...keys] } };
}

export type BindOutcome =
  { readonly ok: true; readonly keymap: KeymapSettings } | { readonly ok: false; readonly error: string };

/**
 * Gives `chord` to `command`, replacing its keys or beside them; refused when another command
 * holds the key (the message names it, so the user knows where to free it).
 */
export function bindKey(
  commands: readonly KeymapCommand[],
  keymap: KeymapSettings,
  command: KeymapCommand,
  chord: string,
  how: 'replace' | 'add',
  displayed: (chord: string) => string = (c) => c,
): BindOutcome {
  const holder = holders(commands, keymap).get(chord);
  if (holder && holder.id !== command.id)
    return {
      ok: false,
      error: `${displayed(chord)} is already the key of “${holder.action}”. Remove it there first, or choose another key.`,
    };
  const current = keysFor(command, keymap);
  if (how === 'add' && current.includes(chord)) return { ok: true, keymap };
  const keys = how === 'replace' ? [chord] : [...current, chord];
  return { ok: true, keymap: keymapWith(command, keymap, keys) };
}

export function removeKey(command: KeymapCommand, keymap: KeymapSettings, chord: string): KeymapSettings {
  return keymapWith(
    command,
    keymap,
    keysFor(command, keymap).filter((k) => k !== chord),
  );
}

/** The command gets its set's keys back. */
export function resetCommand(command: KeymapCommand, keymap: KeymapSettings): KeymapSettings {
  return keymapWith(command, keymap, presetKeys(command, keymap.preset));
}

/** Every command's keys, written out (what an exported file holds). */
export function allBindings(commands: readonly KeymapCommand[], keymap: KeymapSettings): KeyBindings {
  return Object.fromEntries(commands.map((c) => [c.id, [...keysFor(c, keymap)]]));
}

/** What a keyboard event carries that names a key. */
export interface KeyEventLike {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

const MODIFIER_KEYS = new Set([
  'Shift',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'OS',
  'CapsLock',
  'Fn',
  'Hyper',
  'Super',
]);

const CODE_CHARACTERS: Readonly<Record<string, string>> = {
  BracketLeft: '[',
  BracketRight: ']',
  Comma: ',',
  Period: '.',
  Minus: '-',
  Equal: '=',
  Slash: '/',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Backquote: '`',
};

/** The key of the physical position, for when the character typed is not the key's (Alt+A types "å" on a Mac). */
function keyOfCode(code: string): string | undefined {
  return /^(?:Key|Digit)([A-Z0-9])$/.exec(code)?.[1] ?? CODE_CHARACTERS[code];
}

/**
 * The chord a key press makes, in the keymap's spelling; null for a modifier pressed alone.
 * A printable character typed without Ctrl/⌘/Alt names itself ("?", "+"): its Shift is in it.
 */
export function chordOfEvent(event: KeyEventLike): string | null {
  if (MODIFIER_KEYS.has(event.key)) return null;
  const mod = event.ctrlKey || event.metaKey;
  let key: string | undefined;
  let shiftInKey = false;
  if (event.key === ' ') key = 'Space';
  else if (NAMED_KEYS.has(event.key)) key = event.key;
  else if (/^[a-z0-9]$/i.test(event.key)) key = event.key.toUpperCase();
  else if ((mod || event.altKey) && keyOfCode(event.code)) key = keyOfCode(event.code);
  else if ([...event.key].length === 1 && /^\S$/u.test(event.key)) {
    key = event.key;
    shiftInKey = true;
  } else key = keyOfCode(event.code);
  if (!key) return null;
  return [mod && 'Mod', event.altKey && 'Alt', event.shiftKey && !shiftInKey && 'Shift', key].filter(Boolean).join('+');
}

const ARROWS: Readonly<Record<string, string>> = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓' };

/** A chord as this computer writes it: "Mod+Shift+Z" is "Ctrl+Shift+Z", or "⌘Shift+Z" on a Mac. */
export function displayChord(chord: string, mac: boolean): string {
  const parts = /^((?:(?:Mod|Alt|Shift)\+)*)(.+)$/.exec(chord)!;
  const key = ARROWS[parts[2]!] ?? parts[2]!;
  return parts[1]!.replaceAll('Mod+', mac ? '⌘' : 'Ctrl+') + key;
}
