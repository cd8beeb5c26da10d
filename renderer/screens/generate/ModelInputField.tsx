// One input of a model's form, rendered from its definition: text (the prompt as a text
// area), a number with its range, a checkbox, or a list of options; its description and
// limits are the hint under it.
import type { ModelInput } from '../../../shared/api/createTypes.ts';
import type { FieldValue } from '../../stores/generateStore.ts';
import { inputLabel, inputLimits, PROMPT_INPUT, userWords } from '../../model/generate/modelForm.ts';

export function ModelInputField({
  input,
  value,
  onChange,
  id,
  invalid,
}: {
  input: ModelInput;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
  id: string;
  invalid: boolean;
}) {
  const label = inputLabel(input);
  const limits = inputLimits(input);
  const hintId = `${id}-hint`;
  const description = userWords(input.description);
  const hint = Boolean(description || limits);
  const common = {
    id,
    'aria-describedby': hint ? hintId : undefined,
    'aria-invalid': invalid || undefined,
  };
  const text = typeof value === 'string' ? value : '';

  let control;
  if (input.type === 'boolean') {
    control = (
      <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
    );
  } else if (input.type === 'enum' && input.options) {
    control = (
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)} required={input.required}>
        {!input.required && input.default === undefined && <option value="">(none)</option>}
        {input.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (input.type === 'integer' || input.type === 'number') {
    control = (
      <input
        type="number"
        {...common}
        value={text}
        min={input.min}
        max={input.max}
        step={input.type === 'integer' ? 1 : 'any'}
        required={input.required}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else if (input.name === PROMPT_INPUT) {
    control = (
      <textarea
        {...common}
        value={text}
        rows={4}
        maxLength={input.maxLength}
        required
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else {
    control = (
      <input
        type="text"
        {...common}
        value={text}
        maxLength={input.maxLength}
        required={input.required}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }

  return (
    <div className={`gen-field gen-field-${input.type === 'boolean' ? 'check' : 'input'}`}>
      <label htmlFor={id}>
        {label}
        {input.required && <span aria-hidden="true"> *</span>}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="gen-field-hint">
          {description}
          {description && limits ? ' ' : null}
          {limits && <span className="gen-field-limits">{limits.charAt(0).toUpperCase() + limits.slice(1)}</span>}
        </p>
      )}
    </div>
  );
}
