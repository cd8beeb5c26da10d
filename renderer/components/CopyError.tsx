// Why a copy failed, beside the Copy button that tried (useCopy's `error`).
import './copyError.css';

export function CopyError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <span role="alert" className="ui-copy-error">
      {error}
    </span>
  );
}
