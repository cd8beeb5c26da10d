// The open menu that Menu (under its button) and ContextMenu (at the pointer) both draw: the
// items in the top layer (popover) and their keys — arrows with wrapping, Home/End, a letter
// goes to the next item starting with it, Enter or Space chooses, Escape closes and gives the
// focus back, Tab closes and lets the focus move on, a click outside closes.
import type { KeyboardEvent, RefObject } from 'react';
import type { MenuEntry } from './Menu.tsx';
import { ariaKeyShortcuts } from './shortcutText.ts';
import './menu.css';

export interface MenuListProps {
  id: string;
  /** The menu's accessible name. */
  label: string;
  items: readonly MenuEntry[];
  ref: RefObject<HTMLDivElement | null>;
  /** Closed by a key, a choice or a click outside; `returnFocus` when the focus should go back to where it came from. */
  onClose: (returnFocus: boolean) => void;
}

/** The enabled items of an open menu, in order. */
export const enabledItems = (menu: HTMLElement | null): HTMLButtonElement[] => [
  ...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? []),
];

export function MenuList({ id, label, items, ref, onClose }: MenuListProps) {
  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const all = enabledItems(ref.current);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    let to = -1;
    if (event.key === 'ArrowDown') to = (at + 1) % all.length;
    else if (event.key === 'ArrowUp') to = (at - 1 + all.length) % all.length;
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = all.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
      return;
    } else if (event.key === 'Tab') {
      onClose(false);
      return;
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLowerCase();
      const after = [...all.slice(at + 1), ...all.slice(0, at + 1)];
      const match = after.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter));
      if (match) to = all.indexOf(match);
    }
    if (to < 0 || all.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    all[to]?.focus();
  }

  return (
    <div
      ref={ref}
      id={id}
      role="menu"
      aria-label={label}
      tabIndex={-1}
      popover="auto"
      className="ui-menu"
      onKeyDown={onKey}
      onContextMenu={(event) => event.preventDefault()}
      onToggle={(event) => {
        // A click outside (light dismiss) closed it.
        if ((event.nativeEvent as ToggleEvent).newState === 'closed') onClose(false);
      }}
    >
      {items.map((item) =>
        item.separator ? (
          <div key={item.id} role="separator" className="ui-menu-separator" />
        ) : (
          <button
            key={item.id}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={item.danger ? 'ui-menu-item ui-menu-item--danger' : 'ui-menu-item'}
            disabled={item.disabled}
            aria-keyshortcuts={item.shortcut ? ariaKeyShortcuts(item.shortcut) : undefined}
            onClick={() => {
              onClose(true);
              item.onSelect();
            }}
          >
            {item.icon ? <item.icon className="ui-menu-icon" aria-hidden="true" /> : <span className="ui-menu-icon" />}
            <span className="ui-menu-label">{item.label}</span>
            {item.shortcut && <kbd className="ui-menu-shortcut">{item.shortcut}</kbd>}
          </button>
        ),
      )}
    </div>
  );
}
