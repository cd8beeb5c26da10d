// The app's one keymap: a single key listener on the window runs the shortcuts of the screen
// shown (registered with useShortcuts while it is mounted), wherever the focus is — except
// in a text field (typing is the field's: Space is a space, Ctrl+Z undoes the typing), for
// the keys a control needs (a check box's Space, a slider's arrows), and while a modal
// dialog is open (its keys are its own). A focused button never swallows
// Space: Space is the shortcut there (Enter still presses the button). A table gives each
// command its default keys; the keys that run it are the user's (Settings › Shortcuts, kept
// in the preferences), and the same answer gives the help panel and the tooltips their keys,
// so what is listed is exactly what works.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { KeymapSettings } from '../../shared/keymap/keymapSchema.ts';
import {
  chordOfEvent,
  commandsOf,
  displayChord,
  holders,
  keysFor,
  type KeymapCommand,
} from '../model/keymap/keyBindings.ts';
import { usePreferences } from '../stores/preferencesStore.ts';

export interface Shortcut {
  /** The command, shared by every default key that does it ("split"): Settings rebinds it as one. */
  readonly id: string;
  /** One default key, in the keymap's spelling: "Mod+Z", "Shift+Delete", "?" (Mod is Ctrl, or ⌘ on a Mac). */
  readonly keys: string;
  /** What it does, in words, for the help panel, tooltips and Settings. */
  readonly action: string;
  readonly group: string;
  readonly run: (event: KeyboardEvent) => void;
}

interface KeymapState {
  /** The tables of the screens mounted now, the latest first. */
  tables: (readonly Shortcut[])[];
  helpOpen: boolean;
  setHelpOpen(open: boolean): void;
}

export const useKeymap = create<KeymapState>()((set) => ({
  tables: [],
  helpOpen: false,
  setHelpOpen: (helpOpen) => set({ helpOpen }),
}));

const TEXT_INPUTS = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
]);

/** Where keys are typing: text inputs, text areas, drop-downs, editable content. */
export function isTextField(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLInputElement && TEXT_INPUTS.has(element.type);
}

/** A control Space would press or toggle: a button, a link, a tab, a switch. */
function pressable(element: EventTarget | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement) return true;
  if (element instanceof HTMLInputElement) return ['button', 'submit', 'reset'].includes(element.type);
  return ['button', 'tab', 'menuitem', 'switch', 'option'].includes(element.getAttribute('role') ?? '');
}

const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/** Keys a control needs for itself: Space ticks a box or a radio, arrows move a native slider or a radio. */
function ownsKey(element: EventTarget | null, key: string): boolean {
  if (!(element instanceof HTMLInputElement)) return false;
  if (element.type === 'checkbox') return key === ' ';
  if (element.type === 'radio') return key === ' ' || key.startsWith('Arrow');
  return element.type === 'range' && SLIDER_KEYS.has(key);
}

/** A modal dialog has the keys (the review of an edit, the help panel, the export dialog…). */
function modalOpen(): boolean {
  return document.querySelector('[aria-modal="true"], dialog[open]') !== null;
}

const commandsByTable = new WeakMap<readonly Shortcut[], KeymapCommand[]>();

/** A table's commands, each with its default keys (read once per table). */
export function tableCommands(table: readonly Shortcut[]): KeymapCommand[] {
  let commands = commandsByTable.get(table);
  if (!commands) commandsByTable.set(table, (commands = commandsOf(table)));
  return commands;
}

const currentKeymap = (): KeymapSettings => usePreferences.getState().keymap;

export function findShortcut(event: KeyboardEvent): Shortcut | undefined {
  const chord = chordOfEvent(event);
  if (chord === null) return undefined;
  for (const table of useKeymap.getState().tables) {
    const command = holders(tableCommands(table), currentKeymap()).get(chord);
    if (command) return table.find((s) => s.id === command.id);
  }
  return undefined;
}

/** Space pressed on a button and taken as a shortcut: its keyup must not press the button. */
let spaceTaken = false;

function onKeyDown(event: KeyboardEvent): void {
  spaceTaken = false;
  if (event.defaultPrevented || event.isComposing) return;
  if (isTextField(event.target as Element) || ownsKey(event.target, event.key) || modalOpen()) return;
  const onButton = pressable(event.target);
  if (onButton && event.key === 'Enter') return;
  const shortcut = findShortcut(event);
  if (!shortcut) return;
  event.preventDefault();
  if (onButton && event.key === ' ') spaceTaken = true;
  shortcut.run(event);
}

function onKeyUp(event: KeyboardEvent): void {
  if (event.key === ' ' && spaceTaken) event.preventDefault();
  spaceTaken = false;
}

/** Listens for the whole window; returns the way to stop (the shell installs it once). */
export function installKeymap(target: Window = window): () => void {
  target.addEventListener('keydown', onKeyDown);
  target.addEventListener('keyup', onKeyUp);
  return () => {
    target.removeEventListener('keydown', onKeyDown);
    target.removeEventListener('keyup', onKeyUp);
  };
}

/** Makes `table` the keymap's while the calling component is mounted. */
export function useShortcuts(table: readonly Shortcut[]): void {
  useEffect(() => {
    useKeymap.setState((s) => ({ tables: [table, ...s.tables] }));
    return () => useKeymap.setState((s) => ({ tables: s.tables.filter((t) => t !== table) }));
  }, [table]);
}

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** A key as this computer writes it: "Mod+Z" is Ctrl+Z, or ⌘Z on a Mac; arrows are drawn. */
export function displayKeys(chord: string): string {
  return displayChord(chord, MAC);
}

/** Every key of a command in `table` now, as shown: "S, Ctrl+K" ("" when it has none). */
export function keysOf(table: readonly Shortcut[], id: string, keymap: KeymapSettings = currentKeymap()): string {
  const command = tableCommands(table).find((c) => c.id === id);
  return command ? keysFor(command, keymap).map(displayKeys).join(', ') : '';
}

/** `keysOf` for a component, drawn again when the user changes the keys. */
export function useKeysOf(table: readonly Shortcut[]): (id: string) => string | undefined {
  const keymap = usePreferences((s) => s.keymap);
  return (id) => keysOf(table, id, keymap) || undefined;
}

/** A tooltip naming the action and its keys: "Split at the playhead (S, Ctrl+K)". */
export function withKeys(table: readonly Shortcut[], id: string, text?: string): string {
  const keys = keysOf(table, id);
  const words = text ?? table.find((s) => s.id === id)?.action ?? id;
  return keys ? `${words} (${keys})` : words;
}
