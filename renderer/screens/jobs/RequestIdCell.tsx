// A request ID in a table cell: the ID itself (selectable) and a button that copies it,
// named with the ID so a screen reader says which one it copies.
import { useState } from 'react';

export function RequestIdCell({ requestId }: { requestId: string | null }) {
  const [copied, setCopied] = useState(false);
  if (requestId === null) return <span className="muted">—</span>;
  async function copy() {
    try {
      await navigator.clipboard.writeText(requestId!);
      setCopied(true);
    } catch {
      // No clipboard (an unfocused page): the ID stays selectable on screen.
      setCopied(false);
    }
  }
  return (
    <span className="request-id-cell">
      <code className="request-id-code">{requestId}</code>
      <button type="button" onClick={() => void copy()} aria-label={`Copy request ID ${requestId}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}
