// A context menu (right-click, or Shift+F10 / the Menu key): the menu of Menu.tsx opened at a
// point instead of under a button, with the same list and keys (MenuList.tsx); the focus goes
// back to where it was. Kept inside the window.
//
//   const [at, setAt] = useState<{ x: number; y: number } | null>(null);
//   <div onContextMenu={(e) => { e.preventDefault(); setAt({ x: e.clientX, y: e.clientY }); }} />
//   {at && <ContextMenu label="Clip actions" at={at} items={items} onClose={() => setAt(null)} />}
import { useId, useLayoutEffect, useRef } from 'react';
import type { MenuEntry } from './Menu.tsx';
import { enabledItems, MenuList } from './MenuList.tsx';

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

  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    returnTo.current = document.activeElement;
    element.showPopover();
    const left = Math.min(Math.max(MARGIN_PX, at.x), window.innerWidth - element.offsetWidth - MARGIN_PX);
    const top = Math.min(Math.max(MARGIN_PX, at.y), window.innerHeight - element.offsetHeight - MARGIN_PX);
    element.style.setProperty('--ui-menu-top', `${top}px`);
    element.style.setProperty('--ui-menu-left', `${left}px`);
    (enabledItems(element)[0] ?? element).focus();
  }, [at]);

  function close(returnFocus: boolean) {
    onClose();
    if (returnFocus && returnTo.current instanceof HTMLElement) returnTo.current.focus();
  }

  return <MenuList ref={menu} id={id} label={label} items={items} onClose={close} />;
}
