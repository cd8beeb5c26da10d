// Checks a generation's `settings` against the chosen model's input definitions, so
// the same definitions that draw the app's form also decide what the API accepts.
import type { MediaModel, ModelInput } from './modelCatalog.ts';

export interface SettingIssue {
  path: string;
  message: string;
}

function checkValue(input: ModelInput, value: unknown): string | undefined {
  const range = (): string | undefined => {
    const n = value as number;
    if (input.min !== undefined && n < input.min) return `must be at least ${input.min}`;
    if (input.max !== undefined && n > input.max) return `must be at most ${input.max}`;
    return undefined;
  };
  switch (input.type) {
    case 'string':
      if (typeof value !== 'string') return 'must be a string';
      if (input.maxLength !== undefined && value.length > input.maxLength)
        return `must be at most ${input.maxLength} characters`;
      return undefined;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be a whole number';
      return range();
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      return range();
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'enum':
      return typeof value === 'string' && input.options?.includes(value)
        ? undefined
        : `must be one of ${input.options?.join(', ')}`;
  }
}

/**
 * The settings with defaults filled in, or the issues that name each bad setting.
 * `prompt` is an input of every model but travels as the body's own field.
 */
export function resolveSettings(
  model: MediaModel,
  settings: Record<string, unknown>,
): { ok: true; settings: Record<string, unknown> } | { ok: false; issues: SettingIssue[] } {
  const inputs = model.inputs.filter((i) => i.name !== 'prompt');
  const names = inputs.map((i) => i.name);
  const issues: SettingIssue[] = [];
  for (const [name, value] of Object.entries(settings)) {
    const input = inputs.find((i) => i.name === name);
    if (name === 'prompt') {
      issues.push({
        path: 'settings.prompt',
        message: 'send the prompt as the top-level prompt field, not inside settings',
      });
    } else if (!input) {
      issues.push({
        path: `settings.${name}`,
        message: `is not a setting of ${model.id}; its settings are ${names.join(', ')}`,
      });
    } else {
      const problem = checkValue(input, value);
      if (problem) issues.push({ path: `settings.${name}`, message: problem });
    }
  }
  const resolved: Record<string, unknown> = {};
  for (const input of inputs) {
    if (Object.hasOwn(settings, input.name)) resolved[input.name] = settings[input.name];
    else if (input.default !== undefined) resolved[input.name] = input.default;
    else if (input.required) issues.push({ path: `settings.${input.name}`, message: `is required by ${model.id}` });
  }
  return issues.length ? { ok: false, issues } : { ok: true, settings: resolved };
}
