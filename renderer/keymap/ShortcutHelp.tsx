// The keyboard shortcuts, grouped, read from the same table the key handler runs.
import { useEffect, useRef } from 'react';
import { SHORTCUTS, type Shortcut } from './shortcuts.ts';

const GROUPS: Shortcut['group'][] = ['Playback', 'Editing', 'Selection', 'View'];

export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div
      className="dialog tl-help"
      role="dialog"
      aria-modal="true"
      aria-labelledby="tl-help-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape' || event.key === '?') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <h2 id="tl-help-title">Keyboard shortcuts</h2>
      <div className="tl-help-groups">
        {GROUPS.map((group) => (
          <table key={group} className="tl-help-table">
            <caption>{group}</caption>
            <tbody>
              {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                <tr key={`${s.keys}-${s.action}`}>
                  <th scope="row">
                    <kbd>{s.keys}</kbd>
                  </th>
                  <td>{s.action}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <p className="tl-hint">
        Drag a clip to move it, drag its edges to trim; Alt while dragging turns snapping off. Ctrl+wheel zooms around
        the pointer.
      </p>
      <button ref={close} type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
