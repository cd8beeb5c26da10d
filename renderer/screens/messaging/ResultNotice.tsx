// One answer of the Messaging API beside the form that asked: status word and code, what the
// code means, the service's own words when they add something, and the request ID with a
// copy button. Extra actions (Busy's "pick another time") come as children.
import type { ReactNode } from 'react';
import { CopyRequestIdButton } from '../../components/ErrorDetails.tsx';
import type { ResultLine } from './resultView.ts';

export function ResultNotice({ line, label, children }: { line: ResultLine; label?: string; children?: ReactNode }) {
  return (
    <div
      className={`result-notice result-${line.tone}`}
      role={line.tone === 'success' ? 'status' : 'alert'}
      aria-label={label ?? `${line.title}: ${line.meaning}`}
    >
      <p className="result-head">
        <strong className="result-title">{line.title}</strong>
        {line.code !== line.title.split(' ').pop() && (
          <>
            {' '}
            <code className="result-code">{line.code}</code>
          </>
        )}
        <span className="result-meaning"> — {line.meaning}</span>
      </p>
      {line.detail && <p className="result-detail">{line.detail}</p>}
      {line.requestId && (
        <span className="request-id">
          Request ID <code>{line.requestId}</code> <CopyRequestIdButton requestId={line.requestId} />
        </span>
      )}
      {children && <div className="result-actions">{children}</div>}
    </div>
  );
}
