// The keymap's pure logic (issue 25, editable shortcuts): how a key press is named, which
// command holds a key, refusals that name the holder, resets, the Premiere-style set, and
// the checks an imported shortcuts file goes through.
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { parseChord } from '../../shared/keymap/keyChords.ts';
import { KeymapSettingsSchema, type KeymapSettings } from '../../shared/keymap/keymapSchema.ts';
import {
  bindKey,
  chordOfEvent,
  commandsOf,
  conflictsOf,
  DEFAULT_KEYMAP,
  displayChord,
  holders,
  keysFor,
  removeKey,
  resetCommand,
  type KeyEventLike,
  type KeymapCommand,
} from '../../renderer/model/keymap/keyBindings.ts';
import { keymapFileText, readKeymapFile } from '../../renderer/model/keymap/keymapFile.ts';
import { PRESET_KEYS } from '../../renderer/model/keymap/keymapPresets.ts';

let commands: KeymapCommand[];
const command = (id: string) => commands.find((c) => c.id === id)!;

beforeAll(async () => {
  // The table's actions reach the stores, and one store reads the page's theme as it loads.
  vi.stubGlobal('document', { documentElement: { dataset: {} } });
  const { TIMELINE_SHORTCUTS } = await import('../../renderer/screens/timeline/shortcuts.ts');
  commands = commandsOf(TIMELINE_SHORTCUTS);
});

function press(key: string, mods: Partial<KeyEventLike> = {}): KeyEventLike {
  return { key, code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods };
}

describe('a key press is named once, as the tables write keys', () => {
  test.each([
    [press('s'), 'S'],
    [press('S', { shiftKey: true }), 'Shift+S'],
    [press('K', { ctrlKey: true, shiftKey: true }), 'Mod+Shift+K'],
    [press('k', { metaKey: true }), 'Mod+K'],
    [press(' '), 'Space'],
    [press('ArrowLeft', { altKey: true }), 'Alt+ArrowLeft'],
    // The character typed names itself: Shift is in "?" and "+".
    [press('?', { shiftKey: true }), '?'],
    [press('+', { shiftKey: true }), '+'],
    // Alt on a Mac types another character: the key's place names it.
    [press('˚', { altKey: true, code: 'KeyK' }), 'Alt+K'],
    [press('“', { altKey: true, code: 'BracketLeft' }), 'Alt+['],
  ])('%o is %s', (event, chord) => expect(chordOfEvent(event)).toBe(chord));

  test('a modifier alone is no key', () => {
    expect(chordOfEvent(press('Shift', { shiftKey: true }))).toBeNull();
    expect(chordOfEvent(press('Control', { ctrlKey: true }))).toBeNull();
  });

  test('keys written by people or files are read into one spelling, and wrong ones say why', () => {
    expect(parseChord('shift+mod+z')).toEqual({ ok: true, chord: 'Mod+Shift+Z' });
    expect(parseChord('Ctrl+K')).toEqual({ ok: true, chord: 'Mod+K' });
    expect(parseChord('Mod++')).toEqual({ ok: true, chord: 'Mod++' });
    expect(parseChord('Hyper+K')).toMatchObject({ ok: false, error: expect.stringContaining('"Hyper"') });
    expect(parseChord('Mod+Mod+K')).toMatchObject({ ok: false, error: expect.stringContaining('Mod twice') });
    expect(parseChord('Tab')).toMatchObject({ ok: false, error: expect.stringContaining('"Tab"') });
  });

  test('keys are shown as this computer writes them', () => {
    expect(displayChord('Mod+Shift+Z', false)).toBe('Ctrl+Shift+Z');
    expect(displayChord('Mod+K', true)).toBe('⌘K');
    expect(displayChord('Shift+ArrowLeft', false)).toBe('Shift+←');
  });
});

describe('rebinding', () => {
  test('every default key of the table is held by one command only', () => {
    expect(conflictsOf(commands, DEFAULT_KEYMAP)).toEqual([]);
    expect(holders(commands, DEFAULT_KEYMAP).get('Mod+K')?.id).toBe('split');
  });

  test('a key another command holds is refused, naming that command', () => {
    const outcome = bindKey(commands, DEFAULT_KEYMAP, command('snapping'), 'S', 'replace');
    expect(outcome).toEqual({ ok: false, error: expect.stringContaining('“Split at the playhead”') });
  });

  test('a free key replaces the command’s keys; the old key then runs nothing', () => {
    const outcome = bindKey(commands, DEFAULT_KEYMAP, command('snapping'), 'Alt+G', 'replace');
    expect(outcome.ok).toBe(true);
    const keymap = (outcome as { keymap: KeymapSettings }).keymap;
    expect(keymap.changed).toEqual({ snapping: ['Alt+G'] });
    expect(holders(commands, keymap).get('Alt+G')?.id).toBe('snapping');
    expect(holders(commands, keymap).has('N')).toBe(false);
    expect(KeymapSettingsSchema.parse(keymap)).toEqual(keymap);
  });

  test('a key freed from one command can be given to another; reset gives the set’s keys back', () => {
    const freed = removeKey(command('split'), DEFAULT_KEYMAP, 'S');
    expect(keysFor(command('split'), freed)).toEqual(['Mod+K', 'Mod+B']);
    const moved = bindKey(commands, freed, command('snapping'), 'S', 'add');
    expect(moved.ok).toBe(true);
    const keymap = (moved as { keymap: KeymapSettings }).keymap;
    expect(keysFor(command('snapping'), keymap)).toEqual(['N', 'S']);
    // Reset one: Split takes S back, which Snapping holds — a conflict the screen shows.
    expect(conflictsOf(commands, resetCommand(command('split'), keymap))).toHaveLength(1);
    expect(resetCommand(command('snapping'), resetCommand(command('split'), keymap))).toEqual(DEFAULT_KEYMAP);
  });
});

describe('the Premiere-style set', () => {
  const premiere: KeymapSettings = { preset: 'premiere', changed: {} };

  test('names only commands the table has', () => {
    for (const id of Object.keys(PRESET_KEYS.premiere)) expect(commands.map((c) => c.id)).toContain(id);
  });

  test('gives no key to two commands', () => {
    expect(conflictsOf(commands, premiere)).toEqual([]);
  });

  test('follows Premiere where it has the command', () => {
    expect(holders(commands, premiere).get('S')?.id).toBe('snapping');
    expect(holders(commands, premiere).get('Mod+K')?.id).toBe('split');
    expect(holders(commands, premiere).get('\\')?.id).toBe('zoomToFit');
  });
});

describe('a shortcuts file', () => {
  test('exports every command’s keys and imports to the same keymap', () => {
    const keymap: KeymapSettings = { preset: 'premiere', changed: { freeze: ['Shift+F'] } };
    const text = keymapFileText(commands, keymap);
    expect(JSON.parse(text)).toMatchObject({ format: 'clipdesk-keymap', version: 1, preset: 'premiere' });
    expect(readKeymapFile(text, commands)).toEqual({ ok: true, keymap });
  });

  test('a file that lists only some commands leaves the rest on its set', () => {
    const text = JSON.stringify({ format: 'clipdesk-keymap', version: 1, bindings: { snapping: ['Alt+N'] } });
    expect(readKeymapFile(text, commands)).toEqual({
      ok: true,
      keymap: { preset: 'default', changed: { snapping: ['Alt+N'] } },
    });
  });

  test.each([
    ['not JSON', '{bindings', /not JSON/],
    ['another file', JSON.stringify({ name: 'x' }), /"format" is "clipdesk-keymap"/],
    ['a newer version', JSON.stringify({ format: 'clipdesk-keymap', version: 2, bindings: {} }), /"version" is 1/],
    [
      'a key that is no key',
      JSON.stringify({ format: 'clipdesk-keymap', version: 1, bindings: { split: ['Hyper+K'] } }),
      /bindings\.split\.0: "Hyper" in "Hyper\+K" is not a modifier/,
    ],
    [
      'an unknown command',
      JSON.stringify({ format: 'clipdesk-keymap', version: 1, bindings: { teleport: ['T'] } }),
      /Clipdesk does not have: "teleport"/,
    ],
    [
      'one key for two commands in the file',
      JSON.stringify({ format: 'clipdesk-keymap', version: 1, bindings: { split: ['S'], snapping: ['S'] } }),
      /S is given to both "split" and "snapping"/,
    ],
    [
      'a key the file gives that a command it leaves out still holds',
      JSON.stringify({ format: 'clipdesk-keymap', version: 1, bindings: { snapping: ['S'] } }),
      /S is given to “Split at the playhead” \(split\) and “Snapping on \/ off” \(snapping\)/,
    ],
  ])('is refused when it is %s, saying what is wrong', (_what, text, message) => {
    const read = readKeymapFile(text, commands);
    expect(read.ok).toBe(false);
    expect((read as { problems: readonly string[] }).problems.join('\n')).toMatch(message);
  });
});
