// A labelled form control with an optional hint and error, tied to the control by id (the
// label names the control alone: it is not wrapped around it, since a wrapped select or
// text field would add its own value to its accessible name).
//
//   <Field label="Project name" hint="At most 120 characters" error={nameError}>
//     {(control) => <input {...control} value={name} onChange={…} />}
//   </Field>
//
// `control` carries id, aria-describedby (hint and error) and aria-invalid; the error is an
// alert, so a screen reader says it as it appears.
import { useId, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import './field.css';

export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** What to change; the field is marked invalid while there is one. */
  error?: ReactNode;
  /** Label beside the control instead of above it. */
  inline?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, hint, error, inline = false, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['ui-field', inline && 'ui-field--inline', className].filter(Boolean).join(' ')}>
      <label className="ui-field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="ui-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field-error" role="alert">
          <CircleAlert className="ui-field-error-icon" aria-hidden="true" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
