// The one dialog: the native <dialog> opened with showModal(), so the browser makes it
// modal (the rest of the page inert, drawn in the top layer) and Escape asks it to close;
// Tab and Shift+Tab go round its controls. Mounted = open: render <Dialog> while it should
// show, and leave it out (from onClose) to close it; focus then returns to what had it before.
//
//   {renaming && (
//     <Dialog title="Rename project" onClose={() => setRenaming(false)}
//             footer={<><Button onClick={…}>Cancel</Button><Button variant="primary" …>Save</Button></>}>
//       …
//     </Dialog>
//   )}
//
// role="alertdialog" for a question that must be answered (a confirmation, a conflict);
// `initialFocus` picks the control focused first (the safe choice), else the first one is.
import { X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { IconButton } from './Button.tsx';
import './dialog.css';

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: the
 * browser keeps the page behind out of reach, but would let the focus leave for its own UI.
 */
function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent): void {
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export interface DialogProps {
  title: ReactNode;
  /** Escape, the close button, and (if `closeOnBackdrop`) a click outside call this. */
  onClose: () => void;
  children: ReactNode;
  /** The buttons at the bottom, right-aligned; the main action last. */
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Read with the title (aria-describedby): the element of the body that says what is asked. */
  descriptionId?: string | undefined;
  initialFocus?: RefObject<HTMLElement | null>;
  /** A close button in the header (default on; an alertdialog is answered by its buttons). */
  closeButton?: boolean;
  closeOnBackdrop?: boolean;
  className?: string;
  /** The dialog's accessible name when the title is not plain text. */
  'aria-label'?: string;
}

export function Dialog({
  title,
  onClose,
  children,
  footer,
  role = 'dialog',
  size = 'md',
  descriptionId,
  initialFocus,
  closeButton = role === 'dialog',
  closeOnBackdrop = false,
  className,
  'aria-label': ariaLabel,
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The latest onClose, so the native listeners below are added once.
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });

  useLayoutEffect(() => {
    const element = dialog.current!;
    const returnTo = document.activeElement as HTMLElement | null;
    element.showModal();
    // The browser would focus the header's close button first; the body's first control is what the user came for.
    const first =
      initialFocus?.current ??
      element.querySelector<HTMLElement>(`.ui-dialog-body :is(${FOCUSABLE}), .ui-dialog-footer :is(${FOCUSABLE})`);
    first?.focus();
    return () => {
      element.close();
      // Back to the control that opened it (if it is still there).
      if (returnTo?.isConnected) returnTo.focus();
    };
    // Opened once per mount; a new initialFocus later does not move the focus.
  }, []);

  useEffect(() => {
    const element = dialog.current!;
    // Escape: the page decides (it unmounts the dialog), the browser does not close it behind React's back.
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    element.addEventListener('cancel', onCancel);
    return () => element.removeEventListener('cancel', onCancel);
  }, []);

  return (
    <dialog
      ref={dialog}
      className={['ui-dialog', `ui-dialog--${size}`, className].filter(Boolean).join(' ')}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={ariaLabel ? undefined : titleId}
      aria-label={ariaLabel}
      aria-describedby={descriptionId}
      // Capture: Tab goes round the dialog's controls even where a control inside keeps its keys.
      onKeyDownCapture={(event) => event.key === 'Tab' && keepFocusInside(event.currentTarget, event)}
      // The page's own shortcuts (the timeline's keys, the global keymap) are not for a dialog.
      onKeyDown={(event) => event.stopPropagation()}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <header className="ui-dialog-header">
        <h2 id={titleId} className="ui-dialog-title">
          {title}
        </h2>
        {closeButton && <IconButton icon={X} label="Close" size="sm" onClick={onClose} tooltip={false} />}
      </header>
      <div className="ui-dialog-body">{children}</div>
      {footer && <footer className="ui-dialog-footer">{footer}</footer>}
    </dialog>
  );
}
