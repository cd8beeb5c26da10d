// The help panel: the shortcuts of the screen shown, grouped, read from the same tables the
// keymap runs. Opened with "?" or the Shortcuts button; Escape or "?" closes it.
import { useEffect } from 'react';
import { Button } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import './shortcutHelp.css';
import { displayKeys, useKeymap, type Shortcut } from './keymap.ts';

/** The shortcuts listed, one row per key (the first table that has a key wins, as in the keymap). */
function rows(tables: (readonly Shortcut[])[]): Map<string, Shortcut[]> {
  const groups = new Map<string, Shortcut[]>();
  const seen = new Set<string>();
  for (const table of tables)
    for (const shortcut of table) {
      if (seen.has(shortcut.keys)) continue;
      seen.add(shortcut.keys);
      groups.set(shortcut.group, [...(groups.get(shortcut.group) ?? []), shortcut]);
    }
  return groups;
}

export function ShortcutHelp({ hint }: { hint?: string }) {
  const open = useKeymap((s) => s.helpOpen);
  const tables = useKeymap((s) => s.tables);
  const setOpen = useKeymap((s) => s.setHelpOpen);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?') return;
      event.preventDefault();
      setOpen(false);
    };
    // Capture: the dialog keeps its keys from the page (they stop bubbling at it).
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open, setOpen]);

  if (!open) return null;
  return (
    <Dialog
      title="Keyboard shortcuts"
      size="lg"
      onClose={() => setOpen(false)}
      closeButton={false}
      footer={<Button onClick={() => setOpen(false)}>Close</Button>}
    >
      <p className="keymap-hint">They work wherever the focus is, except while typing in a field.</p>
      <div className="keymap-groups">
        {[...rows(tables)].map(([group, shortcuts]) => (
          <table key={group} className="keymap-table">
            <caption>{group}</caption>
            <tbody>
              {shortcuts.map((s) => (
                <tr key={s.keys}>
                  <th scope="row">
                    <kbd>{displayKeys(s.keys)}</kbd>
                  </th>
                  <td>{s.action}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      {hint && <p className="keymap-hint">{hint}</p>}
    </Dialog>
  );
}
