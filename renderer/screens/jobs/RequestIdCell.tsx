// A request ID in a table cell: the ID itself (selectable) and a button that copies it,
// named with the ID so a screen reader says which one it copies.
import { CopyError } from '../../components/CopyError.tsx';
import { useCopy } from '../../components/useCopy.ts';

export function RequestIdCell({ requestId }: { requestId: string | null }) {
  const { copied, error, copy } = useCopy();
  if (requestId === null) return <span className="muted">—</span>;
  return (
    <span className="request-id-cell">
      <code className="request-id-code">{requestId}</code>
      <button type="button" onClick={() => void copy(requestId)} aria-label={`Copy request ID ${requestId}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      <CopyError error={error} />
    </span>
  );
}
