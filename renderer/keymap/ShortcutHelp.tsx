// The help panel: the shortcuts of the screen shown, grouped, read from the same tables the
// keymap runs. Opened with "?" or the Shortcuts button; Escape or "?" closes it.
import { useEffect, useRef } from 'react';
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
  const close = useRef<HTMLButtonElement>(null);
  const setOpen = useKeymap((s) => s.setHelpOpen);
  useEffect(() => {
    if (open) close.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div
      className="dialog tl-help"
      role="dialog"
      aria-modal="true"
      aria-labelledby="tl-help-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape' || event.key === '?') {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <h2 id="tl-help-title">Keyboard shortcuts</h2>
      <p className="tl-hint">They work wherever the focus is, except while typing in a field.</p>
      <div className="tl-help-groups">
        {[...rows(tables)].map(([group, shortcuts]) => (
          <table key={group} className="tl-help-table">
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
      {hint && <p className="tl-hint">{hint}</p>}
      <button ref={close} type="button" onClick={() => setOpen(false)}>
        Close
      </button>
    </div>
  );
}
