// Toasts: what happened in the background, in the corner above the status bar. An error says
// what the user was doing, what went wrong and what it means, with its code and request ID
// (ErrorMeta, one copy button); a notice says what finished. Each stays until dismissed.
// The store (stores/toastStore.ts) is how anything shows one: showError(title, error), showInfo(title, message).
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { explainErrorCode } from '../../shared/appError.ts';
import { useToasts, type Toast } from '../stores/toastStore.ts';
import { IconButton } from './Button.tsx';
import { ErrorMeta } from './ErrorDetails.tsx';
import './toasts.css';

function ToastView({ toast }: { toast: Toast }) {
  const dismiss = useToasts((s) => s.dismiss);
  const hint = toast.error ? explainErrorCode(toast.error.code) : null;
  const Icon = toast.error ? CircleAlert : CircleCheck;
  return (
    <li className={toast.error ? 'ui-toast ui-toast--error' : 'ui-toast'}>
      <Icon className="ui-toast-icon" aria-hidden="true" />
      <div className="ui-toast-body">
        <div role={toast.error ? 'alert' : 'status'}>
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
  // A landmark of its own (it sits outside main): nothing on the page is outside one.
  return (
    <section className="ui-toasts" aria-label="Notifications">
      <ul className="ui-toasts-list" aria-label="Notifications">
        {toasts.map((toast) => (
          <ToastView key={toast.id} toast={toast} />
        ))}
      </ul>
    </section>
  );
}
