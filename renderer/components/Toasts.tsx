// Error toasts: what failed, the code and message, and the request ID with a copy button
// (what support asks for).
import { explainErrorCode } from '../../shared/appError.ts';
import { useToasts, type Toast } from '../stores/toastStore.ts';
import { CopyError } from './CopyError.tsx';
import { useCopy } from './useCopy.ts';

export function CopyRequestId({ requestId }: { requestId: string }) {
  const { copied, error, copy } = useCopy();
  return (
    <span className="request-id">
      Request ID: <code>{requestId}</code>{' '}
      <button type="button" onClick={() => void copy(requestId)} aria-label={`Copy request ID ${requestId}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      <CopyError error={error} />
    </span>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const dismiss = useToasts((s) => s.dismiss);
  const hint = toast.error ? explainErrorCode(toast.error.code) : null;
  return (
    <li className={toast.error ? 'toast toast-error' : 'toast'}>
      <div role={toast.error ? 'alert' : 'status'}>
        <strong>{toast.title}</strong>
        {toast.error && (
          <span className="error-code">
            {' '}
            (<code>{toast.error.code}</code>)
          </span>
        )}
        <p>{toast.message}</p>
        {hint && hint !== toast.message && <p className="hint">{hint}</p>}
      </div>
      {toast.error?.requestId && <CopyRequestId requestId={toast.error.requestId} />}
      <button
        type="button"
        className="dismiss"
        onClick={() => dismiss(toast.id)}
        aria-label={`Dismiss: ${toast.title}`}
      >
        ×
      </button>
    </li>
  );
}

export function Toasts() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <ul className="toasts" aria-label="Notifications">
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} />
      ))}
    </ul>
  );
}
