// A form's failure, beside the form (ErrorDetails: what went wrong, what it means, the code
// and the request ID to quote).
import type { AppError } from '../../../shared/appError.ts';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';

export function FormError({ error }: { error: AppError | undefined }) {
  if (!error) return null;
  return <ErrorDetails error={error} />;
}
