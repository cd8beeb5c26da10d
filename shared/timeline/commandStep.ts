// One command being applied: what it may read (the context: catalog, assets, new IDs) and
// the checks every command kind shares (the track or clip it names, locks, overlaps, the
// timeline's end, a media range, a transition's length, caption styles, fonts and words).
// A check that fails throws EditRejected, which names the command, its field, the stable
// error code and what to change, twice: in the API's words (`message`, naming tracks and
// clips by ID: the service wraps it in its error envelope, word for word) and in people's
// words (`forPeople`, naming them as the screen does: what the app shows). A failure that
// gives no people's wording is shown as the API says it, as a sentence.
// Where the context knows less (the app without the catalog, or an asset it has not seen),
// the check that needs it is left to the service.
import type { ErrorCode } from '../errorCodes.ts';
import type { EditorCommand } from './editorCommands.ts';
import { checkCrossfade, CROSSFADE } from './crossfade.ts';
import { sliceAll, type ClipKeyframes } from './keyframes.ts';
import { FADE_PROPERTIES, isReversed, mediaLength, REVERSE_MAX_MS } from './timelineRules.ts';
import type { TrackIndex } from './trackIndex.ts';
import type { CaptionClip, Catalog, Clip, MediaClip, Track, Word } from './timelineTypes.ts';

export interface AssetFacts {
  readonly kind: string;
  readonly durationMs: number | null;
  /** False when it neither belongs to the project nor is attached to it; not given when not known. */
  readonly usable?: boolean;
}

export interface ApplyContext {
  /** The service's catalog; null when it is not known (then the service decides what it would). */
  readonly catalog: Catalog | null;
  /** An asset's facts; null when there is no such asset, undefined when it is not known here (the service decides). */
  asset(id: number): AssetFacts | null | undefined;
  newId(): string;
}

export class EditRejected extends Error {
  readonly commandIndex: number;
  readonly commandType: string;
  readonly code: ErrorCode;
  /** The command's field to change, or null when it is the command as a whole. */
  readonly field: string | null;
  /** What the app shows: the same refusal without IDs or field names, as a sentence. */
  readonly forPeople: string;
  constructor(
    commandIndex: number,
    commandType: string,
    code: ErrorCode,
    field: string | null,
    message: string,
    forPeople = message.charAt(0).toUpperCase() + message.slice(1),
  ) {
    super(message);
    this.name = 'EditRejected';
    this.commandIndex = commandIndex;
    this.commandType = commandType;
    this.code = code;
    this.field = field;
    this.forPeople = forPeople;
  }
}

/** A length in people's words: "6 hours", "1.5 s". */
export function lengthInWords(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours >= 1 && Number.isInteger(hours)) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Number((ms / 1000).toFixed(2))} s`;
}

export interface MediaEntry {
  clip: MediaClip;
  track: Track;
}
export interface CaptionEntry {
  clip: CaptionClip;
  track: Track;
}

/** Sets a media clip's keyframes; none leaves it without the field. */
export function setKeyframesOf(clip: MediaClip, keyframes: ClipKeyframes | undefined): void {
  if (keyframes && Object.keys(keyframes).length > 0) clip.keyframes = keyframes;
  else delete clip.keyframes;
}

/** Sets a caption's words; an empty list leaves it without. */
export function setWords(clip: CaptionClip, words: Word[] | undefined): void {
  if (words && words.length > 0) clip.words = words;
  else delete clip.words;
}

export class CommandStep<C extends EditorCommand = EditorCommand> {
  readonly index: TrackIndex;
  readonly command: C;
  /** The command's position in its list. */
  readonly at: number;
  readonly ctx: ApplyContext;

  constructor(index: TrackIndex, command: C, at: number, ctx: ApplyContext) {
    this.index = index;
    this.command = command;
    this.at = at;
    this.ctx = ctx;
  }

  get catalog(): Catalog | null {
    return this.ctx.catalog;
  }

  /** A limit of the catalog; none without it (the service decides). */
  limit(name: 'clipsPerTimeline' | 'tracksPerTimeline' | 'timelineMaxMs' | 'markersPerTimeline'): number {
    return this.ctx.catalog?.limits?.[name] ?? Infinity;
  }

  /** Refuses the command: `message` in the API's words, `forPeople` in the app's (when they differ). */
  fail(code: ErrorCode, field: string | null, message: string, forPeople?: string): never {
    throw new EditRejected(this.at, this.command.type, code, field, message, forPeople);
  }

  /** The track, this list's own so it may change. */
  trackOf(id: string, field = 'trackId'): Track {
    return (
      this.index.track(id) ??
      this.fail(
        'editor.target_not_found',
        field,
        `no track ${id} on this timeline.`,
        'The track is no longer on the timeline.',
      )
    );
  }

  unlocked(track: Track, field = 'trackId'): Track {
    return track.locked
      ? this.fail(
          'editor.track_locked',
          field,
          `track ${track.id} ("${track.name}") is locked.`,
          `Track "${track.name}" is locked.`,
        )
      : track;
  }

  /** The clip and its track, this list's own; its track must not be locked. */
  clipOf(id: string, field = 'clipId'): { clip: Clip; track: Track } {
    const entry =
      this.index.clip(id) ??
      this.fail(
        'editor.target_not_found',
        field,
        `no clip ${id} on this timeline.`,
        'The clip is no longer on the timeline.',
      );
    this.unlocked(entry.track, field);
    return entry;
  }

  mediaOf(id: string): MediaEntry {
    const entry = this.clipOf(id);
    if (entry.clip.kind !== 'media')
      this.fail(
        'editor.command_invalid',
        'clipId',
        `clip ${id} is a caption; use updateCaption.`,
        'That is a caption, not media.',
      );
    return entry as MediaEntry;
  }

  captionOf(id: string): CaptionEntry {
    const entry = this.clipOf(id);
    if (entry.clip.kind !== 'caption')
      this.fail(
        'editor.command_invalid',
        'clipId',
        `clip ${id} is media, not a caption.`,
        'That is media, not a caption.',
      );
    return entry as CaptionEntry;
  }

  /** The ID a new clip gets: the one given (not yet on the timeline) or a new one, while the timeline has room. */
  freshClipId(id: string | undefined, field: string): string {
    if (id !== undefined && this.index.has(id))
      this.fail(
        'editor.command_invalid',
        field,
        `clip ID ${id} is already on the timeline; use a new UUID.`,
        'That clip is already on the timeline.',
      );
    const most = this.limit('clipsPerTimeline');
    if (this.index.clipCount() >= most)
      this.fail('editor.command_invalid', null, `a timeline holds at most ${most} clips.`);
    return id ?? this.ctx.newId();
  }

  /** Puts the clip on the track in start order, if it fits the timeline and overlaps no other clip. */
  put(track: Track, clip: Clip, field: string): void {
    if (clip.startMs < 0)
      this.fail(
        'editor.command_invalid',
        field,
        `the clip would start at ${clip.startMs} ms, before the timeline starts.`,
        'A clip cannot start before the beginning of the timeline.',
      );
    const most = this.limit('timelineMaxMs');
    if (clip.endMs > most)
      this.fail(
        'editor.command_invalid',
        field,
        `the clip would end at ${clip.endMs} ms, past the timeline's end of ${most} ms.`,
        `The clip would end past the end of the timeline (${lengthInWords(most)}).`,
      );
    const overlap = this.index.place(track, clip);
    if (overlap) {
      const { other } = overlap;
      this.fail(
        'editor.clips_overlap',
        field,
        `clip ${clip.id} (${clip.startMs}–${clip.endMs} ms) would overlap clip ${other.id} (${other.startMs}–${other.endMs} ms) on track "${track.name}".`,
        `The clip would overlap another clip on track "${track.name}".`,
      );
    }
  }

  /** A source range, checked against the media's own length where it is known. */
  checkRange(assetId: number, inMs: number, outMs: number, field: string): void {
    if (outMs <= inMs)
      this.fail(
        'editor.command_invalid',
        field,
        `outMs (${outMs}) must be greater than inMs (${inMs}).`,
        'The clip would end before it starts: trim less.',
      );
    const facts = this.ctx.asset(assetId);
    if (facts && facts.kind !== 'image' && facts.durationMs !== null && outMs > facts.durationMs) {
      this.fail(
        'editor.command_invalid',
        'outMs',
        `${outMs} ms is past the end of asset ${assetId}, which lasts ${facts.durationMs} ms.`,
        `The media lasts only ${lengthInWords(facts.durationMs)}: trim within it.`,
      );
    }
  }

  /** Each transition and fade of the clip lasts at most the clip. */
  checkTransitionFits(clip: MediaClip, field: string): void {
    const length = clip.endMs - clip.startMs;
    for (const [edge, transition] of [
      ['in', clip.transitionIn],
      ['out', clip.transitionOut],
    ] as const) {
      if (transition && transition.durationMs > length)
        this.fail(
          'editor.command_invalid',
          field,
          `clip ${clip.id} would last ${length} ms, shorter than its ${transition.durationMs} ms transition ${edge}; shorten or remove the transition first.`,
          'The clip would be shorter than its transition: shorten or remove the transition first.',
        );
      if (transition?.transitionId === CROSSFADE) checkCrossfade(this, clip, edge, transition.durationMs, field);
    }
    if (isReversed(clip) && clip.outMs - clip.inMs > REVERSE_MAX_MS)
      this.fail(
        'editor.command_invalid',
        field,
        `clip ${clip.id} would play ${clip.outMs - clip.inMs} ms of its media backwards; a reversed clip uses at most ${REVERSE_MAX_MS} ms (split it, or trim it first).`,
        'A reversed clip plays at most 10 seconds of its media: split or trim it first.',
      );
    for (const name of FADE_PROPERTIES) {
      const fade = clip.properties[name] ?? 0;
      if (fade > length)
        this.fail(
          'editor.command_invalid',
          field,
          `clip ${clip.id} would last ${length} ms, shorter than its ${fade} ms ${name}; shorten the fade first.`,
          'The clip would be shorter than its fade: shorten the fade first.',
        );
    }
  }

  /**
   * Takes a media clip off its track, changes it, and puts it back where it now belongs. Its
   * keyframes keep to the clip's content: `headShiftMs` is how far later (clip time) what now
   * plays first used to play (a start trimmed by d at rate r: d / r), and what falls outside
   * the new length is cut away with a keyframe at each new edge (keyframes.ts, sliceKeyframes).
   */
  reshape(entry: MediaEntry, change: (clip: MediaClip) => void, field: string, headShiftMs = 0): void {
    this.index.unplace(entry.clip);
    change(entry.clip);
    entry.clip.endMs = entry.clip.startMs + mediaLength(entry.clip);
    setKeyframesOf(
      entry.clip,
      sliceAll(entry.clip.keyframes, headShiftMs, headShiftMs + entry.clip.endMs - entry.clip.startMs),
    );
    this.checkTransitionFits(entry.clip, field);
    this.put(entry.track, entry.clip, field);
  }

  /** A caption style of the catalog (any without it). */
  checkStyle(style: string): string {
    const styles = this.catalog?.captionStyles;
    if (!styles || styles.some((s) => s.id === style)) return style;
    return this.fail(
      'editor.command_invalid',
      'style',
      `unknown caption style "${style}"; the catalog has ${styles.map((s) => s.id).join(', ')}.`,
    );
  }

  /** A font of the catalog (any without it). */
  checkFont(font: string): string {
    const fonts = this.catalog?.fonts;
    if (!fonts || fonts.some((f) => f.id === font)) return font;
    return this.fail(
      'editor.command_invalid',
      'font',
      `unknown font "${font}"; the catalog has ${fonts.map((f) => f.id).join(', ')}.`,
    );
  }

  /** Given word timings must lie inside the caption, each ending at or after it starts, in order. */
  checkWords(words: readonly Word[] | undefined, clip: CaptionClip): Word[] | undefined {
    words?.forEach((word, k) => {
      const field = `words[${k}]`;
      if (word.endMs < word.startMs)
        this.fail(
          'editor.command_invalid',
          field,
          `endMs (${word.endMs}) must not be before startMs (${word.startMs}).`,
          `The word "${word.text}" would end before it starts.`,
        );
      if (word.startMs < clip.startMs || word.endMs > clip.endMs)
        this.fail(
          'editor.command_invalid',
          field,
          `"${word.text}" (${word.startMs}–${word.endMs} ms) must lie inside the caption (${clip.startMs}–${clip.endMs} ms).`,
          `The word "${word.text}" must lie inside its caption's time.`,
        );
      if (k > 0 && word.startMs < words[k - 1]!.startMs)
        this.fail('editor.command_invalid', field, 'words must be in order: each starts at or after the one before.');
    });
    return words?.map((w) => ({ text: w.text, startMs: w.startMs, endMs: w.endMs }));
  }
}
