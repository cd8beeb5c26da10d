// The commands that place, move, trim, split and remove clips.
import { shiftWords, wordsWithin } from './captionWords.ts';
import { setWords, type CommandStep } from './commandStep.ts';
import type { CommandOf } from './editorCommands.ts';
import { ACCEPTS, DEFAULT_IMAGE_MS, defaultProperties, mediaLength, playbackRate } from './timelineRules.ts';
import { DEFAULT_FIT, type Clip, type MediaClip } from './timelineTypes.ts';

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
  s.reshape(entry, (clip) => Object.assign(clip, { inMs, outMs, startMs: command.startMs ?? clip.startMs }), 'startMs');
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
    const cut = clip.inMs + Math.round((command.atMs - clip.startMs) * playbackRate(clip));
    if (cut <= clip.inMs || cut >= clip.outMs)
      s.fail(
        'editor.command_invalid',
        'atMs',
        `${command.atMs} ms is too close to an edge of clip ${clip.id} to split it.`,
        'The playhead is too close to an edge of the clip to split it.',
      );
    right = { ...structuredClone(clip), id: rightId, inMs: cut, transitionIn: null };
    clip.outMs = cut;
    clip.endMs = clip.startMs + mediaLength(clip);
    right.startMs = clip.endMs;
    right.endMs = right.startMs + mediaLength(right);
    s.checkTransitionFits(clip, 'atMs');
  } else {
    right = { ...clip, id: rightId, startMs: command.atMs };
    setWords(right, wordsWithin(clip.words ?? [], right.startMs, right.endMs));
    clip.endMs = command.atMs;
    setWords(clip, wordsWithin(clip.words ?? [], clip.startMs, clip.endMs));
  }
  s.put(track, clip, 'atMs');
  s.put(track, right, 'atMs');
}

export function removeClip(s: CommandStep<CommandOf<'removeClip'>>): void {
  const { command, index } = s;
  const { clip, track } = s.clipOf(command.clipId);
  const at = index.unplace(clip);
  if (!command.ripple) return;
  // Every later clip moves left by the gap (a caption's word timings with it, as in a move).
  index.shiftFrom(track, at, -(clip.endMs - clip.startMs));
}
