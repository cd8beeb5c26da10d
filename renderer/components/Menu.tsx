// A menu button (the WAI-ARIA menu button pattern): a button that opens a list of actions.
// Arrow keys move between items (roving focus, wrapping), Home/End go to the ends, a letter
// goes to the next item starting with it, Enter or Space chooses, Escape or a click outside
// closes and the focus goes back to the button. Drawn in the top layer (popover).
//
//   <Menu label="Track actions" icon={Ellipsis} items={[
//     { id: 'rename', label: 'Rename…', icon: Pencil, onSelect: rename },
//     { id: 'sep', separator: true },
//     { id: 'delete', label: 'Remove track', icon: Trash2, danger: true, onSelect: remove },
//   ]} />
//
// With `text` the button shows it (and `label` names the menu); without, it is an icon button.
import { ChevronDown, type LucideIcon } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ariaKeyShortcuts } from './shortcutText.ts';
import { Tooltip } from './Tooltip.tsx';
import type { ButtonSize, ButtonVariant } from './Button.tsx';
import './menu.css';

export type MenuEntry =
  | {
      id: string;
      label: string;
      icon?: LucideIcon;
      shortcut?: string;
      disabled?: boolean;
      danger?: boolean;
      onSelect: () => void;
      separator?: never;
    }
  | { id: string; separator: true };

export interface MenuProps {
  /** The menu's accessible name, and the button's when it has no text. */
  label: string;
  items: readonly MenuEntry[];
  icon?: LucideIcon;
  text?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  disabled?: boolean;
  align?: 'start' | 'end';
}

const GAP_PX = 4;
const MARGIN_PX = 4;

function place(menu: HTMLElement, trigger: HTMLElement, align: 'start' | 'end'): void {
  const box = trigger.getBoundingClientRect();
  const below = box.bottom + GAP_PX;
  const top =
    below + menu.offsetHeight <= window.innerHeight - MARGIN_PX
      ? below
      : Math.max(MARGIN_PX, box.top - GAP_PX - menu.offsetHeight);
  const wanted = align === 'end' ? box.right - menu.offsetWidth : box.left;
  const left = Math.min(Math.max(MARGIN_PX, wanted), window.innerWidth - menu.offsetWidth - MARGIN_PX);
  menu.style.setProperty('--ui-menu-top', `${top}px`);
  menu.style.setProperty('--ui-menu-left', `${left}px`);
}

export function Menu({
  label,
  items,
  icon: Icon,
  text,
  variant = text ? 'secondary' : 'ghost',
  size = 'md',
  disabled,
  align = 'start',
}: MenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const enabledItems = () => [
    ...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? []),
  ];

  useLayoutEffect(() => {
    const element = menu.current;
    if (!open || !element || !trigger.current) return;
    element.showPopover();
    place(element, trigger.current, align);
    const all = enabledItems();
    (open === 'last' ? all.at(-1) : all[0])?.focus();
  }, [open, align]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const all = enabledItems();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    let to = -1;
    if (event.key === 'ArrowDown') to = (at + 1) % all.length;
    else if (event.key === 'ArrowUp') to = (at - 1 + all.length) % all.length;
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
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLowerCase();
      const after = [...all.slice(at + 1), ...all.slice(0, at + 1)];
      const match = after.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter));
      if (match) to = all.indexOf(match);
    }
    if (to < 0) return;
    event.preventDefault();
    event.stopPropagation();
    all[to]?.focus();
  }

  function onTriggerKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  }

  const button = (
    <button
      ref={trigger}
      type="button"
      className={[
        'ui-button',
        `ui-button--${variant}`,
        `ui-button--${size}`,
        text ? 'ui-menu-trigger' : 'ui-icon-button',
      ].join(' ')}
      aria-haspopup="menu"
      aria-expanded={open !== false}
      aria-controls={open ? menuId : undefined}
      aria-label={text ? undefined : label}
      disabled={disabled}
      onClick={() => setOpen(open ? false : 'first')}
      onKeyDown={onTriggerKey}
    >
      {Icon && <Icon className="ui-button-icon" aria-hidden="true" />}
      {text}
      {text && <ChevronDown className="ui-button-icon ui-menu-chevron" aria-hidden="true" />}
    </button>
  );

  return (
    <>
      {text ? button : <Tooltip content={label}>{button}</Tooltip>}
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          popover="auto"
          className="ui-menu"
          onKeyDown={onMenuKey}
          onToggle={(event) => {
            // A click outside (light dismiss) closed it.
            if ((event.nativeEvent as ToggleEvent).newState === 'closed') setOpen(false);
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
                {item.icon ? (
                  <item.icon className="ui-menu-icon" aria-hidden="true" />
                ) : (
                  <span className="ui-menu-icon" />
                )}
                <span className="ui-menu-label">{item.label}</span>
                {item.shortcut && <kbd className="ui-menu-shortcut">{item.shortcut}</kbd>}
              </button>
            ),
          )}
        </div>
      )}
    </>
  );
}
