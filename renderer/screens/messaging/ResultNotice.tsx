// One answer of the Messaging API beside the form that asked: what happened in words ("Added",
// "Already in contacts") and what it means, the service's own words when they add something,
// then the service's code and the request ID on the quiet line (ErrorMeta), as
// every error of the app shows them. The accessible name carries the code too, in brackets,
// so a screen reader user hears what support would ask for. Extra actions (Busy's "pick another time") come as children.
import type { ReactNode } from 'react';
import { ErrorMeta } from '../../components/ErrorDetails.tsx';
import type { ResultLine } from './answerText.ts';

function accessibleName(line: ResultLine): string {
  return line.title === line.headline
    ? `${line.headline}: ${line.meaning}`
    : `${line.headline}: ${line.meaning} (${line.title})`;
}

export function ResultNotice({ line, label, children }: { line: ResultLine; label?: string; children?: ReactNode }) {
  return (
    <div
      className={`msg-result-notice msg-result-${line.tone}`}
      role={line.tone === 'success' ? 'status' : 'alert'}
      aria-label={label ?? accessibleName(line)}
    >
      <p className="msg-result-head">
        <strong className="msg-result-title">{line.headline}</strong>
        <span> — {line.meaning}</span>
      </p>
      {line.detail && <p className="msg-result-detail">{line.detail}</p>}
      <ErrorMeta error={{ code: line.code, requestId: line.requestId }} />
      {children && <div className="msg-result-actions">{children}</div>}
    </div>
  );
}
