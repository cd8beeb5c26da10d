// The sets of keys offered in Settings › Shortcuts. "default" is each table's own keys;
// "premiere" follows Adobe Premiere Pro's default keyboard layout where Clipdesk has the same
// command, and keeps Clipdesk's key where it does not (docs/shortcuts.md lists the set). Only
// the commands whose keys differ from the table are named here.
import type { KeymapPreset } from '../../../shared/keymap/keymapSchema.ts';

export const PRESET_KEYS: Readonly<Record<KeymapPreset, Readonly<Record<string, readonly string[]>>>> = {
  default: {},
  premiere: {
    // Premiere: S toggles snapping, Ctrl+K adds an edit.
    split: ['Mod+K'],
    snapping: ['S'],
    // Premiere: N is the rolling edit tool (Clipdesk's R; R is Premiere's rate stretch).
    toolRoll: ['N'],
    // Premiere: = and − zoom, \ zooms to the whole sequence.
    zoomIn: ['='],
    zoomOut: ['-'],
    zoomToFit: ['\\'],
    // Premiere: Alt+←/→ nudges the selected clips a frame; "," and "." are its insert and overwrite.
    nudgeLeft: ['Alt+ArrowLeft'],
    nudgeRight: ['Alt+ArrowRight'],
    // No Premiere default: moved off Alt+←/→, which nudge there.
    selectPrevious: ['Mod+ArrowLeft'],
    selectNext: ['Mod+ArrowRight'],
    // Premiere: Ctrl+Shift+A deselects all; Ctrl+Shift+Z alone redoes; Ctrl+L loops.
    deselect: ['Mod+Shift+A'],
    redo: ['Mod+Shift+Z'],
    loop: ['Mod+L'],
    // Premiere opens its keyboard shortcuts with Ctrl+Alt+K.
    help: ['Mod+Alt+K', '?'],
  },
};
