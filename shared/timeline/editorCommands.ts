// The editor commands the app sends (POST /projects/{id}/editor/commands), typed and
// checked in main before anything is journaled, so a malformed edit costs nothing. The
// service checks them again against the timeline (overlaps, locks, ranges).
import { z } from 'zod';
import { EDITOR_LIMITS } from '../limits.ts';
import { atMostCharacters, textProblem } from '../textRules.ts';
import { CaptionStyleInputSchema } from './captionStyle.ts';
import { EASINGS, KEYFRAMES_MAX } from './keyframes.ts';
import { TRACK_GAIN_DB } from './timelineRules.ts';
import { ClipSchema, FitSchema, MARKER_COLORS, TrackKindSchema } from './timelineTypes.ts';

const ms = z
  .number()
  .int('must be whole milliseconds')
  .min(0, 'must not be negative')
  .max(EDITOR_LIMITS.timelineMaxMs, `must be at most ${EDITOR_LIMITS.timelineMaxMs} (6 hours)`);
const uuid = z.uuid('must be a UUID');
const text = z.string().trim().min(1, 'must not be empty').max(EDITOR_LIMITS.captionTextMax);
const catalogId = z.string().min(1).max(100);
const numbers = z.record(z.string().max(100), z.number());
/** Word timings of a caption (an empty list removes them). */
const words = z
  .array(z.strictObject({ text, startMs: ms, endMs: ms }))
  .max(EDITOR_LIMITS.captionWordsMax, `a caption holds at most ${EDITOR_LIMITS.captionWordsMax} word timings`);

const keyframes = z
  .array(z.strictObject({ atMs: ms, value: z.number(), easing: z.enum(EASINGS).optional() }))
  .max(KEYFRAMES_MAX, `a property holds at most ${KEYFRAMES_MAX} keyframes`);

/** A marker's name: one line of 1 to 80 characters. */
export const MarkerNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .refine(atMostCharacters(EDITOR_LIMITS.markerNameMax), `must be at most ${EDITOR_LIMITS.markerNameMax} characters`)
  .refine((name) => textProblem(name, false) === null, 'must be a single line of printable text');
/** A marker's note; an empty one removes it. */
export const MarkerNoteSchema = z
  .string()
  .trim()
  .refine(atMostCharacters(EDITOR_LIMITS.markerNoteMax), `must be at most ${EDITOR_LIMITS.markerNoteMax} characters`);
export const MarkerColorSchema = z.enum(MARKER_COLORS);

/** Time ranges of the timeline (each ends after it starts: the handler says which does not). */
const ranges = z
  .array(z.strictObject({ startMs: ms, endMs: ms }))
  .min(1, 'name at least one range')
  .max(
    EDITOR_LIMITS.rangesPerCut,
    `one command cuts at most ${EDITOR_LIMITS.rangesPerCut} ranges: send the rest in another command`,
  );
const trackIds = z.array(uuid).max(EDITOR_LIMITS.tracksPerTimeline);

const command = <K extends string, T extends z.ZodRawShape>(type: K, shape: T) =>
  z.strictObject({ type: z.literal(type), ...shape });

export const EditorCommandSchema = z.discriminatedUnion('type', [
  command('addTrack', {
    kind: TrackKindSchema,
    trackId: uuid.optional(),
    name: z.string().trim().min(1).max(EDITOR_LIMITS.trackNameMax).optional(),
    index: z.number().int().min(0).optional(),
  }),
  command('removeTrack', { trackId: uuid }),
  command('updateTrack', {
    trackId: uuid,
    name: z.string().trim().min(1).max(EDITOR_LIMITS.trackNameMax).optional(),
    muted: z.boolean().optional(),
    locked: z.boolean().optional(),
    gainDb: z
      .number()
      .min(TRACK_GAIN_DB.min, `must be at least ${TRACK_GAIN_DB.min} dB`)
      .max(TRACK_GAIN_DB.max, `must be at most +${TRACK_GAIN_DB.max} dB`)
      .optional(),
    pan: z.number().min(-1, 'must be at least -1 (left)').max(1, 'must be at most 1 (right)').optional(),
    solo: z.boolean().optional(),
    hidden: z.boolean().optional(),
    syncLocked: z.boolean().optional(),
    captionStyle: CaptionStyleInputSchema.optional(),
  }),
  command('moveTrack', { trackId: uuid, index: z.number().int().min(0) }),
  command('addClip', {
    trackId: uuid,
    clipId: uuid.optional(),
    assetId: z.number().int().min(1),
    startMs: ms,
    inMs: ms.optional(),
    outMs: ms.optional(),
    freezeMs: z.number().int().min(1).optional(),
  }),
  command('moveClip', { clipId: uuid, startMs: ms, trackId: uuid.optional() }),
  command('trimClip', { clipId: uuid, inMs: ms.optional(), outMs: ms.optional(), startMs: ms.optional() }),
  command('splitClip', { clipId: uuid, atMs: ms, newClipId: uuid.optional() }),
  command('removeClip', { clipId: uuid, ripple: z.boolean().optional() }),
  command('linkClips', {
    clipIds: z.array(uuid).min(1, 'name the clips to link').max(EDITOR_LIMITS.commandsPerRequest),
    linkId: uuid.optional(),
  }),
  command('unlinkClips', {
    clipIds: z.array(uuid).min(1, 'name the clips to unlink').max(EDITOR_LIMITS.commandsPerRequest),
  }),
  command('setClipProperties', { clipId: uuid, properties: numbers }),
  command('applyEffect', { clipId: uuid, effectId: catalogId, params: numbers.optional() }),
  command('removeEffect', { clipId: uuid, effectId: catalogId }),
  command('setClipFit', { clipId: uuid, fit: FitSchema }),
  command('setTransition', {
    clipId: uuid,
    transitionId: catalogId.nullable(),
    durationMs: z.number().int().min(1).optional(),
    edge: z.enum(['in', 'out']).optional(),
  }),
  command('setKeyframes', { clipId: uuid, property: z.string().min(1).max(200), keyframes }),
  command('freezeFrame', {
    clipId: uuid,
    atMs: ms,
    durationMs: z.number().int().min(1).max(EDITOR_LIMITS.timelineMaxMs),
    newClipId: uuid.optional(),
    freezeClipId: uuid.optional(),
  }),
  command('removeRanges', { ranges, trackIds: trackIds.optional() }),
  command('restoreRanges', {
    ranges,
    trackIds,
    removeClipIds: z.array(uuid).max(EDITOR_LIMITS.clipsPerTimeline),
    clips: z.array(z.strictObject({ trackId: uuid, clip: ClipSchema })).max(EDITOR_LIMITS.clipsPerTimeline),
  }),
  command('addCaption', {
    trackId: uuid,
    clipId: uuid.optional(),
    startMs: ms,
    endMs: ms,
    text,
    style: catalogId.optional(),
    font: catalogId.optional(),
    words: words.optional(),
    captionStyle: CaptionStyleInputSchema.optional(),
  }),
  command('updateCaption', {
    clipId: uuid,
    text: text.optional(),
    startMs: ms.optional(),
    endMs: ms.optional(),
    style: catalogId.optional(),
    font: catalogId.optional(),
    words: words.optional(),
    captionStyle: CaptionStyleInputSchema.optional(),
  }),
  command('addMarker', {
    markerId: uuid.optional(),
    atMs: ms,
    name: MarkerNameSchema,
    color: MarkerColorSchema.optional(),
    note: MarkerNoteSchema.optional(),
  }),
  command('updateMarker', {
    markerId: uuid,
    atMs: ms.optional(),
    name: MarkerNameSchema.optional(),
    color: MarkerColorSchema.optional(),
    note: MarkerNoteSchema.optional(),
  }),
  command('removeMarker', { markerId: uuid }),
]);

export type EditorCommand = z.infer<typeof EditorCommandSchema>;
export type CommandOf<T extends EditorCommand['type']> = Extract<EditorCommand, { type: T }>;

export const CommandListSchema = z
  .array(EditorCommandSchema)
  .min(1, 'send at least one command')
  .max(EDITOR_LIMITS.commandsPerRequest, `send at most ${EDITOR_LIMITS.commandsPerRequest} commands per edit`);
