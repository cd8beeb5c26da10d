// A failure as the user sees it everywhere (forms, dialogs, toasts, rows): what went wrong
// in words first, what it means when the code says more, then the details support asks for
// (the code and the request ID, with one button that copies the ID). Codes are never the
// main text.
//
//   <ErrorDetails error={saveError} />                        beside a form (role="alert")
//   <ErrorDetails title="Renaming the project" error={e} />   with what the user was doing
import { CircleAlert, Copy, Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { explainErrorCode, type AppError } from '../../shared/appError.ts';
import { CopyError } from './CopyError.tsx';
import { useCopy } from './useCopy.ts';
import './errorDetails.css';

/** The one Copy button of a request ID (useCopy: a refused copy says so beside it). */
export function CopyRequestIdButton({ requestId }: { requestId: string }) {
  const { copied, error, copy } = useCopy();
  return (
    <>
      <button
        type="button"
        className="ui-error-copy"
        onClick={() => void copy(requestId)}
        aria-label={`Copy request ID ${requestId}`}
      >
        {copied ? (
          <Check className="ui-error-copy-icon" aria-hidden="true" />
        ) : (
          <Copy className="ui-error-copy-icon" aria-hidden="true" />
        )}
        {copied ? 'Copied' : 'Copy'}
      </button>
      <CopyError error={error} />
    </>
  );
}

/** The code and the request ID, on one quiet line. */
/** What ErrorDetails shows of an error: a job's own error may have no request ID. */
export type ShownError = Pick<AppError, 'code' | 'message'> & { requestId?: string | null | undefined };

export function ErrorMeta({ error }: { error: Pick<ShownError, 'code' | 'requestId'> }) {
  return (
    <p className="ui-error-meta">
      <span>
        Code <code>{error.code}</code>
      </span>
      {error.requestId && (
        <span className="ui-error-request">
          Request ID <code className="ui-error-request-id">{error.requestId}</code>
          <CopyRequestIdButton requestId={error.requestId} />
        </span>
      )}
    </p>
  );
}

export interface ErrorDetailsProps {
  error: ShownError;
  /** What the user was doing ("Renaming the project"), shown before the message. */
  title?: ReactNode;
  /** alert (default) is announced at once; none where a parent already announces it. */
  role?: 'alert' | 'status' | 'none';
  /** Buttons that help (Try again, Open Settings). */
  actions?: ReactNode;
  className?: string;
}

export function ErrorDetails({ error, title, role = 'alert', actions, className }: ErrorDetailsProps) {
  const hint = explainErrorCode(error.code);
  return (
    <div className={['ui-error', className].filter(Boolean).join(' ')} role={role === 'none' ? undefined : role}>
      <CircleAlert className="ui-error-icon" aria-hidden="true" />
      <div className="ui-error-text">
        {title && <p className="ui-error-title">{title}</p>}
        <p className="ui-error-message">{error.message}</p>
        {hint && hint !== error.message && <p className="ui-error-hint">{hint}</p>}
        <ErrorMeta error={error} />
        {actions && <div className="ui-error-actions">{actions}</div>}
      </div>
    </div>
  );
}
