// A context menu (right-click, or Shift+F10 / the Menu key): the menu of Menu.tsx opened at a
// point instead of under a button. The same roles and keys — arrows with wrapping, Home/End,
// Enter or Space chooses, Escape, Tab or a click outside closes — and the focus goes back to
// where it was. Drawn in the top layer (popover), kept inside the window.
//
//   const [at, setAt] = useState<{ x: number; y: number } | null>(null);
//   <div onContextMenu={(e) => { e.preventDefault(); setAt({ x: e.clientX, y: e.clientY }); }} />
//   {at && <ContextMenu label="Clip actions" at={at} items={items} onClose={() => setAt(null)} />}
import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { MenuEntry } from './Menu.tsx';
import { ariaKeyShortcuts } from './shortcutText.ts';
import './menu.css';

export interface ContextMenuProps {
  /** The menu's accessible name. */
  label: string;
  items: readonly MenuEntry[];
  /** Where it opens, in window pixels (the pointer). */
  at: { x: number; y: number };
  onClose: () => void;
}

const MARGIN_PX = 4;

export function ContextMenu({ label, items, at, onClose }: ContextMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const returnTo = useRef<Element | null>(null);
  const id = useId();

  const enabledItems = () => [
    ...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? []),
  ];

  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    returnTo.current = document.activeElement;
    element.showPopover();
    const left = Math.min(Math.max(MARGIN_PX, at.x), window.innerWidth - element.offsetWidth - MARGIN_PX);
    const top = Math.min(Math.max(MARGIN_PX, at.y), window.innerHeight - element.offsetHeight - MARGIN_PX);
    element.style.setProperty('--ui-menu-top', `${top}px`);
    element.style.setProperty('--ui-menu-left', `${left}px`);
    (enabledItems()[0] ?? element).focus();
  }, [at]);

  function close(returnFocus: boolean) {
    onClose();
    if (returnFocus && returnTo.current instanceof HTMLElement) returnTo.current.focus();
  }

  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const all = enabledItems();
    const now = all.indexOf(document.activeElement as HTMLButtonElement);
    let to = -1;
    if (event.key === 'ArrowDown') to = (now + 1) % all.length;
    else if (event.key === 'ArrowUp') to = (now - 1 + all.length) % all.length;
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = all.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    } else if (event.key === 'Tab') {
      close(false);
      return;
    }
    if (to < 0 || all.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    all[to]?.focus();
  }

  return (
    <div
      ref={menu}
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
        if ((event.nativeEvent as ToggleEvent).newState === 'closed') onClose();
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
              close(true);
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
