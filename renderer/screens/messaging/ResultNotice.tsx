// One answer of the Messaging API beside the form that asked: the status word and what it
// means, the service's own words when they add something, then the code and the request ID
// with its copy button (ErrorMeta). Extra actions (Busy's "pick another time") come as children.
import type { ReactNode } from 'react';
import { ErrorMeta } from '../../components/ErrorDetails.tsx';
import type { ResultLine } from './answerText.ts';

export function ResultNotice({ line, label, children }: { line: ResultLine; label?: string; children?: ReactNode }) {
  return (
    <div
      className={`msg-result-notice msg-result-${line.tone}`}
      role={line.tone === 'success' ? 'status' : 'alert'}
      aria-label={label ?? `${line.title}: ${line.meaning}`}
    >
      <p className="msg-result-head">
        <strong className="msg-result-title">{line.title}</strong>
        <span> — {line.meaning}</span>
      </p>
      {line.detail && <p className="msg-result-detail">{line.detail}</p>}
      <ErrorMeta error={{ code: line.code, requestId: line.requestId }} />
      {children && <div className="msg-result-actions">{children}</div>}
    </div>
  );
}
