// The Inspector's controls: a number setting that shows the selected clips' own value (empty,
// "Mixed", when they differ) and makes one edit when a new value is committed (Enter or
// leaving the field; Escape puts the value back), and a choice among the catalog's items.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Field } from '../../components/Field.tsx';
import type { NumberParam } from '../../../shared/timeline/timelineTypes.ts';
import { rangeHint, readNumber, stepOf } from './inspectorValues.ts';

export function NumberSetting({
  def,
  label,
  value,
  onCommit,
  adornment,
}: {
  def: Pick<NumberParam, 'min' | 'max' | 'default' | 'unit' | 'description'>;
  label: string;
  /** null: the selected clips differ. */
  value: number | null;
  onCommit: (value: number) => void;
  /** Drawn after the field on its row (the keyframe buttons). */
  adornment?: ReactNode;
}) {
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const undo = useRef(false);
  useEffect(() => {
    if (!editing) setText(shown);
  }, [shown, editing]);

  function commit() {
    setEditing(false);
    // Escape: the value as it was, nothing sent.
    if (undo.current) {
      undo.current = false;
      setText(shown);
      return setError(null);
    }
    if (text === shown) return setError(null);
    const read = readNumber(text, def, label);
    if (typeof read === 'string') {
      setError(read);
      setText(shown);
      return;
    }
    setError(null);
    if (read !== value) onCommit(read);
  }

  return (
    <Field label={label} hint={rangeHint(def)} error={error} className="tl-setting">
      {(control) => {
        const input = (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            min={def.min}
            max={def.max}
            step={stepOf(def)}
            value={text}
            placeholder={value === null ? 'Mixed' : undefined}
            title={def.description}
            onFocus={() => setEditing(true)}
            onChange={(e) => setText(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
              if (e.key === 'Escape') {
                undo.current = true;
                e.currentTarget.blur();
              }
            }}
          />
        );
        return adornment ? (
          <span className="tl-setting-row">
            {input}
            {adornment}
          </span>
        ) : (
          input
        );
      }}
    </Field>
  );
}

export function ChoiceSetting({
  label,
  value,
  choices,
  onChoose,
  hint,
}: {
  label: string;
  /** null: the selected clips differ. */
  value: string | null;
  choices: readonly { id: string; label: string }[];
  onChoose: (id: string) => void;
  hint?: ReactNode;
}) {
  return (
    <Field label={label} hint={hint} className="tl-setting">
      {(control) => (
        <select {...control} value={value ?? ''} onChange={(e) => e.target.value !== '' && onChoose(e.target.value)}>
          {value === null && (
            <option value="" disabled>
              Mixed
            </option>
          )}
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * Text committed on Enter or on leaving the field; Shift+Enter breaks a line. A textarea, so
 * a caption's line break is shown and kept: a single-line input drops line breaks from its
 * value, and "thought\nthe" came back as "thoughtthe".
 */
export function TextSetting({
  label,
  value,
  maxLength,
  onCommit,
}: {
  label: string;
  value: string | null;
  maxLength: number;
  onCommit: (value: string) => void;
}) {
  const shown = value ?? '';
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  const undo = useRef(false);
  useEffect(() => {
    if (!editing) setText(shown);
  }, [shown, editing]);
  const tooLong = text.trim().length > maxLength;
  function commit() {
    setEditing(false);
    const wanted = undo.current ? shown : text.trim();
    undo.current = false;
    if (wanted === '' || tooLong || wanted === shown) return setText(shown);
    onCommit(wanted);
  }
  return (
    <Field
      label={label}
      className="tl-setting"
      error={tooLong ? `${label} is ${text.trim().length} characters: shorten it to at most ${maxLength}.` : null}
    >
      {(control) => (
        <textarea
          {...control}
          rows={Math.min(4, Math.max(2, text.split('\n').length))}
          value={text}
          placeholder={value === null ? 'Mixed' : undefined}
          onFocus={() => setEditing(true)}
          onChange={(e) => setText(e.target.value.replace(/\r\n?/g, '\n'))}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.blur();
            }
            if (e.key === 'Escape') {
              undo.current = true;
              e.currentTarget.blur();
            }
          }}
        />
      )}
    </Field>
  );
}
