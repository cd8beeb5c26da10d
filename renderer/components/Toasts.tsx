// Toasts: what happened in the background, in the bottom-left corner beside the rail, above
// the status bar — away from the editor's transport (the monitor, on top) and its Export
// button (the dock's right end). An error says what the user was doing, what went wrong and
// what it means, with its code and request ID (ErrorMeta, one copy button); a warning says
// what did not happen and why; a notice or a success says what finished. Errors and warnings
// stay until dismissed; notices and successes close after a few seconds, and not while the
// pointer or the focus is on the list (so they can be read and copied).
// The store (stores/toastStore.ts) is how anything shows one: showError(title, error),
// showWarning / showInfo / showSuccess(title, message).
import { useEffect, useState } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { explainErrorCode } from '../../shared/appError.ts';
import { useToasts, type Toast, type ToastKind } from '../stores/toastStore.ts';
import { IconButton } from './Button.tsx';
import { ErrorMeta } from './ErrorDetails.tsx';
import './toasts.css';

const ICONS: Record<ToastKind, typeof Info> = {
  error: CircleAlert,
  warning: TriangleAlert,
  info: Info,
  success: CircleCheck,
};

function ToastView({ toast }: { toast: Toast }) {
  const dismiss = useToasts((s) => s.dismiss);
  const hint = toast.error ? explainErrorCode(toast.error.code) : null;
  const Icon = ICONS[toast.kind];
  const urgent = toast.kind === 'error' || toast.kind === 'warning';

  return (
    <li className={`ui-toast ui-toast--${toast.kind}`} data-kind={toast.kind}>
      <Icon className="ui-toast-icon" aria-hidden="true" />
      <div className="ui-toast-body">
        <div role={urgent ? 'alert' : 'status'}>
          <p className="ui-toast-title">{toast.title}</p>
          <p className="ui-toast-message">{toast.message}</p>
          {hint && hint !== toast.message && <p className="ui-toast-hint">{hint}</p>}
        </div>
        {toast.error && <ErrorMeta error={toast.error} />}
      </div>
      <IconButton
        icon={X}
        size="sm"
        className="ui-toast-dismiss"
        label={`Dismiss: ${toast.title}`}
        tooltip={false}
        onClick={() => dismiss(toast.id)}
      />
    </li>
  );
}

export function Toasts() {
  const toasts = useToasts((s) => s.toasts);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = (hovered || focused) && toasts.length > 0;
  useEffect(() => useToasts.getState().hold(held), [held]);
  // The last one gone from under the pointer: the next one's clock runs.
  useEffect(() => {
    if (toasts.length > 0) return;
    setHovered(false);
    setFocused(false);
  }, [toasts.length]);
  // A landmark of its own (it sits outside main): nothing on the page is outside one.
  return (
    <section
      className="ui-toasts"
      aria-label="Notifications"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <ul className="ui-toasts-list" aria-label="Notifications">
        {toasts.map((toast) => (
          <ToastView key={toast.id} toast={toast} />
        ))}
      </ul>
    </section>
  );
}
