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
import { enabledItems, MenuList } from './MenuList.tsx';
import { Tooltip } from './Tooltip.tsx';
import type { ButtonSize, ButtonVariant } from './Button.tsx';

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

  useLayoutEffect(() => {
    const element = menu.current;
    if (!open || !element || !trigger.current) return;
    element.showPopover();
    place(element, trigger.current, align);
    const all = enabledItems(element);
    (open === 'last' ? all.at(-1) : all[0])?.focus();
  }, [open, align]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
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
      {open && <MenuList ref={menu} id={menuId} label={label} items={items} onClose={close} />}
    </>
  );
}
