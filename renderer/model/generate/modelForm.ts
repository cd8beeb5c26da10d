// A model's input definitions (GET /models `inputs`) as a form: the labels, the checks before
// anything is sent (each message names the field and what to change), the settings body,
// and the cost estimate (the model's price × how many it makes).
import type { Model, ModelInput } from '../../../shared/api/createTypes.ts';

export type FormValues = Readonly<Record<string, string | boolean>>;

/** `prompt` is the body's own field; every other input goes in `settings`. */
export const PROMPT_INPUT = 'prompt';

/** "durationSeconds" → "Duration seconds". */
export function inputLabel(input: Pick<ModelInput, 'name'>): string {
  const words = input.name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The range and default, for the field's hint. */
export function inputLimits(input: ModelInput): string | null {
  const parts: string[] = [];
  if (input.min !== undefined && input.max !== undefined) parts.push(`${input.min} to ${input.max}`);
  else if (input.min !== undefined) parts.push(`at least ${input.min}`);
  else if (input.max !== undefined) parts.push(`at most ${input.max}`);
  if (input.maxLength !== undefined) parts.push(`up to ${input.maxLength} characters`);
  if (input.default !== undefined && input.type !== 'boolean') parts.push(`default ${String(input.default)}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The form of a model with its defaults filled in (numbers kept as typed text). */
export function defaultValues(model: Model | undefined): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const input of model?.inputs ?? []) {
    if (input.type === 'boolean') values[input.name] = input.default === true;
    else values[input.name] = input.default === undefined ? '' : String(input.default);
  }
  return values;
}

/** Whether `input` takes `value` as it is (so a change of model can keep it). */
export function takes(input: ModelInput, value: string | boolean): boolean {
  if (input.type === 'boolean') return typeof value === 'boolean';
  if (typeof value !== 'string' || value.trim() === '') return false;
  if (input.maxLength !== undefined && value.length > input.maxLength) return false;
  if (input.type === 'enum') return (input.options ?? []).includes(value);
  if (input.type === 'integer' || input.type === 'number') return typeof numberOf(input, value) === 'number';
  return true;
}

/**
 * The form for `model` after the user chose it in place of another: its defaults, then every
 * value the user had that this model takes as it is (same input name, allowed value). The
 * prompt is kept whatever the model, even over its length limit: the check on submit says so.
 */
export function carryValues(previous: FormValues, model: Model | undefined): Record<string, string | boolean> {
  const values = defaultValues(model);
  for (const input of model?.inputs ?? []) {
    const value = previous[input.name];
    if (value !== undefined && input.name !== PROMPT_INPUT && takes(input, value)) values[input.name] = value;
  }
  const prompt = previous[PROMPT_INPUT];
  if (typeof prompt === 'string') values[PROMPT_INPUT] = prompt;
  return values;
}

export type FormCheck =
  { ok: true; prompt: string; settings: Record<string, unknown> } | { ok: false; field: string; message: string };

function numberOf(input: ModelInput, text: string): number | string {
  const label = inputLabel(input);
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return `${label} must be a number.`;
  if (input.type === 'integer' && !Number.isInteger(value)) return `${label} must be a whole number.`;
  if (input.min !== undefined && value < input.min) return `${label} must be at least ${input.min}.`;
  if (input.max !== undefined && value > input.max) return `${label} must be at most ${input.max}.`;
  return value;
}

/** Checks the form against the model's definitions and builds the body's prompt and settings. */
export function checkForm(model: Model, values: FormValues): FormCheck {
  const settings: Record<string, unknown> = {};
  let prompt = '';
  for (const input of model.inputs ?? []) {
    const raw = values[input.name];
    const label = inputLabel(input);
    if (input.type === 'boolean') {
      settings[input.name] = raw === true;
      continue;
    }
    const text = typeof raw === 'string' ? raw : '';
    if (text.trim() === '') {
      if (input.required || input.name === PROMPT_INPUT)
        return { ok: false, field: input.name, message: `${label} is needed: fill it in.` };
      continue;
    }
    if (input.maxLength !== undefined && text.length > input.maxLength)
      return {
        ok: false,
        field: input.name,
        message: `${label} is ${text.length} characters; at most ${input.maxLength} are taken.`,
      };
    if (input.name === PROMPT_INPUT) {
      prompt = text.trim();
      continue;
    }
    if (input.type === 'integer' || input.type === 'number') {
      const value = numberOf(input, text);
      if (typeof value === 'string') return { ok: false, field: input.name, message: value };
      settings[input.name] = value;
    } else if (input.type === 'enum' && input.options && !input.options.includes(text)) {
      return { ok: false, field: input.name, message: `${label} must be one of ${input.options.join(', ')}.` };
    } else {
      settings[input.name] = text;
    }
  }
  if (!(model.inputs ?? []).some((input) => input.name === PROMPT_INPUT)) {
    const text = typeof values[PROMPT_INPUT] === 'string' ? (values[PROMPT_INPUT] as string).trim() : '';
    if (text === '') return { ok: false, field: PROMPT_INPUT, message: 'Prompt is needed: fill it in.' };
    prompt = text;
  }
  return { ok: true, prompt, settings };
}

/** USD for one run of the model, with the account's pricing. */
export function unitPriceUsd(model: Model): number | null {
  if (typeof model.priceUsd === 'number') return model.priceUsd;
  if (typeof model.priceCredits === 'number' && typeof model.usdPerCredit === 'number')
    return Math.round(model.priceCredits * model.usdPerCredit * 1e6) / 1e6;
  return null;
}

/** How many results the form asks for (a `count` input), else 1. */
export function unitsOf(model: Model, values: FormValues): number {
  const input = model.inputs?.find((i) => i.name === 'count');
  if (!input) return 1;
  const value = Number(values.count);
  return Number.isInteger(value) && value >= 1 ? value : Number(input.default ?? 1) || 1;
}

export function estimateUsd(
  model: Model,
  values: FormValues,
): { unitUsd: number; units: number; totalUsd: number } | null {
  const unitUsd = unitPriceUsd(model);
  if (unitUsd === null) return null;
  const units = unitsOf(model, values);
  // Whole micro-dollars, as the service charges.
  return { unitUsd, units, totalUsd: Math.round(unitUsd * units * 1e6) / 1e6 };
}

const usd2 = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

export function formatUsd(value: number): string {
  return usd2.format(value);
}

/**
 * The service's description of an input, without its sentences about the wire format (they
 * name request fields in backticks, such as "Sent as the top-level `prompt` field"): what a
 * person filling the form needs is the rest.
 */
export function userWords(description: string | null | undefined): string {
  return (description ?? '')
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !sentence.includes('`'))
    .join(' ')
    .trim();
}
