// The help panel: the shortcuts of the screen shown, grouped, with the keys that run them now
// (the user's, from Settings › Shortcuts). Opened with "?" (or its key) or the Shortcuts
// button; Escape or "?" closes it.
import { useEffect } from 'react';
import { Button } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import './shortcutHelp.css';
import type { KeymapSettings } from '../../shared/keymap/keymapSchema.ts';
import { chordOfEvent, keysFor } from '../model/keymap/keyBindings.ts';
import { usePreferences } from '../stores/preferencesStore.ts';
import { displayKeys, tableCommands, useKeymap, type Shortcut } from './keymap.ts';

/** The command that opens this panel, in any screen's table. */
export const HELP_COMMAND = 'help';

interface Row {
  readonly id: string;
  readonly action: string;
  readonly keys: readonly string[];
}

/** The commands listed with their keys, grouped (a key an earlier table holds is that table's, as in the keymap). */
function rows(tables: (readonly Shortcut[])[], keymap: KeymapSettings): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  const seen = new Set<string>();
  for (const table of tables)
    for (const command of tableCommands(table)) {
      const keys = keysFor(command, keymap).filter((k) => !seen.has(k));
      if (keys.length === 0) continue;
      keys.forEach((k) => seen.add(k));
      groups.set(command.group, [
        ...(groups.get(command.group) ?? []),
        { id: command.id, action: command.action, keys },
      ]);
    }
  return groups;
}

export function ShortcutHelp({ hint }: { hint?: string }) {
  const open = useKeymap((s) => s.helpOpen);
  const tables = useKeymap((s) => s.tables);
  const setOpen = useKeymap((s) => s.setHelpOpen);
  const keymap = usePreferences((s) => s.keymap);

  useEffect(() => {
    if (!open) return;
    // The keys that open the panel close it too.
    const helpKeys = new Set(
      tables.flatMap((t) => tableCommands(t).filter((c) => c.id === HELP_COMMAND)).flatMap((c) => keysFor(c, keymap)),
    );
    const onKey = (event: KeyboardEvent) => {
      const chord = chordOfEvent(event);
      if (chord === null || !helpKeys.has(chord)) return;
      event.preventDefault();
      setOpen(false);
    };
    // Capture: the dialog keeps its keys from the page (they stop bubbling at it).
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open, setOpen, tables, keymap]);

  if (!open) return null;
  return (
    <Dialog
      title="Keyboard shortcuts"
      size="lg"
      onClose={() => setOpen(false)}
      closeButton={false}
      footer={<Button onClick={() => setOpen(false)}>Close</Button>}
    >
      <p className="keymap-hint">
        They work wherever the focus is, except while typing in a field. Change them in Settings › Shortcuts.
      </p>
      <div className="keymap-groups">
        {[...rows(tables, keymap)].map(([group, commands]) => (
          <table key={group} className="keymap-table">
            <caption>{group}</caption>
            <tbody>
              {commands.map((s) => (
                <tr key={s.id}>
                  <th scope="row">
                    {s.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 && ', '}
                        <kbd>{displayKeys(k)}</kbd>
                      </span>
                    ))}
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
