// GET /models: the catalog with input definitions and this account's current prices (spec rule 4).
import { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { route, type Route } from '../http/route.ts';
import {
  MODEL_KINDS,
  TEXT_MODELS,
  mediaModelsOf,
  microsPerCredit,
  usdPerCredit,
  type MediaModel,
  type TextModel,
} from './modelCatalog.ts';

const ModelInputSchema = z.object({
  name: z.string(),
  type: z.enum(['string', 'integer', 'number', 'boolean', 'enum']),
  required: z.boolean(),
  description: z.string(),
  min: z.number().optional(),
  max: z.number().optional(),
  maxLength: z.number().int().optional(),
  options: z.array(z.string()).optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
});

const MediaModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['image', 'video', 'audio']),
  available: z.boolean(),
  description: z.string(),
  priceCredits: z.number().describe('Per generation; for images, per image (times settings.count).'),
  usdPerCredit: z.number().describe("Includes the account's pricing multiplier."),
  priceUsd: z.number().describe('priceCredits × usdPerCredit.'),
  inputs: z
    .array(ModelInputSchema)
    .describe('The form to render: `prompt` is the body field, the others go in `settings`.'),
});

const TextModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.literal('text'),
  available: z.boolean(),
  description: z.string(),
  speechTasks: z
    .array(z.string())
    .describe('Speech-edit tasks the model accepts, e.g. interview-edit, caption-translation.'),
  inputCreditsPerMillionTokens: z.number(),
  outputCreditsPerMillionTokens: z.number(),
  usdPerCredit: z
    .number()
    .describe("Includes the account's pricing multiplier; actual usage appears in the job receipt."),
});

/** A media model as the API shows it to an account with this pricing multiplier. */
export function pricedMediaModel(model: MediaModel, pricingMultiplier: number): z.infer<typeof MediaModelSchema> {
  return {
    id: model.id,
    name: model.name,
    kind: model.kind,
    available: model.available,
    description: model.description,
    priceCredits: model.priceCredits,
    usdPerCredit: usdPerCredit(pricingMultiplier),
    priceUsd: (model.priceCredits * microsPerCredit(pricingMultiplier)) / 1e6,
    inputs: model.inputs.map((input) => ({ ...input, options: input.options ? [...input.options] : undefined })),
  };
}

export function pricedTextModel(model: TextModel, pricingMultiplier: number): z.infer<typeof TextModelSchema> {
  return { ...model, speechTasks: [...model.speechTasks], usdPerCredit: usdPerCredit(pricingMultiplier) };
}

export function modelRoutes(ctx: SandboxContext): Route[] {
  return [
    route({
      method: 'GET',
      path: '/models',
      auth: 'any',
      tag: 'Models',
      summary: 'List models with their input definitions and current prices',
      query: z.object({
        kind: z
          .enum(MODEL_KINDS)
          .default('media')
          .describe('media (default: image, video and audio), image, video, audio, or text (models for speech edits).'),
      }),
      responses: {
        200: {
          description: 'The models of that kind (one page: nextCursor is null)',
          schema: z.union([MediaModelSchema, TextModelSchema]),
          list: true,
        },
      },
      handler({ principal, query }) {
        const multiplier = ctx.wallet.pricingMultiplier(principal.accountId);
        const data =
          query.kind === 'text'
            ? TEXT_MODELS.map((m) => pricedTextModel(m, multiplier))
            : mediaModelsOf(query.kind).map((m) => pricedMediaModel(m, multiplier));
        return { data, pagination: { nextCursor: null } };
      },
    }),
  ];
}
