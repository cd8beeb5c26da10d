// A tooltip: a short label shown beside a control on hover (after a short delay) and on
// keyboard focus, hidden on Escape, on a press and when the pointer leaves. It is for the
// eye only (aria-hidden): what it says must already be the control's accessible name or
// description (IconButton names its button with the same label and aria-keyshortcuts).
// Drawn in the top layer (popover), so neither a scrolling panel nor a dialog clips it.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import './tooltip.css';

const SHOW_DELAY_MS = 450;
const GAP_PX = 6;
const MARGIN_PX = 4;

export interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode;
  /** The shortcut of the action, shown after the text ("Ctrl+K"). */
  shortcut?: string | undefined;
  /** Where it goes when there is room (it flips to the other side when not). */
  placement?: 'top' | 'bottom';
  /** The control (one element). */
  children: ReactNode;
}

function place(tip: HTMLElement, target: Element, placement: 'top' | 'bottom'): void {
  const box = target.getBoundingClientRect();
  const width = tip.offsetWidth;
  const height = tip.offsetHeight;
  const below = box.bottom + GAP_PX;
  const above = box.top - GAP_PX - height;
  const fitsBelow = below + height <= window.innerHeight - MARGIN_PX;
  const fitsAbove = above >= MARGIN_PX;
  const top = placement === 'top' ? (fitsAbove || !fitsBelow ? above : below) : fitsBelow || !fitsAbove ? below : above;
  const left = Math.min(
    Math.max(MARGIN_PX, box.left + box.width / 2 - width / 2),
    window.innerWidth - width - MARGIN_PX,
  );
  tip.style.setProperty('--ui-tooltip-top', `${Math.max(MARGIN_PX, top)}px`);
  tip.style.setProperty('--ui-tooltip-left', `${left}px`);
}

export function Tooltip({ content, shortcut, placement = 'bottom', children }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);

  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setOpen(false);
  }, []);
  const showSoon = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(true), SHOW_DELAY_MS);
  }, []);

  function onFocus(event: FocusEvent) {
    // Keyboard focus only: a click already shows the pointer where the control is.
    if ((event.target as Element).matches(':focus-visible')) setOpen(true);
  }

  useLayoutEffect(() => {
    const element = tip.current;
    const target = anchor.current?.firstElementChild;
    if (!open || !element || !target) return;
    element.showPopover();
    place(element, target, placement);
  }, [open, placement]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    document.addEventListener('keydown', onKey, true);
    window.addEventListener('scroll', hide, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      window.removeEventListener('scroll', hide, true);
    };
  }, [open, hide]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <span
      ref={anchor}
      className="ui-tooltip-anchor"
      onPointerEnter={showSoon}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={onFocus}
      onBlur={hide}
    >
      {children}
      {open && (
        <div ref={tip} popover="manual" className="ui-tooltip" aria-hidden="true">
          <span>{content}</span>
          {shortcut && <kbd className="ui-tooltip-shortcut">{shortcut}</kbd>}
        </div>
      )}
    </span>
  );
}
