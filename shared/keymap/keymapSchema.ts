// The keymap as it is kept (preferences.keymap in the settings file) and as it is exported to
// and imported from a JSON file. Shapes and key spellings are checked here; which commands
// exist, and which key each holds by default, is the renderer's (renderer/model/keymap), which
// checks an imported file against them.
import { z } from 'zod';
import { parseChord } from './keyChords.ts';

/** The sets of keys offered: Clipdesk's own, and one that follows Premiere Pro (docs/shortcuts.md). */
export const KEYMAP_PRESETS = ['default', 'premiere'] as const;
export const KeymapPresetSchema = z.enum(KEYMAP_PRESETS, {
  error: `a set of shortcuts is one of ${KEYMAP_PRESETS.map((p) => `"${p}"`).join(', ')}`,
});
export type KeymapPreset = z.infer<typeof KeymapPresetSchema>;

const COMMAND_ID = /^[a-z][a-zA-Z0-9]{0,47}$/;
export const KEYS_PER_COMMAND_MAX = 4;
export const KEYMAP_COMMANDS_MAX = 200;

/** One key, read into the keymap's spelling ("mod+z" becomes "Mod+Z"). */
export const KeyChordSchema = z.string('a key is written as text, such as "Mod+K"').transform((text, ctx) => {
  const parsed = parseChord(text);
  if (parsed.ok) return parsed.chord;
  ctx.addIssue({ code: 'custom', message: parsed.error });
  return z.NEVER;
});

/** Each command's keys by its id ("split": ["S", "Mod+K"]); an empty list leaves it without a key. */
export const KeyBindingsSchema = z
  .record(
    z.string(),
    z
      .array(KeyChordSchema, 'a command’s keys are a list, such as ["S", "Mod+K"]')
      .max(KEYS_PER_COMMAND_MAX, `a command has at most ${KEYS_PER_COMMAND_MAX} keys`),
  )
  .superRefine((bindings, ctx) => {
    const ids = Object.keys(bindings);
    if (ids.length > KEYMAP_COMMANDS_MAX)
      ctx.addIssue({ code: 'custom', message: `at most ${KEYMAP_COMMANDS_MAX} commands are listed` });
    // Checked here rather than as the record's key schema, so the message says what an id looks like.
    for (const id of ids.filter((i) => !COMMAND_ID.test(i)).slice(0, 3))
      ctx.addIssue({ code: 'custom', path: [id], message: 'a command is named like "rippleDelete"' });
    const holder = new Map<string, string>();
    for (const [id, chords] of Object.entries(bindings))
      for (const chord of chords) {
        const other = holder.get(chord);
        if (other !== undefined && other !== id)
          ctx.addIssue({ code: 'custom', path: [id], message: `${chord} is given to both "${other}" and "${id}"` });
        holder.set(chord, id);
      }
  });
export type KeyBindings = z.infer<typeof KeyBindingsSchema>;

/** What is kept: the set chosen, and the commands whose keys the user changed from that set. */
export const KeymapSettingsSchema = z.strictObject({
  preset: KeymapPresetSchema.default('default'),
  changed: KeyBindingsSchema.default({}),
});
export type KeymapSettings = z.infer<typeof KeymapSettingsSchema>;

export const KEYMAP_FILE_FORMAT = 'clipdesk-keymap';
export const KEYMAP_FILE_VERSION = 1;

/** An exported keymap: the set it started from, and every command's keys. */
export const KeymapFileSchema = z.object(
  {
    format: z.literal(KEYMAP_FILE_FORMAT, `"format" is "${KEYMAP_FILE_FORMAT}" in a Clipdesk shortcuts file`),
    version: z.literal(KEYMAP_FILE_VERSION, `"version" is ${KEYMAP_FILE_VERSION}: this Clipdesk reads version 1 files`),
    preset: KeymapPresetSchema.default('default'),
    bindings: KeyBindingsSchema,
  },
  'a shortcuts file holds one JSON object with "format", "version" and "bindings"',
);
export type KeymapFile = z.infer<typeof KeymapFileSchema>;
