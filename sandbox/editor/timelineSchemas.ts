// The editor timeline as the API shows it, and the commands that change it (zod: they
// validate requests and describe both in /openapi.json).
import { z } from 'zod';
import { CREATE_LIMITS, EDITOR_LIMITS } from '../../shared/limits.ts';
import { CaptionStyleInputSchema, CaptionStyleSchema } from '../../shared/timeline/captionStyle.ts';
import { EASINGS, KEYFRAMES_MAX } from '../../shared/timeline/keyframes.ts';
import { MarkerColorSchema, MarkerNameSchema, MarkerNoteSchema } from '../../shared/timeline/editorCommands.ts';
import { DEFAULT_MARKER_COLOR, FITS, TRACK_KINDS } from '../../shared/timeline/timelineTypes.ts';
import { PropertiesInput } from './editorCatalog.ts';
import { TRACK_MIX_FIELDS, TRACK_MIX_INPUT } from './trackFieldSchemas.ts';

const ms = (what: string) =>
  z
    .number()
    .int('must be whole milliseconds')
    .min(0, 'must not be negative')
    .max(EDITOR_LIMITS.timelineMaxMs, `must be at most ${EDITOR_LIMITS.timelineMaxMs} (6 hours)`)
    .describe(what);
const uuid = (what: string) => z.uuid('must be a UUID').describe(what);
const assetId = z
  .number()
  .int()
  .min(1)
  .max(CREATE_LIMITS.idMax)
  .describe('An asset of the project, or a brand asset attached to it.');
const trackName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(EDITOR_LIMITS.trackNameMax, `must be at most ${EDITOR_LIMITS.trackNameMax} characters`);
const captionText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(EDITOR_LIMITS.captionTextMax, `must be at most ${EDITOR_LIMITS.captionTextMax} characters`);
export const TrackKindSchema = z.enum(TRACK_KINDS);
export const FitSchema = z
  .enum(FITS)
  .describe(
    "How the picture meets the frame: contain (all of it, letterboxed), cover (fills the frame, cropped), fill (stretched to the frame's shape).",
  );
const WordSchema = z.object({
  text: z.string().describe('The word as spoken.'),
  startMs: z.number().int().describe('When it is said, on the timeline.'),
  endMs: z.number().int(),
});
const WORDS_DESCRIPTION =
  'Word timings (timeline time, inside the caption, in order): the i-th times the i-th word of text (split on spaces and line breaks); karaoke highlights each from its startMs. Moving the caption moves them; retiming or splitting it keeps them where they are on the timeline, dropping those outside it and clamping those across its edges; changing text without words drops them.';
const wordsInput = z
  .array(
    z.strictObject({
      text: z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(EDITOR_LIMITS.captionTextMax, `must be at most ${EDITOR_LIMITS.captionTextMax} characters`),
      startMs: ms('When the word starts, on the timeline.'),
      endMs: ms('When it ends (at or after startMs).'),
    }),
  )
  .max(EDITOR_LIMITS.captionWordsMax, `must hold at most ${EDITOR_LIMITS.captionWordsMax} words`)
  .describe(`${WORDS_DESCRIPTION} An empty list removes them.`);
export const RevisionSchema = z
  .string()
  .regex(/^r\d{1,15}$/, 'must be a revision read from the timeline, like "r12"')
  .describe('The timeline revision you read ("r" and a counter).');

// ---- the timeline ----

const TransitionInSchema = z.object({ transitionId: z.string(), durationMs: z.number().int() });

export const EasingSchema = z
  .enum(EASINGS)
  .describe(
    'The curve of the segment leaving a keyframe, progress p from 0 to 1: linear p; easeIn p³; easeOut 1 − (1 − p)³; easeInOut 4p³ below p = 0.5, else 1 − (−2p + 2)³ / 2; hold keeps the value until the next keyframe.',
  );
const KeyframeSchema = z.object({
  atMs: z.number().describe("From the clip's start on the timeline, ms (0 to the clip's length)."),
  value: z.number(),
  easing: EasingSchema.optional(),
});
const KEYFRAMES_DESCRIPTION =
  "Property → its keyframes in time order (unique atMs): the value before the first keyframe is the first's, after the last the last's, between two the first's eased toward the next. Properties are the animatable clip properties of the catalog and effect parameters as effect:<effectId>.<param>. Keyframes count from the clip's start and move with it; trimming its start shifts them by the trim (cut away outside the clip, with a keyframe holding the curve's value at each new edge); a split gives each part its stretch of the curve.";

const LINK_DESCRIPTION =
  "The clip's link (linkClips): clips sharing a linkId belong together, such as a picture and its sound, and the app selects, moves, trims, splits and deletes them together. Splitting a linked clip at a moment (splitClip, or freezeFrame's cut) gives the right part the link derived from the clip's link and that moment, so linked clips split at the same moment stay linked, left parts to left parts and right parts to right parts. Absent when the clip is not linked.";

export const MediaClipSchema = z.object({
  id: z.uuid(),
  kind: z.literal('media'),
  assetId: z.number().int(),
  startMs: z.number().int().describe('Where the clip starts on the timeline.'),
  endMs: z.number().int().describe('Where it ends on the timeline: startMs + (outMs - inMs) / speed.'),
  inMs: z.number().int().describe('Start of the used range of the source media.'),
  outMs: z.number().int().describe('End (exclusive) of the used range of the source media.'),
  properties: z.record(z.string(), z.number()).describe('Every clip property of the catalog, with its value.'),
  effects: z
    .array(z.object({ effectId: z.string(), params: z.record(z.string(), z.number()) }))
    .describe('In the order they apply; at most one of each effect.'),
  transitionIn: TransitionInSchema.nullable().describe('How the clip comes in; null for a cut.'),
  transitionOut: TransitionInSchema.nullable()
    .optional()
    .describe('How the clip goes out (fade, dissolve or crossfade); absent for a cut.'),
  keyframes: z
    .record(z.string(), z.array(KeyframeSchema))
    .optional()
    .describe(`${KEYFRAMES_DESCRIPTION} Absent when nothing is animated.`),
  freezeMs: z
    .number()
    .int()
    .optional()
    .describe(
      'A freeze frame: the picture at inMs held this long (the clip lasts freezeMs; it has no sound). Absent for moving media.',
    ),
  fit: FitSchema,
  linkId: z.uuid().optional().describe(LINK_DESCRIPTION),
});

export const CaptionClipSchema = z.object({
  id: z.uuid(),
  kind: z.literal('caption'),
  startMs: z.number().int(),
  endMs: z.number().int(),
  text: z.string(),
  style: z.string().describe('A caption style ID from the catalog.'),
  font: z.string().describe('A font ID from the catalog.'),
  words: z.array(WordSchema).optional().describe(`${WORDS_DESCRIPTION} Absent when the caption has none.`),
  captionStyle: CaptionStyleSchema.optional().describe(
    "The caption's own style properties, over its track's captionStyle and its style's values; absent when it has none.",
  ),
  linkId: z.uuid().optional().describe(LINK_DESCRIPTION),
});

export const ClipSchema = z.discriminatedUnion('kind', [MediaClipSchema, CaptionClipSchema]);

export const TrackSchema = z.object({
  id: z.uuid(),
  kind: TrackKindSchema,
  name: z.string(),
  muted: z.boolean().describe('A muted track is silent in renders (video keeps its picture).'),
  locked: z.boolean().describe('Commands may not change the clips of a locked track.'),
  ...TRACK_MIX_FIELDS,
  captionStyle: CaptionStyleSchema.optional().describe(
    "A caption track's default style properties for its captions (a caption's own values win); absent when it has none.",
  ),
  clips: z.array(ClipSchema).describe('In timeline order; clips of one track never overlap.'),
});

const markerColor = MarkerColorSchema.describe(
  `The marker's colour (the catalog's markerColors); ${DEFAULT_MARKER_COLOR} when not given.`,
);
const markerName = MarkerNameSchema.describe(
  `One line of 1 to ${EDITOR_LIMITS.markerNameMax} characters: the chapter's title in MP4 and MOV exports.`,
);
const markerNote = MarkerNoteSchema.describe(
  `Free text of up to ${EDITOR_LIMITS.markerNoteMax} characters; an empty note removes it.`,
);

export const MarkerSchema = z.object({
  id: z.uuid(),
  atMs: z.number().int().describe('Where it is on the timeline, ms.'),
  name: z.string(),
  color: MarkerColorSchema,
  note: z.string().optional().describe('Absent when it has none.'),
});

export const TimelineSchema = z.object({
  projectId: z.number().int(),
  revision: z.string().describe('Changes with every applied command list; send it with the next commands.'),
  durationMs: z.number().int().describe('Where the last clip of any track ends.'),
  updatedAt: z.string(),
  tracks: z.array(TrackSchema).describe('Video tracks listed later are drawn on top of earlier ones.'),
  markers: z
    .array(MarkerSchema)
    .describe(
      'Named moments, in time order (ties by ID). Every MP4 and MOV export and render carries those inside it as chapters titled by their names, each lasting until the next (the last until the end).',
    ),
});

export type MediaClip = z.infer<typeof MediaClipSchema>;
export type CaptionClip = z.infer<typeof CaptionClipSchema>;
export type Word = z.infer<typeof WordSchema>;
export type Clip = MediaClip | CaptionClip;
export type Track = z.infer<typeof TrackSchema>;
export type Marker = z.infer<typeof MarkerSchema>;
export type Timeline = z.infer<typeof TimelineSchema>;

// ---- commands ----

const clipId = uuid('The clip.');
const trackId = uuid('The track.');
const timeRanges = z
  .array(
    z.strictObject({
      startMs: ms('Where the range starts on the timeline (before the cut).'),
      endMs: ms('Where it ends (exclusive), after startMs.'),
    }),
  )
  .min(1, 'name at least one range')
  .max(
    EDITOR_LIMITS.rangesPerCut,
    `one command cuts at most ${EDITOR_LIMITS.rangesPerCut} ranges: send the rest in another command`,
  )
  .describe('Time ranges of the timeline as it is before the command.');
const command = <K extends string, T extends z.ZodRawShape>(type: K, shape: T, description: string) =>
  z.strictObject({ type: z.literal(type), ...shape }).describe(description);

export const CommandSchema = z.discriminatedUnion('type', [
  command(
    'addTrack',
    {
      kind: TrackKindSchema,
      trackId: uuid('Your own ID for the new track, so later commands can name it.').optional(),
      name: trackName.optional(),
      index: z.number().int().min(0).optional().describe('Position in the track list; the end by default.'),
    },
    'Add an empty track.',
  ),
  command('removeTrack', { trackId }, 'Remove a track and every clip on it.'),
  command(
    'updateTrack',
    {
      trackId,
      name: trackName.optional(),
      muted: z.boolean().optional(),
      locked: z.boolean().optional(),
      ...TRACK_MIX_INPUT,
      captionStyle: CaptionStyleInputSchema.optional().describe(
        "Caption tracks only: the default style properties of the track's captions (a value sets one, null removes it).",
      ),
    },
    "Rename, mute, lock, solo, hide or sync-lock a track, set its gain and pan, or a caption track's caption style (name at least one field).",
  ),
  command(
    'moveTrack',
    {
      trackId,
      index: z
        .number()
        .int()
        .min(0)
        .describe('Its new position in the track list, 0 first (video tracks later in the list are drawn on top).'),
    },
    'Move a track to another place in the track list (a locked track too: its clips do not change).',
  ),
  command(
    'addClip',
    {
      trackId,
      clipId: uuid('Your own ID for the new clip, so you can refer to it before the answer comes.').optional(),
      assetId,
      startMs: ms('Where it starts on the timeline.'),
      inMs: ms('Start of the used source range; 0 by default.').optional(),
      outMs: ms('End of the used source range; the whole media (an image: 5000 ms) by default.').optional(),
      freezeMs: z
        .number()
        .int()
        .min(1)
        .max(EDITOR_LIMITS.timelineMaxMs)
        .optional()
        .describe('Make a freeze frame: the picture at inMs held this long (video tracks only; no sound).'),
    },
    'Place media on a video or audio track.',
  ),
  command(
    'moveClip',
    {
      clipId,
      startMs: ms('The new start on the timeline.'),
      trackId: uuid('Another track of the same kind to move it to.').optional(),
    },
    'Move a clip, optionally to another track.',
  ),
  command(
    'trimClip',
    {
      clipId,
      inMs: ms('New source start.').optional(),
      outMs: ms('New source end.').optional(),
      startMs: ms('New timeline start.').optional(),
    },
    'Change the used source range (and position) of a media clip.',
  ),
  command(
    'splitClip',
    {
      clipId,
      atMs: ms('A timeline position strictly inside the clip.'),
      newClipId: uuid('Your own ID for the right-hand part.').optional(),
    },
    'Cut a clip in two at a timeline position; the left part keeps the ID.',
  ),
  command(
    'removeClip',
    {
      clipId,
      ripple: z.boolean().optional().describe('Also move the later clips of the same track left to close the gap.'),
    },
    'Remove a clip.',
  ),
  command(
    'linkClips',
    {
      clipIds: z
        .array(clipId)
        .min(1)
        .max(EDITOR_LIMITS.commandsPerRequest)
        .describe('The clips to link (at least two, or one with linkId); each leaves any link it had.'),
      linkId: uuid('Join this link (e.g. to restore one); a new link by default.').optional(),
    },
    'Link clips so they act together (a picture and its sound): each gets the same linkId.',
  ),
  command(
    'unlinkClips',
    { clipIds: z.array(clipId).min(1).max(EDITOR_LIMITS.commandsPerRequest).describe('The clips to unlink.') },
    'Take clips out of their links: they act alone again (their linkId goes).',
  ),
  command(
    'setClipProperties',
    { clipId, properties: PropertiesInput },
    'Set some clip properties (volume, opacity, scale, position, rotation, fades, reverse, crop: cropLeft, cropRight, cropTop, cropBottom with each pair of opposite sides below 1 together).',
  ),
  command(
    'applyEffect',
    {
      clipId,
      effectId: z.string(),
      params: z.record(z.string(), z.number()).optional().describe('Parameter values; catalog defaults for the rest.'),
    },
    'Add an effect to a clip, or change its parameters if the clip has it.',
  ),
  command('removeEffect', { clipId, effectId: z.string() }, 'Remove an effect from a clip.'),
  command('setClipFit', { clipId, fit: FitSchema }, "Set how a video track's media clip meets the frame."),
  command(
    'setTransition',
    {
      clipId,
      transitionId: z.string().nullable().describe('A transition from the catalog, or null for a cut.'),
      durationMs: z.number().int().min(1).optional().describe('The catalog default if not given.'),
      edge: z
        .enum(['in', 'out'])
        .optional()
        .describe(
          "Which end: in (the default) or out. Out takes fade, dissolve or crossfade. A crossfade (sound only) needs this clip's own media beyond that edge for half its length (handles); the clip meeting it there plays on as far as its media goes, and where none meets it does nothing.",
        ),
    },
    'Set how a media clip comes in or goes out.',
  ),
  command(
    'setKeyframes',
    {
      clipId,
      property: z
        .string()
        .min(1)
        .max(200)
        .describe(
          'An animatable clip property of the catalog (opacity, scale, positionX, positionY, rotation, volume, cropLeft, cropRight, cropTop, cropBottom) or an effect parameter of an effect the clip has, as effect:<effectId>.<param> (e.g. effect:blur.radius).',
        ),
      keyframes: z
        .array(
          z.strictObject({
            atMs: ms("From the clip's start, at most its length."),
            value: z
              .number()
              .describe(
                "In the property's range; a crop side's curve keeps cropLeft + cropRight and cropTop + cropBottom below 1 at every moment.",
              ),
            easing: EasingSchema.optional().describe('linear when not given.'),
          }),
        )
        .max(KEYFRAMES_MAX, `must hold at most ${KEYFRAMES_MAX} keyframes`)
        .describe(
          `The whole new list (sorted by atMs when stored; one keyframe per moment). An empty list removes the animation: the static value applies again.`,
        ),
    },
    "Set a property's keyframes on a media clip.",
  ),
  command(
    'freezeFrame',
    {
      clipId,
      atMs: ms('A timeline position strictly inside the clip: the picture shown there is held.'),
      durationMs: z.number().int().min(1).max(EDITOR_LIMITS.timelineMaxMs).describe('How long the picture is held.'),
      newClipId: uuid('Your own ID for the part after the hold.').optional(),
      freezeClipId: uuid('Your own ID for the held picture.').optional(),
    },
    'Cut a video-track clip at a moment and hold that picture for durationMs: the held picture is a clip of its own (freezeMs), and the rest of the clip and every later clip of the track move later by durationMs.',
  ),
  command(
    'removeRanges',
    {
      ranges: timeRanges,
      trackIds: z
        .array(trackId)
        .max(EDITOR_LIMITS.tracksPerTimeline)
        .optional()
        .describe(
          'The tracks to cut (none may be locked). Without it: every unlocked track that moves in step (a track with syncLocked false is left as it is).',
        ),
    },
    `A ripple cut of many time ranges at once, on the tracks that move in step: ranges that overlap or touch are merged; a clip across a range is split where it starts and ends and the middle removed (a caption keeps its text, its word timings inside the range go); a clip inside a range is removed; everything after a range moves left by the time removed before it, on every track cut alike. As a splitClip and a ripple removeClip per range would do, in one command and one undo. At most ${EDITOR_LIMITS.rangesPerCut} ranges; a part after a cut gets an ID derived from its clip and where it starts.`,
  ),
  command(
    'restoreRanges',
    {
      ranges: timeRanges,
      trackIds: z.array(trackId).max(EDITOR_LIMITS.tracksPerTimeline).describe('The tracks the cut moved.'),
      removeClipIds: z
        .array(clipId)
        .max(EDITOR_LIMITS.clipsPerTimeline)
        .describe('The parts the cut left, taken off first.'),
      clips: z
        .array(z.object({ trackId, clip: ClipSchema }))
        .max(EDITOR_LIMITS.clipsPerTimeline)
        .describe(
          'The clips as they were before the cut, each put back as addClip (or addCaption) and the commands that set its look would, with their checks.',
        ),
    },
    'The undo of removeRanges: takes off removeClipIds, opens each range again on the tracks (what starts where it was cut moves right by its length), and puts the clips back as they were. Its undo is the same removeRanges. With no clips to take off or put back it opens time: an insert or a longer ripple trim that moves every sync-locked track in step (split the clips across the point first).',
  ),
  command(
    'addCaption',
    {
      trackId,
      clipId: uuid('Your own ID for the caption.').optional(),
      startMs: ms('Start on the timeline.'),
      endMs: ms('End on the timeline.'),
      text: captionText,
      style: z.string().optional(),
      font: z.string().optional(),
      words: wordsInput.optional(),
      captionStyle: CaptionStyleInputSchema.optional(),
    },
    'Add a caption to a caption track.',
  ),
  command(
    'updateCaption',
    {
      clipId,
      text: captionText.optional(),
      startMs: ms('New start.').optional(),
      endMs: ms('New end.').optional(),
      style: z.string().optional(),
      font: z.string().optional(),
      words: wordsInput.optional(),
      captionStyle: CaptionStyleInputSchema.optional(),
    },
    'Change a caption.',
  ),
  command(
    'addMarker',
    {
      markerId: uuid('Your own ID for the marker, so later commands can name it.').optional(),
      atMs: ms('Where it goes on the timeline (0 to the timeline limit; it need not be inside a clip).'),
      name: markerName,
      color: markerColor.optional(),
      note: markerNote.optional(),
    },
    `Add a marker (a timeline holds at most ${EDITOR_LIMITS.markersPerTimeline}).`,
  ),
  command(
    'updateMarker',
    {
      markerId: uuid('The marker.'),
      atMs: ms('Its new place on the timeline.').optional(),
      name: markerName.optional(),
      color: markerColor.optional(),
      note: markerNote.optional(),
    },
    'Move, rename, recolour or annotate a marker (name at least one field).',
  ),
  command('removeMarker', { markerId: uuid('The marker.') }, 'Remove a marker.'),
]);

export type Command = z.infer<typeof CommandSchema>;

export const CommandsInput = z.strictObject({
  revision: RevisionSchema,
  commands: z
    .array(CommandSchema)
    .min(1, 'send at least one command')
    .max(EDITOR_LIMITS.commandsPerRequest, `send at most ${EDITOR_LIMITS.commandsPerRequest} commands per request`)
    .describe('Applied in order, all or nothing.'),
});

const TrackHeaderSchema = TrackSchema.omit({ clips: true });

export const TimelineChangesSchema = z
  .object({
    tracks: z
      .array(TrackHeaderSchema)
      .describe('Every track of the new revision, in order, without its clips (a track not listed was removed).'),
    clips: z
      .array(z.object({ trackId: z.uuid(), clip: ClipSchema }))
      .describe('The clips the list added, changed or moved, as they are now, with the track that holds them.'),
    removedClipIds: z
      .array(z.uuid())
      .describe("The clips the list took off the tracks that remain (a removed track's clips go with it)."),
    markers: z
      .array(MarkerSchema)
      .optional()
      .describe('Every marker of the new revision, in time order; absent when the list changed no marker.'),
  })
  .describe('What one command list changed.');

export const CommandsResultSchema = z.object({
  revision: z.string().describe('The new revision.'),
  baseRevision: z.string().describe('The revision the list was applied to.'),
  applied: z.number().int().describe('How many commands were applied (all of them).'),
  durationMs: z.number().int().describe("The new timeline's duration."),
  updatedAt: z.string(),
  changes: TimelineChangesSchema.optional().describe(
    'What changed. Absent only when retrying a list applied before answers carried it; `timeline` is then present.',
  ),
  timeline: TimelineSchema.optional().describe('The whole new timeline, with `Prefer: return=representation`.'),
});
