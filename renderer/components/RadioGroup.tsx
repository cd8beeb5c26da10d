// A labelled choice of one among a few: a fieldset whose legend names the group, native
// radios (arrow keys move between them, Tab enters and leaves the group, a screen reader
// says "radio, 2 of 3"), each with its label and an optional line of detail.
//
//   <RadioGroup legend="Export" name="what" value={what} onChange={setWhat}
//     options={[{ value: 'whole', label: 'Whole timeline' }, …]} />
import { useId, type ReactNode } from 'react';
import './radioGroup.css';

export interface RadioOption<T extends string> {
  value: T;
  label: ReactNode;
  /** A line under the label, read as the radio's description. */
  detail?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<T extends string> {
  legend: ReactNode;
  value: T;
  options: readonly RadioOption<T>[];
  onChange: (value: T) => void;
  /** Side by side instead of one under the other. */
  inline?: boolean;
}

export function RadioGroup<T extends string>({ legend, value, options, onChange, inline = false }: RadioGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className={['ui-radio-group', inline && 'ui-radio-group--inline'].filter(Boolean).join(' ')}>
      <legend className="ui-radio-legend">{legend}</legend>
      {options.map((option) => {
        const detailId = option.detail ? `${name}-${option.value}-detail` : undefined;
        return (
          <label key={option.value} className="ui-radio-choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              aria-describedby={detailId}
              onChange={() => onChange(option.value)}
            />
            <span className="ui-radio-text">
              <span>{option.label}</span>
              {option.detail && (
                <span id={detailId} className="ui-radio-detail">
                  {option.detail}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
