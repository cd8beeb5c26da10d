// What the editor supports (GET /editor/catalog): effects, transitions, caption styles,
// fonts and clip properties, each with its value types and ranges. The command checks
// read the same tables, so what the catalog promises is exactly what commands accept.
import {
  CAPTION_PRESETS,
  CAPTION_STYLE_FIELD_NAMES,
  CAPTION_STYLE_FIELDS,
} from '../../shared/timeline/captionStyle.ts';
import { z } from 'zod';
import { EDITOR_LIMITS } from '../../shared/limits.ts';
import { isCropProperty, type CropProperty } from '../../shared/timeline/crop.ts';
import { EASINGS, KEYFRAMES_MAX } from '../../shared/timeline/keyframes.ts';
import {
  CLIP_PROPERTY_DEFAULTS as DEFAULTS,
  DEFAULT_IMAGE_MS,
  REVERSE_MAX_MS,
} from '../../shared/timeline/timelineRules.ts';
import { FITS, MARKER_COLORS, TRACK_KINDS, type Fit, type TrackKind } from '../../shared/timeline/timelineTypes.ts';

export interface NumberParam {
  name: string;
  /** What to call it on screen, in words ("Horizontal position"). */
  label: string;
  type: 'number';
  min: number;
  max: number;
  default: number;
  unit: string | null;
  description: string;
}

export interface EffectDef {
  id: string;
  name: string;
  /** What it does, for client authors (the exact rule is in the render's description). */
  description: string;
  /** Track kinds whose clips take the effect. */
  appliesTo: TrackKind[];
  /** True when the effect changes how long the clip lasts on the timeline. */
  changesDuration: boolean;
  params: NumberParam[];
}

export interface TransitionDef {
  id: string;
  name: string;
  description: string;
  minDurationMs: number;
  maxDurationMs: number;
  defaultDurationMs: number;
}

export interface PropertyDef extends NumberParam {
  appliesTo: TrackKind[];
  /** True when keyframes may change it over the clip (setKeyframes). */
  animatable: boolean;
}

const num = (
  name: string,
  label: string,
  min: number,
  max: number,
  dflt: number,
  unit: string | null,
  description: string,
): NumberParam => ({
  name,
  label,
  type: 'number',
  min,
  max,
  default: dflt,
  unit,
  description,
});

export const EFFECTS: EffectDef[] = [
  {
    id: 'brightness',
    name: 'Brightness',
    description: 'Non-linear RGB v in [0, 1]: amount a ≤ 0 gives v × (1 + a); a > 0 gives v + (1 − v) × a.',
    appliesTo: ['video'],
    changesDuration: false,
    params: [num('amount', 'Amount', -1, 1, 0, null, '0 leaves the picture as it is; -1 is black, 1 is white.')],
  },
  {
    id: 'contrast',
    name: 'Contrast',
    description: 'Non-linear RGB v in [0, 1]: (v − 0.5) × amount + 0.5, clamped.',
    appliesTo: ['video'],
    changesDuration: false,
    params: [num('amount', 'Amount', 0, 2, 1, null, '1 leaves the picture as it is.')],
  },
  {
    id: 'saturation',
    name: 'Saturation',
    description: "The matrix of CSS saturate(amount) (BT.709 luma weights) on non-linear RGB; 0 is the picture's luma.",
    appliesTo: ['video'],
    changesDuration: false,
    params: [num('amount', 'Amount', 0, 3, 1, null, '0 is black and white; 1 leaves the colours as they are.')],
  },
  {
    id: 'blur',
    name: 'Blur',
    description:
      "A Gaussian blur of the clip's picture, σ = radius × H / 1080 pixels of an H-line frame; beyond its edges the edge pixels repeat.",
    appliesTo: ['video'],
    changesDuration: false,
    params: [num('radius', 'Radius', 0, 50, 5, 'px', 'Gaussian blur radius.')],
  },
  {
    id: 'speed',
    name: 'Speed',
    description: 'Plays picture and sound at rate × (the sound keeps its pitch); the clip lasts (outMs − inMs) / rate.',
    appliesTo: ['video', 'audio'],
    changesDuration: true,
    params: [
      num('rate', 'Rate', 0.25, 4, 1, 'x', 'Playback rate: the clip lasts (outMs - inMs) / rate on the timeline.'),
    ],
  },
];

export const TRANSITIONS: TransitionDef[] = [
  {
    id: 'fade',
    name: 'Fade from black',
    description: "The clip's colours and sound rise from 0 to full over the transition (progress p).",
    minDurationMs: 100,
    maxDurationMs: 5000,
    defaultDurationMs: 500,
  },
  {
    id: 'dissolve',
    name: 'Cross dissolve',
    description:
      'The clip comes in at alpha p over the clip before it on the track, held on its last picture; its sound rises with p.',
    minDurationMs: 100,
    maxDurationMs: 5000,
    defaultDurationMs: 500,
  },
  {
    id: 'wipe',
    name: 'Wipe',
    description: 'Only the clip left of x = p × W is drawn, over the clip before it held on its last picture.',
    minDurationMs: 100,
    maxDurationMs: 3000,
    defaultDurationMs: 500,
  },
  {
    id: 'slide',
    name: 'Slide',
    description:
      'The clip enters from the right, displaced by (1 − p) × W, over the clip before it held on its last picture.',
    minDurationMs: 100,
    maxDurationMs: 3000,
    defaultDurationMs: 500,
  },
  {
    id: 'crossfade',
    name: 'Audio crossfade',
    description:
      "Sound only, at a cut between two clips that meet on a track: each plays durationMs / 2 past the cut from its media's handles, the earlier at gain cos(p·π/2), the later at sin(p·π/2); the picture cuts.",
    minDurationMs: 20,
    maxDurationMs: 5000,
    defaultDurationMs: 500,
  },
];

/** The transitions a clip may go out with (setTransition edge "out"). */
export const OUT_TRANSITION_IDS = ['fade', 'dissolve', 'crossfade'];

export const CAPTION_STYLES = [
  {
    id: 'subtitle',
    name: 'Subtitle',
    position: 'bottom',
    defaultFontId: 'inter',
    description: 'White text at 0.05 × H, weight 400, on black at 0.6 behind each line; centred, bottom at 0.93 × H.',
  },
  {
    id: 'lower-third',
    name: 'Lower third',
    position: 'bottom-left',
    defaultFontId: 'roboto',
    description:
      'White text at 0.045 × H, weight 500, on #1E3A8A at 0.85 behind each line; from x = 0.06 × W, bottom at 0.85 × H.',
  },
  {
    id: 'title',
    name: 'Title',
    position: 'center',
    defaultFontId: 'playfair-display',
    description: 'White text at 0.09 × H, weight 700, on black at 0.35 behind each line; centred both ways.',
  },
  {
    id: 'karaoke',
    name: 'Karaoke',
    position: 'bottom',
    defaultFontId: 'inter',
    description:
      "As subtitle at weight 700, each word turning yellow (#FFD21F) as it begins: at its timing in the caption's words, or the caption's time divided evenly.",
  },
] as const;

export const FONTS = [
  { id: 'inter', name: 'Inter', weights: [400, 700] },
  { id: 'roboto', name: 'Roboto', weights: [400, 500, 700] },
  { id: 'playfair-display', name: 'Playfair Display', weights: [400, 700] },
  { id: 'dejavu-sans', name: 'DejaVu Sans', weights: [400, 700] },
  { id: 'source-code-pro', name: 'Source Code Pro', weights: [400] },
] as const;

/** A fade property: a length of the clip's own time, at most the clip (checked against each clip). */
function fade(name: keyof typeof DEFAULTS, label: string, appliesTo: TrackKind[], description: string): PropertyDef {
  return {
    ...num(
      name,
      label,
      0,
      EDITOR_LIMITS.timelineMaxMs,
      DEFAULTS[name],
      'ms',
      `${description} At most the clip's length.`,
    ),
    appliesTo,
    animatable: false,
  };
}

/** A crop side: a fraction of the source cut from one edge before fit, scale and position. */
function crop(name: CropProperty, label: string, edge: string, opposite: CropProperty): PropertyDef {
  return {
    ...num(
      name,
      label,
      0,
      1,
      DEFAULTS[name],
      'source fraction',
      `The fraction of the source's ${edge} edge cut away before fit, scale, rotation and position; the part kept stays where it was. Below 1, and ${name} + ${opposite} below 1 at every moment of the clip.`,
    ),
    appliesTo: ['video'],
    animatable: true,
  };
}

export const PROPERTIES: PropertyDef[] = [
  {
    ...num('volume', 'Volume', 0, 2, DEFAULTS.volume, 'gain', '1 is the source level; 0 is silent.'),
    appliesTo: ['video', 'audio'],
    animatable: true,
  },
  {
    ...num('opacity', 'Opacity', 0, 1, DEFAULTS.opacity, null, '0 is invisible; 1 is opaque.'),
    appliesTo: ['video'],
    animatable: true,
  },
  {
    ...num('scale', 'Scale', 0.1, 10, DEFAULTS.scale, 'x', 'Size relative to fitting the frame.'),
    appliesTo: ['video'],
    animatable: true,
  },
  {
    ...num(
      'positionX',
      'Horizontal position',
      -1,
      1,
      DEFAULTS.positionX,
      'frame widths',
      'Horizontal offset of the centre from the frame centre.',
    ),
    appliesTo: ['video'],
    animatable: true,
  },
  {
    ...num(
      'positionY',
      'Vertical position',
      -1,
      1,
      DEFAULTS.positionY,
      'frame heights',
      'Vertical offset of the centre from the frame centre.',
    ),
    appliesTo: ['video'],
    animatable: true,
  },
  {
    ...num('rotation', 'Rotation', -360, 360, DEFAULTS.rotation, 'degrees', 'Clockwise rotation.'),
    appliesTo: ['video'],
    animatable: true,
  },
  fade(
    'fadeInMs',
    'Fade in',
    ['video'],
    "The clip's alpha is multiplied by t / fadeInMs over its first fadeInMs (what is beneath, black at the bottom, shows through).",
  ),
  fade(
    'fadeOutMs',
    'Fade out',
    ['video'],
    "The clip's alpha is multiplied by (time left) / fadeOutMs over its last fadeOutMs.",
  ),
  fade(
    'audioFadeInMs',
    'Sound fade in',
    ['video', 'audio'],
    "The sound rises at gain sin(p·π/2), p = t / audioFadeInMs, over the clip's first audioFadeInMs.",
  ),
  fade(
    'audioFadeOutMs',
    'Sound fade out',
    ['video', 'audio'],
    "The sound falls at gain cos(p·π/2), p the fade's progress, over the clip's last audioFadeOutMs.",
  ),
  {
    ...num(
      'reverse',
      'Reverse',
      0,
      1,
      DEFAULTS.reverse,
      null,
      `1 plays picture and sound backwards (from outMs to inMs); 0 forwards. A reversed clip uses at most ${REVERSE_MAX_MS} ms of its media.`,
    ),
    appliesTo: ['video', 'audio'],
    animatable: false,
  },
  crop('cropLeft', 'Crop left', 'left', 'cropRight'),
  crop('cropRight', 'Crop right', 'right', 'cropLeft'),
  crop('cropTop', 'Crop top', 'top', 'cropBottom'),
  crop('cropBottom', 'Crop bottom', 'bottom', 'cropTop'),
];

const FIT_LABELS: Record<Fit, string> = { contain: 'Fit inside', cover: 'Fill, cropping', fill: 'Stretch to fill' };

const FIT_DESCRIPTIONS: Record<Fit, string> = {
  contain: 'The whole picture, as large as fits the frame: bars of what is beneath where the shapes differ.',
  cover: 'The picture scaled to cover the whole frame; what overflows is cut.',
  fill: "The picture stretched to exactly the frame's size.",
};

export const effectById = new Map(EFFECTS.map((e) => [e.id, e]));
export const transitionById = new Map(TRANSITIONS.map((t) => [t.id, t]));
export const captionStyleIds: ReadonlySet<string> = new Set(CAPTION_STYLES.map((s) => s.id));
export const fontIds: ReadonlySet<string> = new Set(FONTS.map((f) => f.id));

/** A partial properties object, each value range-checked against the catalog. */
const propertyShape: Record<string, z.ZodOptional<z.ZodNumber>> = Object.fromEntries(
  PROPERTIES.map((p) => [
    p.name,
    isCropProperty(p.name)
      ? z.number().min(p.min).lt(p.max).optional().describe(`${p.description} ${p.min} to below ${p.max}.`)
      : z.number().min(p.min).max(p.max).optional().describe(`${p.description} ${p.min} to ${p.max}.`),
  ]),
);
export const PropertiesInput = z
  .strictObject(propertyShape)
  .refine((value) => Object.keys(value).length > 0, 'name at least one property');

const NumberParamSchema = z.object({
  name: z.string(),
  label: z.string().describe('What to call it on screen, in words.'),
  type: z.literal('number'),
  min: z.number(),
  max: z.number(),
  default: z.number(),
  unit: z.string().nullable(),
  description: z.string(),
});

const TRACK_KIND = z.enum(TRACK_KINDS);

const hexOrNull = z.string().nullable();
const CaptionPresetSchema = z.object({
  fontSizePx: z.number(),
  weight: z.number().int(),
  textColor: z.string(),
  outlineColor: z.string(),
  outlineWidthPx: z.number(),
  shadow: z.boolean(),
  boxColor: z.string(),
  boxOpacity: z.number(),
  boxPaddingPx: z.number().nullable().describe('Null: 0.3 em.'),
  measure: z.number(),
  left: z.number().nullable(),
  anchor: z.enum(['bottom', 'middle']),
  positionY: z.number(),
  maxCharsPerLine: z.number().int().nullable(),
  maxLines: z.number().int().nullable(),
  uppercase: z.boolean(),
  spokenWordColor: hexOrNull,
  activeWordColor: hexOrNull,
  activeWordScale: z.number(),
  activeWordBoxColor: hexOrNull,
});

export const CatalogSchema = z.object({
  effects: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      appliesTo: z.array(TRACK_KIND),
      changesDuration: z.boolean(),
      params: z.array(NumberParamSchema),
    }),
  ),
  transitions: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      minDurationMs: z.number().int(),
      maxDurationMs: z.number().int(),
      defaultDurationMs: z.number().int(),
    }),
  ),
  captionStyles: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      position: z.string(),
      defaultFontId: z.string(),
      description: z.string(),
      properties: CaptionPresetSchema.describe(
        "The style as caption style properties (sizes in pixels at 1080 lines), what a caption of this style gets before its track's captionStyle and its own: weight, measure (the longest line as a share of the width), left (null: centred; else where lines start, a share of the width) and anchor (bottom: positionY is the block's bottom; middle: its centre) belong to the style alone.",
      ),
    }),
  ),
  captionStyleProperties: z
    .array(z.object({ name: z.string(), description: z.string() }))
    .describe(
      'The caption style properties a caption (addCaption, updateCaption) or a caption track (updateTrack) may set in captionStyle.',
    ),
  fonts: z
    .array(z.object({ id: z.string(), name: z.string(), weights: z.array(z.number().int()) }))
    .describe(
      'Each font is the Latin WOFF2 files of the Fontsource package @fontsource/<id> at these weights (files/<id>-latin-<weight>-normal.woff2); a style asking for another weight gets the nearest listed.',
    ),
  properties: z
    .array(
      NumberParamSchema.extend({
        appliesTo: z.array(TRACK_KIND),
        animatable: z
          .boolean()
          .describe(
            'Keyframes may change it over the clip (setKeyframes); so may every effect parameter, as effect:<effectId>.<param>.',
          ),
      }),
    )
    .describe(
      'Every clip property. The fades (fadeInMs, fadeOutMs, audioFadeInMs, audioFadeOutMs) last at most the clip and multiply with keyframes.',
    ),
  easings: z.array(z.enum(EASINGS)).describe('The easings of a keyframe (the segment leaving it); linear by default.'),
  outTransitions: z.array(z.string()).describe('The transitions a clip may go out with (setTransition edge "out").'),
  fits: z
    .array(
      z.object({ id: z.enum(FITS), label: z.string().describe('What to call it on screen.'), description: z.string() }),
    )
    .describe("The values of a media clip's fit (setClipFit); contain by default."),
  trackKinds: z.array(TRACK_KIND),
  markerColors: z
    .array(z.enum(MARKER_COLORS))
    .describe(`The colours a marker may have (addMarker, updateMarker); ${MARKER_COLORS[0]} by default.`),
  defaultImageDurationMs: z.number().int().describe('How long an image clip lasts when addClip gives no outMs.'),
  limits: z
    .object({
      commandsPerRequest: z.number().int(),
      clipsPerTimeline: z.number().int(),
      tracksPerTimeline: z.number().int(),
      timelineMaxMs: z.number().int(),
      captionTextMax: z.number().int(),
      renderMaxDurationMs: z
        .number()
        .int()
        .describe(
          'The longest preview range a render covers; a whole-timeline render or export lasts up to timelineMaxMs (made in parts).',
        ),
      keyframesPerProperty: z.number().int(),
      reverseMaxMs: z.number().int().describe('The longest clip that may play reversed.'),
      markersPerTimeline: z.number().int(),
      markerNameMax: z.number().int().describe("A marker name's most characters."),
    })
    .describe('What one command list, one timeline and one render may hold.'),
});

export function catalog(): z.infer<typeof CatalogSchema> {
  return {
    effects: EFFECTS,
    transitions: TRANSITIONS,
    captionStyles: CAPTION_STYLES.map((s) => ({ ...s, properties: { ...CAPTION_PRESETS[s.id]! } })),
    captionStyleProperties: CAPTION_STYLE_FIELD_NAMES.map((name) => ({
      name,
      description: CAPTION_STYLE_FIELDS[name].description ?? '',
    })),
    fonts: FONTS.map((f) => ({ ...f, weights: [...f.weights] })),
    properties: PROPERTIES,
    easings: [...EASINGS],
    outTransitions: OUT_TRANSITION_IDS,
    fits: FITS.map((id) => ({ id, label: FIT_LABELS[id], description: FIT_DESCRIPTIONS[id] })),
    trackKinds: [...TRACK_KINDS],
    markerColors: [...MARKER_COLORS],
    defaultImageDurationMs: DEFAULT_IMAGE_MS,
    limits: {
      commandsPerRequest: EDITOR_LIMITS.commandsPerRequest,
      clipsPerTimeline: EDITOR_LIMITS.clipsPerTimeline,
      tracksPerTimeline: EDITOR_LIMITS.tracksPerTimeline,
      timelineMaxMs: EDITOR_LIMITS.timelineMaxMs,
      captionTextMax: EDITOR_LIMITS.captionTextMax,
      renderMaxDurationMs: EDITOR_LIMITS.renderMaxDurationMs,
      keyframesPerProperty: KEYFRAMES_MAX,
      reverseMaxMs: REVERSE_MAX_MS,
      markersPerTimeline: EDITOR_LIMITS.markersPerTimeline,
      markerNameMax: EDITOR_LIMITS.markerNameMax,
    },
  };
}
