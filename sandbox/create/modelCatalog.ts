// The sandbox's model catalog, in one place: the media models POST /generations runs,
// and the text models speech edits run (GET /models?kind=text). Prices are in credits;
// a credit's dollar price carries the account's pricing multiplier (spec rule 4).
// Adding text models must never change the default media catalog (Versioning 3).
import type { MediaKind } from '../media/assetStore.ts';

export type ModelKind = MediaKind | 'text';
export const MODEL_KINDS = ['media', 'image', 'video', 'audio', 'text'] as const;
export type ModelKindQuery = (typeof MODEL_KINDS)[number];

export type InputType = 'string' | 'integer' | 'number' | 'boolean' | 'enum';

/** One field of the form an app renders for a model. */
export interface ModelInput {
  name: string;
  type: InputType;
  required: boolean;
  description: string;
  min?: number;
  max?: number;
  maxLength?: number;
  options?: readonly string[];
  default?: string | number | boolean;
}

export interface MediaModel {
  id: string;
  name: string;
  kind: MediaKind;
  available: boolean;
  description: string;
  /** Per generation; an image model's price is per image (times `count`). */
  priceCredits: number;
  inputs: readonly ModelInput[];
}

export const SPEECH_TASKS = ['interview-edit', 'caption-translation'] as const;
export type SpeechTask = (typeof SPEECH_TASKS)[number];

export interface TextModel {
  id: string;
  name: string;
  kind: 'text';
  available: boolean;
  description: string;
  speechTasks: readonly SpeechTask[];
  inputCreditsPerMillionTokens: number;
  outputCreditsPerMillionTokens: number;
}

/** The dollar price of one credit before the account's pricing multiplier. */
export const BASE_USD_PER_CREDIT = 0.01;
export const PROMPT_MAX_LENGTH = 2000;
const SEED_MAX = 2_147_483_647;

const prompt: ModelInput = {
  name: 'prompt',
  type: 'string',
  required: true,
  maxLength: PROMPT_MAX_LENGTH,
  description: 'What to make, in words. Sent as the top-level `prompt` field, not inside `settings`.',
};
const seed: ModelInput = {
  name: 'seed',
  type: 'integer',
  required: false,
  min: 0,
  max: SEED_MAX,
  description: 'The same prompt, settings and seed make the same result; without a seed every job differs.',
};
const style: ModelInput = {
  name: 'style',
  type: 'enum',
  required: false,
  options: ['photo', 'illustration', 'watercolor', 'neon'],
  default: 'photo',
  description: 'The look of the result.',
};
const count: ModelInput = {
  name: 'count',
  type: 'integer',
  required: false,
  min: 1,
  max: 4,
  default: 1,
  description: 'How many images to make; each is charged.',
};
const durationSeconds: ModelInput = {
  name: 'durationSeconds',
  type: 'integer',
  required: false,
  min: 1,
  max: 8,
  default: 2,
  description: 'Length of the result in seconds.',
};

export const MEDIA_MODELS: readonly MediaModel[] = [
  {
    id: 'sketch-image-1',
    name: 'Sketch Image',
    kind: 'image',
    available: true,
    description: 'Quick still images for drafts and storyboards.',
    priceCredits: 2,
    inputs: [prompt, style, seed, count],
  },
  {
    id: 'studio-image-2',
    name: 'Studio Image',
    kind: 'image',
    available: true,
    description: 'Detailed still images that follow the prompt closely.',
    priceCredits: 8,
    inputs: [
      prompt,
      style,
      {
        name: 'guidance',
        type: 'number',
        required: false,
        min: 1,
        max: 20,
        default: 7,
        description: 'How closely to follow the prompt (higher is closer).',
      },
      seed,
      count,
    ],
  },
  {
    id: 'motion-video-1',
    name: 'Motion Video',
    kind: 'video',
    available: true,
    description: 'Short moving shots with an optional sound bed.',
    priceCredits: 30,
    inputs: [
      prompt,
      durationSeconds,
      style,
      { name: 'sound', type: 'boolean', required: false, default: true, description: 'Add a sound bed to the video.' },
      seed,
    ],
  },
  {
    id: 'cinema-video-2',
    name: 'Cinema Video',
    kind: 'video',
    // Shown so apps can render (and explain) a model that cannot run right now.
    available: false,
    description: 'High-fidelity shots. Temporarily unavailable.',
    priceCredits: 120,
    inputs: [prompt, durationSeconds, style, seed],
  },
  {
    id: 'score-audio-1',
    name: 'Score Audio',
    kind: 'audio',
    available: true,
    description: 'Music beds and ambience.',
    priceCredits: 3,
    inputs: [
      prompt,
      durationSeconds,
      {
        name: 'mood',
        type: 'enum',
        required: false,
        options: ['calm', 'upbeat', 'tense'],
        default: 'calm',
        description: 'The feel of the music.',
      },
      {
        name: 'loop',
        type: 'boolean',
        required: false,
        default: false,
        description: 'Make it loop seamlessly (no fade in or out).',
      },
      seed,
    ],
  },
  {
    id: 'voice-audio-1',
    name: 'Voice Audio',
    kind: 'audio',
    available: true,
    description: 'Spoken voice-over read from the prompt.',
    priceCredits: 4,
    inputs: [
      { ...prompt, description: 'The words to speak. Sent as the top-level `prompt` field.' },
      {
        name: 'voice',
        type: 'enum',
        required: false,
        options: ['warm', 'bright', 'deep'],
        default: 'warm',
        description: 'The speaking voice.',
      },
      durationSeconds,
      seed,
    ],
  },
];

export const TEXT_MODELS: readonly TextModel[] = [
  {
    id: 'edit-text-1',
    name: 'Edit Text',
    kind: 'text',
    available: true,
    description: 'Proposes interview edits and translates captions.',
    speechTasks: ['interview-edit', 'caption-translation'],
    inputCreditsPerMillionTokens: 300,
    outputCreditsPerMillionTokens: 1200,
  },
  {
    id: 'translate-text-1',
    name: 'Translate Text',
    kind: 'text',
    available: true,
    description: 'English caption translations at a lower price.',
    speechTasks: ['caption-translation'],
    inputCreditsPerMillionTokens: 100,
    outputCreditsPerMillionTokens: 400,
  },
  {
    id: 'edit-text-2-preview',
    name: 'Edit Text 2 (preview)',
    kind: 'text',
    available: false,
    description: 'The next editing model. Not yet available.',
    speechTasks: ['interview-edit'],
    inputCreditsPerMillionTokens: 500,
    outputCreditsPerMillionTokens: 2000,
  },
];

export function mediaModelsOf(kind: Exclude<ModelKindQuery, 'text'>): MediaModel[] {
  return MEDIA_MODELS.filter((m) => kind === 'media' || m.kind === kind);
}

export function findMediaModel(id: string): MediaModel | undefined {
  return MEDIA_MODELS.find((m) => m.id === id);
}

export function findTextModel(id: string): TextModel | undefined {
  return TEXT_MODELS.find((m) => m.id === id);
}

/** Micro-dollars per credit for an account: kept integral so charges and refunds never drift. */
export function microsPerCredit(pricingMultiplier: number): number {
  return Math.round(BASE_USD_PER_CREDIT * 1e6 * pricingMultiplier);
}

export function usdPerCredit(pricingMultiplier: number): number {
  return microsPerCredit(pricingMultiplier) / 1e6;
}

/** What one job of `model` with resolved `settings` costs, in micro-dollars. */
export function generationPriceMicros(
  model: MediaModel,
  settings: Record<string, unknown>,
  pricingMultiplier: number,
): number {
  const units = model.kind === 'image' ? Number(settings.count ?? 1) : 1;
  return model.priceCredits * units * microsPerCredit(pricingMultiplier);
}
