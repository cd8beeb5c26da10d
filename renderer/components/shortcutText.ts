// A shortcut as people read it ("Ctrl+K") and as aria-keyshortcuts wants it ("Control+K").
// Shortcuts are written once, in the readable form, wherever a control names one.

const ARIA_KEYS: Readonly<Record<string, string>> = {
  Ctrl: 'Control',
  Cmd: 'Meta',
  '⌘': 'Meta',
  Del: 'Delete',
  Esc: 'Escape',
  Option: 'Alt',
  '←': 'ArrowLeft',
  '→': 'ArrowRight',
  '↑': 'ArrowUp',
  '↓': 'ArrowDown',
};

/** "Ctrl+Shift+Z" → "Control+Shift+Z"; several shortcuts are separated by ", ", " or " or " / ". */
export function ariaKeyShortcuts(shortcut: string): string {
  return shortcut
    .split(/\s*,\s*|\s+or\s+|\s*\/\s*/)
    .map((one) =>
      one
        .split('+')
        .map((key) => ARIA_KEYS[key.trim()] ?? key.trim())
        .join('+'),
    )
    .join(' ');
}
