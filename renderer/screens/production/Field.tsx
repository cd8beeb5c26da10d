// A labelled control whose label names it alone: the label is tied by id rather than
// wrapped around the control (a wrapped select or text field would add its own value to
// its accessible name).
import { useId, type ReactNode } from 'react';

export function Field({
  label,
  inline = false,
  children,
}: {
  label: string;
  inline?: boolean;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`pr-field${inline ? ' pr-inline' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
