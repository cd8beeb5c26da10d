// The editor timeline and catalog as the client reads them (GET /projects/{id}/editor/timeline,
// GET /editor/catalog). Tolerant like every client schema here: unknown fields are kept
// and ignored, so a newer service does not break an older app.
import { z } from 'zod';
import { CAPTION_STYLE_FIELDS } from './captionStyle.ts';
import { EASINGS } from './keyframes.ts';

export const TRACK_KINDS = ['video', 'audio', 'caption'] as const;
export const TrackKindSchema = z.enum(TRACK_KINDS);
export type TrackKind = z.infer<typeof TrackKindSchema>;

/** How a video track's media clip meets the frame; a clip without one (an older service) is contain. */
export const FITS = ['contain', 'cover', 'fill'] as const;
export const FitSchema = z.enum(FITS);
export type Fit = z.infer<typeof FitSchema>;
export const DEFAULT_FIT: Fit = 'contain';

/** A word of a caption with its timing on the timeline (karaoke highlights it from startMs). */
const WordSchema = z.object({ text: z.string(), startMs: z.number(), endMs: z.number() }).loose();
export type Word = z.infer<typeof WordSchema>;

const EffectSchema = z.object({ effectId: z.string(), params: z.record(z.string(), z.number()) }).loose();
const TransitionInSchema = z.object({ transitionId: z.string(), durationMs: z.number() }).loose();
const KeyframeSchema = z.object({ atMs: z.number(), value: z.number(), easing: z.enum(EASINGS).optional() });

export const MediaClipSchema = z
  .object({
    id: z.string(),
    kind: z.literal('media'),
    assetId: z.number().int(),
    startMs: z.number(),
    endMs: z.number(),
    inMs: z.number(),
    outMs: z.number(),
    properties: z.record(z.string(), z.number()),
    effects: z.array(EffectSchema),
    transitionIn: TransitionInSchema.nullable(),
    /** How the clip goes out; absent (or null) for a cut. */
    transitionOut: TransitionInSchema.nullable().optional(),
    /** Property → its keyframes (keyframes.ts); absent when nothing is animated. */
    keyframes: z.record(z.string(), z.array(KeyframeSchema)).optional(),
    /** A freeze frame: the picture at inMs held this long (the clip's length); absent for moving media. */
    freezeMs: z.number().optional(),
    /** Absent from an older service: contain. */
    fit: FitSchema.optional(),
    /** Clips sharing a linkId act together (a picture and its sound); absent when not linked. */
    linkId: z.string().optional(),
  })
  .loose();

/** Caption style properties set on a caption or a caption track (captionStyle.ts); tolerant of fields a newer service adds. */
export const StoredCaptionStyleSchema = z.object(CAPTION_STYLE_FIELDS).partial().loose();

export const CaptionClipSchema = z
  .object({
    id: z.string(),
    kind: z.literal('caption'),
    startMs: z.number(),
    endMs: z.number(),
    text: z.string(),
    style: z.string(),
    font: z.string(),
    /** Word timings, the i-th for the i-th word of text; absent when it has none. */
    words: z.array(WordSchema).optional(),
    /** Its own style properties, over its track's and its style's; absent when it has none. */
    captionStyle: StoredCaptionStyleSchema.optional(),
    linkId: z.string().optional(),
  })
  .loose();

export const ClipSchema = z.discriminatedUnion('kind', [MediaClipSchema, CaptionClipSchema]);

export const TrackSchema = z
  .object({
    id: z.string(),
    kind: TrackKindSchema,
    name: z.string(),
    muted: z.boolean(),
    locked: z.boolean(),
    /** The track's mix and switches; absent from an older service (timelineRules.ts trackMix gives the defaults). */
    gainDb: z.number().optional(),
    pan: z.number().optional(),
    solo: z.boolean().optional(),
    hidden: z.boolean().optional(),
    syncLocked: z.boolean().optional(),
    /** A caption track's default style properties for its captions; absent when it has none. */
    captionStyle: StoredCaptionStyleSchema.optional(),
    /** In start order; clips of one track never overlap. */
    clips: z.array(ClipSchema),
  })
  .loose();

/** The colours a marker may have (the catalog lists them); blue when none is given. */
export const MARKER_COLORS = ['blue', 'cyan', 'green', 'yellow', 'orange', 'red', 'pink', 'purple'] as const;
export type MarkerColor = (typeof MARKER_COLORS)[number];
export const DEFAULT_MARKER_COLOR: MarkerColor = 'blue';

/** A named moment of the timeline (chapters of an export are made from them). */
export const MarkerSchema = z
  .object({
    id: z.string(),
    atMs: z.number(),
    name: z.string(),
    /** A colour of MARKER_COLORS; another (from a newer service) is shown as the default. */
    color: z.string(),
    /** Absent when it has none. */
    note: z.string().optional(),
  })
  .loose();
export type Marker = z.infer<typeof MarkerSchema>;

export const TimelineSchema = z
  .object({
    projectId: z.number().int(),
    /** Send it with the next command list. */
    revision: z.string(),
    durationMs: z.number(),
    updatedAt: z.string().optional(),
    tracks: z.array(TrackSchema),
    /** In time order (ties by ID); absent from an older service (none). */
    markers: z.array(MarkerSchema).optional(),
  })
  .loose();

export type MediaClip = z.infer<typeof MediaClipSchema>;
export type CaptionClip = z.infer<typeof CaptionClipSchema>;
export type Clip = z.infer<typeof ClipSchema>;
export type Track = z.infer<typeof TrackSchema>;
export type Timeline = z.infer<typeof TimelineSchema>;

const NumberParamSchema = z
  .object({
    name: z.string(),
    /** What to call it on screen; a service may not say (then the name is made into words). */
    label: z.string().optional(),
    min: z.number(),
    max: z.number(),
    default: z.number(),
    unit: z.string().nullable().optional(),
    description: z.string().optional(),
  })
  .loose();
export type NumberParam = z.infer<typeof NumberParamSchema>;

export const CatalogSchema = z
  .object({
    effects: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          appliesTo: z.array(z.string()),
          changesDuration: z.boolean().optional(),
          params: z.array(NumberParamSchema),
        })
        .loose(),
    ),
    transitions: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          minDurationMs: z.number(),
          maxDurationMs: z.number(),
          defaultDurationMs: z.number(),
        })
        .loose(),
    ),
    captionStyles: z.array(z.object({ id: z.string(), name: z.string(), defaultFontId: z.string() }).loose()),
    fonts: z.array(z.object({ id: z.string(), name: z.string() }).loose()),
    properties: z.array(
      NumberParamSchema.extend({ appliesTo: z.array(z.string()), animatable: z.boolean().optional() }),
    ),
    easings: z.array(z.string()).optional(),
    /** The transitions a clip may go out with (setTransition edge "out"). */
    outTransitions: z.array(z.string()).optional(),
    fits: z
      .array(z.object({ id: z.string(), label: z.string().optional(), description: z.string().optional() }).loose())
      .optional(),
    defaultImageDurationMs: z.number().optional(),
    markerColors: z.array(z.string()).optional(),
    limits: z
      .object({
        commandsPerRequest: z.number(),
        clipsPerTimeline: z.number(),
        tracksPerTimeline: z.number(),
        timelineMaxMs: z.number(),
        captionTextMax: z.number(),
        renderMaxDurationMs: z.number(),
        markersPerTimeline: z.number(),
      })
      .partial()
      .loose()
      .optional(),
  })
  .loose();
export type Catalog = z.infer<typeof CatalogSchema>;
export type EffectDef = Catalog['effects'][number];
export type TransitionDef = Catalog['transitions'][number];
export type PropertyDef = Catalog['properties'][number];

/** A media clip's fit; contain when the service did not say. */
export const fitOf = (clip: MediaClip): Fit => clip.fit ?? DEFAULT_FIT;

const NO_MARKERS: readonly Marker[] = Object.freeze([]);

/** The timeline's markers, in time order; none when the service did not say (always the same empty list, for selectors). */
export const markersOf = (timeline: Pick<Timeline, 'markers'>): readonly Marker[] => timeline.markers ?? NO_MARKERS;

export const isMedia = (clip: Clip): clip is MediaClip => clip.kind === 'media';
export const isCaption = (clip: Clip): clip is CaptionClip => clip.kind === 'caption';
