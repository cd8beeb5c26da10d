// A request ID in a table cell: the ID itself (selectable) and the one copy button
// (CopyRequestIdButton), named with the ID so a screen reader says which one it copies.
import { CopyRequestIdButton } from '../../components/ErrorDetails.tsx';

export function RequestIdCell({ requestId }: { requestId: string | null }) {
  if (requestId === null) return <span className="work-muted">—</span>;
  return (
    <span className="work-request-id-cell">
      <code className="work-request-id-code">{requestId}</code>
      <CopyRequestIdButton requestId={requestId} />
    </span>
  );
}
