// The commands that place, move, trim, split and remove clips.
import { shiftWords, wordsWithin } from './captionWords.ts';
import { setKeyframesOf, setWords, type CommandStep } from './commandStep.ts';
import type { CommandOf } from './editorCommands.ts';
import { sliceAll } from './keyframes.ts';
import { linkAfterSplit } from './linkHandlers.ts';
import {
  ACCEPTS,
  DEFAULT_IMAGE_MS,
  defaultProperties,
  isReversed,
  mediaLength,
  playbackRate,
} from './timelineRules.ts';
import { DEFAULT_FIT, type Clip, type MediaClip } from './timelineTypes.ts';
import { copyValue } from './trackIndex.ts';

export function addClip(s: CommandStep<CommandOf<'addClip'>>): void {
  const { command, ctx } = s;
  const track = s.unlocked(s.trackOf(command.trackId));
  if (track.kind === 'caption')
    s.fail(
      'editor.command_invalid',
      'trackId',
      `track "${track.name}" is a caption track; media goes on a video or audio track, captions use addCaption.`,
      'Media goes on a video or audio track, not a caption track.',
    );
  const facts = ctx.asset(command.assetId);
  if (facts === null)
    s.fail(
      'editor.media_not_usable',
      'assetId',
      `there is no asset ${command.assetId} in this account.`,
      'The media is no longer in this account.',
    );
  if (facts?.usable === false)
    s.fail(
      'editor.media_not_usable',
      'assetId',
      `asset ${command.assetId} neither belongs to this project nor is attached to it.`,
      'The media neither belongs to this project nor is attached to it.',
    );
  const takes = ACCEPTS[track.kind];
  if (facts && !takes.includes(facts.kind))
    s.fail(
      'editor.command_invalid',
      'assetId',
      `asset ${command.assetId} is ${facts.kind}; a ${track.kind} track takes ${takes.join(' or ')}.`,
      `A ${track.kind} track does not take ${facts.kind}.`,
    );
  const inMs = command.inMs ?? 0;
  const outMs =
    command.outMs ??
    (facts?.kind === 'image'
      ? inMs + (ctx.catalog?.defaultImageDurationMs ?? DEFAULT_IMAGE_MS)
      : (facts?.durationMs ??
        s.fail(
          'editor.command_invalid',
          'outMs',
          `asset ${command.assetId} has no known length: give outMs.`,
          'The media has no known length.',
        )));
  s.checkRange(command.assetId, inMs, outMs, 'inMs');
  const clip: MediaClip = {
    id: s.freshClipId(command.clipId, 'clipId'),
    kind: 'media',
    assetId: command.assetId,
    startMs: command.startMs,
    endMs: command.startMs + (outMs - inMs),
    inMs,
    outMs,
    properties: defaultProperties(ctx.catalog),
    effects: [],
    transitionIn: null,
    fit: DEFAULT_FIT,
  };
  if (command.freezeMs !== undefined) {
    if (track.kind !== 'video')
      s.fail('editor.command_invalid', 'freezeMs', 'a freeze frame holds a picture: put it on a video track.');
    clip.freezeMs = command.freezeMs;
    clip.endMs = clip.startMs + command.freezeMs;
  }
  s.put(track, clip, 'startMs');
}

export function moveClip(s: CommandStep<CommandOf<'moveClip'>>): void {
  const { command } = s;
  const entry = s.clipOf(command.clipId);
  const to = command.trackId === undefined ? entry.track : s.unlocked(s.trackOf(command.trackId));
  if (to.kind !== entry.track.kind)
    s.fail(
      'editor.command_invalid',
      'trackId',
      `a clip of a ${entry.track.kind} track cannot move to ${to.kind} track "${to.name}".`,
    );
  s.index.unplace(entry.clip);
  const length = entry.clip.endMs - entry.clip.startMs;
  const shift = command.startMs - entry.clip.startMs;
  entry.clip.startMs = command.startMs;
  entry.clip.endMs = command.startMs + length;
  // A caption's word timings move with it.
  if (entry.clip.kind === 'caption' && entry.clip.words) entry.clip.words = shiftWords(entry.clip.words, shift);
  s.put(to, entry.clip, 'startMs');
}

export function trimClip(s: CommandStep<CommandOf<'trimClip'>>): void {
  const { command } = s;
  const entry = s.mediaOf(command.clipId);
  if (command.inMs === undefined && command.outMs === undefined && command.startMs === undefined)
    s.fail('editor.command_invalid', null, 'name at least one of inMs, outMs, startMs.');
  const inMs = command.inMs ?? entry.clip.inMs;
  const outMs = command.outMs ?? entry.clip.outMs;
  s.checkRange(entry.clip.assetId, inMs, outMs, command.inMs !== undefined ? 'inMs' : 'outMs');
  // What now plays first played this much later before (a reversed clip starts at its outMs).
  const { clip: old } = entry;
  const headShift = Math.round((isReversed(old) ? old.outMs - outMs : inMs - old.inMs) / playbackRate(old));
  s.reshape(
    entry,
    (clip) => Object.assign(clip, { inMs, outMs, startMs: command.startMs ?? clip.startMs }),
    'startMs',
    headShift,
  );
}

export function splitClip(s: CommandStep<CommandOf<'splitClip'>>): void {
  const { command } = s;
  const { clip, track } = s.clipOf(command.clipId);
  if (command.atMs <= clip.startMs || command.atMs >= clip.endMs)
    s.fail(
      'editor.command_invalid',
      'atMs',
      `${command.atMs} ms is not inside clip ${clip.id} (${clip.startMs}–${clip.endMs} ms).`,
      'The playhead is not inside the clip.',
    );
  const rightId = s.freshClipId(command.newClipId, 'newClipId');
  s.index.unplace(clip);
  let right: Clip;
  if (clip.kind === 'media') {
    right = splitMedia(s, clip, command.atMs, rightId);
    s.checkTransitionFits(clip, 'atMs');
    s.checkTransitionFits(right, 'atMs');
  } else {
    right = { ...clip, id: rightId, startMs: command.atMs };
    if (clip.linkId !== undefined) right.linkId = linkAfterSplit(clip.linkId, command.atMs);
    setWords(right, wordsWithin(clip.words ?? [], right.startMs, right.endMs));
    clip.endMs = command.atMs;
    setWords(clip, wordsWithin(clip.words ?? [], clip.startMs, clip.endMs));
  }
  s.put(track, clip, 'atMs');
  s.put(track, right, 'atMs');
}

/** The source time shown at timeline time `atMs` inside the clip, refused too near an edge to cut. */
export function sourceCut(s: CommandStep, clip: MediaClip, atMs: number): number {
  const played = Math.round((atMs - clip.startMs) * playbackRate(clip));
  const cut = isReversed(clip) ? clip.outMs - played : clip.inMs + played;
  if (clip.freezeMs !== undefined || cut <= clip.inMs || cut >= clip.outMs)
    s.fail(
      'editor.command_invalid',
      'atMs',
      `${atMs} ms is too close to an edge of clip ${clip.id} to cut it there.`,
      clip.freezeMs !== undefined
        ? 'A frozen frame cannot be split: trim it instead.'
        : 'The playhead is too close to an edge of the clip to split it.',
    );
  return cut;
}

/**
 * Cuts a media clip (taken off its track) at timeline time `atMs`: it keeps what plays before,
 * with its transition and fade in; the part returned plays after, with its transition and fade
 * out. Each keeps its own stretch of the keyframed curves (keyframes.ts, sliceAll).
 */
export function splitMedia(s: CommandStep, clip: MediaClip, atMs: number, rightId: string): MediaClip {
  const cut = sourceCut(s, clip, atMs);
  const length = clip.endMs - clip.startMs;
  const keyframes = clip.keyframes;
  const right: MediaClip = { ...copyValue(clip), id: rightId, transitionIn: null };
  // The right part joins the right parts of its partners cut at the same moment (linkHandlers.ts).
  if (clip.linkId !== undefined) right.linkId = linkAfterSplit(clip.linkId, atMs);
  if (isReversed(clip)) {
    clip.inMs = cut;
    right.outMs = cut;
  } else {
    clip.outMs = cut;
    right.inMs = cut;
  }
  delete clip.transitionOut;
  clip.properties.fadeOutMs &&= 0;
  clip.properties.audioFadeOutMs &&= 0;
  right.properties.fadeInMs &&= 0;
  right.properties.audioFadeInMs &&= 0;
  clip.endMs = clip.startMs + mediaLength(clip);
  right.startMs = clip.endMs;
  right.endMs = right.startMs + mediaLength(right);
  const leftLength = clip.endMs - clip.startMs;
  setKeyframesOf(clip, sliceAll(keyframes, 0, leftLength));
  setKeyframesOf(right, sliceAll(keyframes, leftLength, length));
  return right;
}

export function removeClip(s: CommandStep<CommandOf<'removeClip'>>): void {
  const { command, index } = s;
  const { clip, track } = s.clipOf(command.clipId);
  const at = index.unplace(clip);
  if (!command.ripple) return;
  // Every later clip moves left by the gap (a caption's word timings with it, as in a move).
  index.shiftFrom(track, at, -(clip.endMs - clip.startMs));
}
