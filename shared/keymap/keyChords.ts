// A key chord as the keymap writes it: modifiers in the order Mod, Alt, Shift, then one key —
// "Mod+Shift+Z", "Alt+ArrowLeft", "Space", "?". Mod is Ctrl (⌘ on a Mac). A printable key that
// is not a letter or digit names the character typed ("?", "+"), so Shift is part of it.
// Zod-free: the shell's keymap reads chords in the first screen's chunk.

export const CHORD_MODIFIERS = ['Mod', 'Alt', 'Shift'] as const;
export type ChordModifier = (typeof CHORD_MODIFIERS)[number];

/** Keys named by a word (as KeyboardEvent.key names them; Space for " "). */
export const NAMED_KEYS: ReadonlySet<string> = new Set([
  'Space',
  'Enter',
  'Escape',
  'Backspace',
  'Delete',
  'Insert',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
]);

export const CHORD_MAX_LENGTH = 32;

export type ChordParse = { readonly ok: true; readonly chord: string } | { readonly ok: false; readonly error: string };

/** Mod also answers to the names people write it by on either system. */
const MODIFIER_ALIASES: Readonly<Record<string, ChordModifier>> = {
  mod: 'Mod',
  ctrl: 'Mod',
  control: 'Mod',
  cmd: 'Mod',
  command: 'Mod',
  meta: 'Mod',
  alt: 'Alt',
  option: 'Alt',
  shift: 'Shift',
};

/** The key part: a letter or digit (upper case), a named key, or one printable character. */
function keyPart(text: string): string | null {
  if (/^[a-z0-9]$/i.test(text)) return text.toUpperCase();
  const named = [...NAMED_KEYS].find((name) => name.toLowerCase() === text.toLowerCase());
  if (named) return named;
  return [...text].length === 1 && /^\S$/u.test(text) ? text : null;
}

/**
 * Reads a chord written by a person or a file ("mod+shift+z", "Shift+Mod+Z") into the keymap's
 * one spelling ("Mod+Shift+Z"), or says what is wrong with it.
 */
export function parseChord(text: string): ChordParse {
  if (text.length === 0) return { ok: false, error: 'a key is not empty' };
  if (text.length > CHORD_MAX_LENGTH) return { ok: false, error: `a key is at most ${CHORD_MAX_LENGTH} characters` };
  // The last "+" that follows a modifier separates it from the key, so "Mod++" is Mod and "+".
  const match = /^((?:[A-Za-z]+\+)*)(.+)$/.exec(text)!;
  const modifiers: ChordModifier[] = [];
  for (const word of match[1]!.split('+').filter(Boolean)) {
    const modifier = MODIFIER_ALIASES[word.toLowerCase()];
    if (!modifier)
      return {
        ok: false,
        error: `"${word}" in "${text}" is not a modifier: use Mod (Ctrl, or ⌘ on a Mac), Alt or Shift`,
      };
    if (modifiers.includes(modifier)) return { ok: false, error: `"${text}" names ${modifier} twice` };
    modifiers.push(modifier);
  }
  const key = keyPart(match[2]!);
  if (key === null)
    return {
      ok: false,
      error: `"${match[2]}" in "${text}" is not a key: use a letter, a digit, one character such as "?", or ${[...NAMED_KEYS].slice(0, 6).join(', ')}, …`,
    };
  const ordered = CHORD_MODIFIERS.filter((m) => modifiers.includes(m));
  return { ok: true, chord: [...ordered, key].join('+') };
}
