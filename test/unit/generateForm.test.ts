// The Generate screen's form rules (renderer/model/generate/modelForm.ts): a model's input
// definitions checked before anything is sent, with messages that name the field, the body's
// prompt and settings, and the cost estimate (price × how many).
import { describe, expect, it } from 'vitest';
import type { Model } from '../../shared/api/createTypes.ts';
import {
  carryValues,
  checkForm,
  estimateUsd,
  formatUsd,
  inputLabel,
  inputLimits,
  userWords,
} from '../../renderer/model/generate/modelForm.ts';

const sketch: Model = {
  id: 'sketch-image-1',
  name: 'Sketch Image',
  kind: 'image',
  priceCredits: 2,
  usdPerCredit: 0.01,
  priceUsd: 0.02,
  inputs: [
    { name: 'prompt', type: 'string', required: true, maxLength: 20, description: 'What to make.' },
    { name: 'style', type: 'enum', required: false, options: ['photo', 'neon'], default: 'photo' },
    { name: 'guidance', type: 'number', required: false, min: 1, max: 20 },
    { name: 'sound', type: 'boolean', required: false, default: true },
    { name: 'seed', type: 'integer', required: false, min: 0, max: 99 },
    { name: 'count', type: 'integer', required: false, min: 1, max: 4, default: 1 },
  ],
};

describe('the model form', () => {
  it('builds the prompt and the settings, leaving out optional fields left empty', () => {
    const checked = checkForm(sketch, {
      prompt: '  A boat  ',
      style: 'neon',
      guidance: '7.5',
      sound: false,
      seed: '',
      count: '3',
    });
    expect(checked).toEqual({
      ok: true,
      prompt: 'A boat',
      settings: { style: 'neon', guidance: 7.5, sound: false, count: 3 },
    });
  });

  it('refuses, naming the field, what the service would refuse', () => {
    expect(checkForm(sketch, { prompt: ' ' })).toMatchObject({
      ok: false,
      field: 'prompt',
      message: 'Prompt is needed: fill it in.',
    });
    expect(checkForm(sketch, { prompt: 'x'.repeat(21) })).toMatchObject({
      field: 'prompt',
      message: 'Prompt is 21 characters; at most 20 are taken.',
    });
    expect(checkForm(sketch, { prompt: 'A', count: '9' })).toMatchObject({
      field: 'count',
      message: 'Count must be at most 4.',
    });
    expect(checkForm(sketch, { prompt: 'A', seed: '1.5' })).toMatchObject({
      field: 'seed',
      message: 'Seed must be a whole number.',
    });
    expect(checkForm(sketch, { prompt: 'A', guidance: 'lots' })).toMatchObject({
      field: 'guidance',
      message: 'Guidance must be a number.',
    });
    expect(checkForm(sketch, { prompt: 'A', style: 'sepia' })).toMatchObject({
      field: 'style',
      message: 'Style must be one of photo, neon.',
    });
  });

  it('estimates the price times how many are made, and a model without a count once', () => {
    expect(estimateUsd(sketch, { count: '3' })).toEqual({ unitUsd: 0.02, units: 3, totalUsd: 0.06 });
    expect(estimateUsd(sketch, { count: '' })).toEqual({ unitUsd: 0.02, units: 1, totalUsd: 0.02 });
    const video: Model = { id: 'v', priceCredits: 30, usdPerCredit: 0.011, inputs: [] };
    expect(estimateUsd(video, {})).toEqual({ unitUsd: 0.33, units: 1, totalUsd: 0.33 });
    expect(estimateUsd({ id: 'unpriced' }, {})).toBeNull();
    expect(formatUsd(0.3)).toBe('$0.30');
    expect(formatUsd(0.0125)).toBe('$0.0125');
  });

  it('labels and hints read as words', () => {
    expect(inputLabel({ name: 'durationSeconds' })).toBe('Duration seconds');
    expect(inputLimits({ name: 'count', type: 'integer', min: 1, max: 4, default: 1 })).toBe('1 to 4 · default 1');
    expect(inputLimits({ name: 'prompt', type: 'string', maxLength: 2000 })).toBe('up to 2000 characters');
    expect(inputLimits({ name: 'sound', type: 'boolean', default: true })).toBeNull();
  });

  it('keeps, on a change of model or kind, the prompt and every value the new model takes as it is', () => {
    const typed = { prompt: 'A harbour at dawn', style: 'neon', guidance: '7.5', sound: false, seed: '42', count: '3' };
    const other: Model = {
      id: 'neon-video',
      inputs: [
        { name: 'prompt', type: 'string', required: true, maxLength: 500 },
        // Takes neon: kept. Count only up to 2: its default instead of 3. No guidance input: dropped.
        { name: 'style', type: 'enum', options: ['neon', 'noir'], default: 'noir' },
        { name: 'count', type: 'integer', min: 1, max: 2, default: 1 },
        { name: 'seed', type: 'integer', min: 0, max: 1000 },
        { name: 'sound', type: 'boolean', default: true },
        { name: 'durationSeconds', type: 'integer', min: 1, max: 10, default: 4 },
      ],
    };
    expect(carryValues(typed, other)).toEqual({
      prompt: 'A harbour at dawn',
      style: 'neon',
      count: '1',
      seed: '42',
      sound: false,
      durationSeconds: '4',
    });
    // A model without a prompt input (an audio model of another kind) still keeps the prompt.
    expect(carryValues(typed, { id: 'tone', inputs: [{ name: 'style', type: 'enum', options: ['soft'] }] })).toEqual({
      style: '',
      prompt: 'A harbour at dawn',
    });
  });
});

describe('an input’s hint', () => {
  it('keeps the words for people and drops the sentences about request fields', () => {
    expect(userWords('What to make, in words. Sent as the top-level `prompt` field, not inside `settings`.')).toBe(
      'What to make, in words.',
    );
    expect(userWords('The look of the result.')).toBe('The look of the result.');
    expect(userWords(undefined)).toBe('');
  });
});
