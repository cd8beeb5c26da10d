// Why a copy failed, beside the Copy button that tried (useCopy's `error`).
export function CopyError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <span role="alert" className="form-error copy-error">
      {error}
    </span>
  );
}
