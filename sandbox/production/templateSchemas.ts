// Templates as the API takes and shows them (zod: they validate requests and describe
// both in /openapi.json). A template version is a frozen copy of a project's timeline
// with typed slots, and bindings that say which clip property each slot sets.
import { z } from 'zod';
import { CREATE_LIMITS, EDITOR_LIMITS, TEMPLATE_LIMITS } from '../../shared/limits.ts';
import { TrackSchema } from '../editor/timelineSchemas.ts';

export const SLOT_TYPES = ['text', 'image', 'video', 'audio', 'color', 'number'] as const;
export type SlotType = (typeof SLOT_TYPES)[number];
export type MediaSlotType = 'image' | 'video' | 'audio';

const id = (what: string) =>
  z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(CREATE_LIMITS.idMax, `must be at most ${CREATE_LIMITS.idMax}`)
    .describe(what);
const name = z
  .string()
  .trim()
  .min(TEMPLATE_LIMITS.name.min, 'must not be empty')
  .max(TEMPLATE_LIMITS.name.max, `must be at most ${TEMPLATE_LIMITS.name.max} characters`);
export const SlotNameSchema = z
  .string()
  .max(TEMPLATE_LIMITS.slotNameMax, `must be at most ${TEMPLATE_LIMITS.slotNameMax} characters`)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an identifier: a letter or _, then letters, digits or _');
export const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
const ms = (what: string) =>
  z
    .number()
    .int('must be whole milliseconds')
    .min(1, 'must be at least 1')
    .max(EDITOR_LIMITS.timelineMaxMs, `must be at most ${EDITOR_LIMITS.timelineMaxMs}`)
    .describe(what);

const slotBase = {
  name: SlotNameSchema.describe('How variants name the slot in their values.'),
  required: z.boolean().describe('Every variant must give a value (a required slot has no default).'),
  description: z
    .string()
    .trim()
    .max(TEMPLATE_LIMITS.slotDescriptionMax, `must be at most ${TEMPLATE_LIMITS.slotDescriptionMax} characters`)
    .optional(),
};
const mediaDefault = id('An asset of the account of this kind, used when a variant gives none.').optional();
const durationConstraints = z
  .strictObject({ maxDurationMs: ms('The longest media a variant may give.').optional() })
  .optional();

export const SlotSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      ...slotBase,
      type: z.literal('text'),
      default: z.string().optional(),
      constraints: z
        .strictObject({
          maxLength: z
            .number()
            .int()
            .min(1, 'must be at least 1')
            .max(EDITOR_LIMITS.captionTextMax, `must be at most ${EDITOR_LIMITS.captionTextMax}`)
            .optional(),
        })
        .optional()
        .describe(
          `maxLength: the longest text, in characters (at most ${EDITOR_LIMITS.captionTextMax}, the caption limit, which also applies without it).`,
        ),
    }),
    z.strictObject({ ...slotBase, type: z.literal('image'), default: mediaDefault }),
    z.strictObject({ ...slotBase, type: z.literal('video'), default: mediaDefault, constraints: durationConstraints }),
    z.strictObject({ ...slotBase, type: z.literal('audio'), default: mediaDefault, constraints: durationConstraints }),
    z.strictObject({
      ...slotBase,
      type: z.literal('color'),
      default: z.string().regex(COLOR_PATTERN, 'must be a colour written #RRGGBB').optional(),
    }),
    z.strictObject({
      ...slotBase,
      type: z.literal('number'),
      default: z.number().optional(),
      constraints: z
        .strictObject({ min: z.number().optional(), max: z.number().optional() })
        .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, {
          message: 'min must not be greater than max',
          path: ['min'],
        })
        .optional(),
    }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? `type must be one of ${SLOT_TYPES.join(', ')}` : undefined) },
);
export type Slot = z.infer<typeof SlotSchema>;

export const BindingSchema = z.strictObject({
  slot: SlotNameSchema.describe('The slot whose value is bound.'),
  clipId: z.uuid('must be a UUID').describe('A clip of the source timeline.'),
  property: z
    .string()
    .regex(/^(asset|text|properties\.[A-Za-z]+)$/, 'must be "asset", "text" or "properties.<name>"')
    .describe(
      'asset: the media of a media clip (image, video and audio slots); text: the text of a caption (text slots); properties.<name>: a clip property of the catalog (number slots). Colour slots bind to nothing yet: their value stays with the variant.',
    ),
});
export type Binding = z.infer<typeof BindingSchema>;

export const TemplateInput = z
  .strictObject({
    templateId: id('Publish the next version of this template; omit to start a new template.').optional(),
    name,
    projectId: id("The project whose current editor timeline becomes the template's body."),
    slots: z
      .array(SlotSchema)
      .min(1, 'give at least one slot')
      .max(TEMPLATE_LIMITS.slotsPerTemplate, `give at most ${TEMPLATE_LIMITS.slotsPerTemplate} slots`),
    bindings: z
      .array(BindingSchema)
      .max(TEMPLATE_LIMITS.bindingsPerTemplate, `give at most ${TEMPLATE_LIMITS.bindingsPerTemplate} bindings`)
      .default([])
      .describe('How the slots map onto the timeline; a slot may have several bindings, or none.'),
  })
  .superRefine((input, check) => {
    const seen = new Set<string>();
    input.slots.forEach((slot, i) => {
      if (seen.has(slot.name))
        check.addIssue({
          code: 'custom',
          path: ['slots', i, 'name'],
          message: `"${slot.name}" names two slots; slot names must differ`,
        });
      seen.add(slot.name);
      if (slot.required && slot.default !== undefined) {
        check.addIssue({
          code: 'custom',
          path: ['slots', i, 'default'],
          message: 'a required slot takes no default: make it optional or drop the default',
        });
      }
    });
  });
export type TemplateBody = z.infer<typeof TemplateInput>;

export const TemplateVersionSchema = z.object({
  templateId: z.number().int(),
  version: z.number().int().describe('1 for the first publication, then 2, 3, …; a version never changes.'),
  name: z.string(),
  projectId: z.number().int().describe('The project the timeline was taken from.'),
  sourceRevision: z.string().describe('The revision of that timeline when it was published.'),
  aspectRatio: z.string().describe("The source project's aspect ratio; prepared projects get it too."),
  slots: z.array(SlotSchema),
  bindings: z.array(BindingSchema),
  timeline: z.object({ durationMs: z.number().int(), tracks: z.array(TrackSchema) }).describe('The frozen timeline.'),
  createdAt: z.string(),
});
export type TemplateVersion = z.infer<typeof TemplateVersionSchema>;

const VersionSummary = z.object({ version: z.number().int(), name: z.string(), createdAt: z.string() });

export const TemplateSummarySchema = z.object({
  id: z.number().int().describe('The templateId.'),
  name: z.string().describe("The latest version's name."),
  latestVersion: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string().describe('When the latest version was published.'),
});

export const TemplateSchema = TemplateSummarySchema.extend({
  latest: TemplateVersionSchema,
  versions: z.array(VersionSummary).describe('Every version, oldest first.'),
});

// ---- variants ----

const variantName = z
  .string()
  .trim()
  .min(TEMPLATE_LIMITS.variantName.min, 'must not be empty')
  .max(TEMPLATE_LIMITS.variantName.max, `must be at most ${TEMPLATE_LIMITS.variantName.max} characters`);

export const VariantsInput = z
  .strictObject({
    version: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .optional()
      .describe('The template version to apply; the latest by default.'),
    variants: z
      .array(
        z.strictObject({
          name: variantName.describe('Names the prepared project.'),
          values: z
            .record(z.string(), z.unknown())
            .default({})
            .describe(
              'slot name → value: text a string, number a number, color "#RRGGBB", image/video/audio an asset ID of the account of that kind.',
            ),
        }),
      )
      .min(1, 'give at least one variant')
      .max(TEMPLATE_LIMITS.variantsPerRequest, `give at most ${TEMPLATE_LIMITS.variantsPerRequest} variants`),
    dryRun: z
      .boolean()
      .default(false)
      .describe('Only check the values: nothing is created and nothing is remembered under the Idempotency-Key.'),
  })
  .superRefine((input, check) => {
    const seen = new Set<string>();
    input.variants.forEach((variant, i) => {
      if (seen.has(variant.name))
        check.addIssue({
          code: 'custom',
          path: ['variants', i, 'name'],
          message: `"${variant.name}" names two variants; variant names must differ`,
        });
      seen.add(variant.name);
    });
  });
export type VariantsBody = z.infer<typeof VariantsInput>;

export const SlotErrorSchema = z.object({ slot: z.string(), message: z.string() });
export type SlotError = z.infer<typeof SlotErrorSchema>;

export const VariantCheckSchema = z.object({
  templateId: z.number().int(),
  version: z.number().int(),
  valid: z.boolean().describe('True when every variant is valid.'),
  variants: z.array(z.object({ name: z.string(), valid: z.boolean(), errors: z.array(SlotErrorSchema) })),
});

export const PreparedVariantsSchema = z.object({
  templateId: z.number().int(),
  version: z.number().int(),
  variants: z.array(
    z.object({
      id: z.number().int().describe('The variant.'),
      name: z.string(),
      projectId: z
        .number()
        .int()
        .describe("The prepared project: the template's timeline with the values bound, ready for a batch."),
      values: z.record(z.string(), z.unknown()).describe('The values bound, defaults filled in.'),
      createdAt: z.string(),
    }),
  ),
});
export type PreparedVariants = z.infer<typeof PreparedVariantsSchema>;
