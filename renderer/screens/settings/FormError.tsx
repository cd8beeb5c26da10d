// A form's failure, beside the form: what went wrong, its code and, when the service
// answered, the request ID to quote.
import type { AppError } from '../../../shared/appError.ts';
import { CopyRequestId } from '../../components/Toasts.tsx';

export function FormError({ error }: { error: AppError | undefined }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {error.message} (<code>{error.code}</code>) {error.requestId && <CopyRequestId requestId={error.requestId} />}
    </p>
  );
}
