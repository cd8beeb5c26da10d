// The commands that add and change captions (text, time, style, font, word timings).
import { mergeCaptionStyle } from './captionStyle.ts';
import { wordsWithin } from './captionWords.ts';
import { setWords, type CommandStep } from './commandStep.ts';
import type { CommandOf } from './editorCommands.ts';
import type { CaptionClip } from './timelineTypes.ts';

/** A caption's style and font when the command and the catalog do not say. */
const DEFAULT_STYLE = 'subtitle';
const DEFAULT_FONT = 'inter';

export function addCaption(s: CommandStep<CommandOf<'addCaption'>>): void {
  const { command, catalog } = s;
  const track = s.unlocked(s.trackOf(command.trackId));
  if (track.kind !== 'caption')
    s.fail(
      'editor.command_invalid',
      'trackId',
      `track "${track.name}" is a ${track.kind} track; captions go on a caption track.`,
    );
  const style = s.checkStyle(command.style ?? DEFAULT_STYLE);
  const clip: CaptionClip = {
    id: s.freshClipId(command.clipId, 'clipId'),
    kind: 'caption',
    startMs: command.startMs,
    endMs: command.endMs,
    text: command.text,
    style,
    font: s.checkFont(
      command.font ?? catalog?.captionStyles.find((c) => c.id === style)?.defaultFontId ?? DEFAULT_FONT,
    ),
  };
  if (clip.endMs <= clip.startMs)
    s.fail('editor.command_invalid', 'endMs', `must be greater than startMs (${clip.startMs}).`);
  const captionStyle = command.captionStyle && mergeCaptionStyle(undefined, command.captionStyle);
  if (captionStyle) clip.captionStyle = captionStyle;
  setWords(clip, s.checkWords(command.words, clip));
  s.put(track, clip, 'startMs');
}

export function updateCaption(s: CommandStep<CommandOf<'updateCaption'>>): void {
  const { command } = s;
  const { clip, track } = s.captionOf(command.clipId);
  const startMs = command.startMs ?? clip.startMs;
  const endMs = command.endMs ?? clip.endMs;
  if (endMs <= startMs) s.fail('editor.command_invalid', 'endMs', `must be greater than startMs (${startMs}).`);
  const style = command.style === undefined ? clip.style : s.checkStyle(command.style);
  const font = command.font === undefined ? clip.font : s.checkFont(command.font);
  s.index.unplace(clip);
  // Timings belong to the words of the text they were made for.
  const kept = command.text !== undefined && command.text !== clip.text ? [] : (clip.words ?? []);
  Object.assign(clip, { startMs, endMs, style, font, text: command.text ?? clip.text });
  if (command.captionStyle) {
    const captionStyle = mergeCaptionStyle(clip.captionStyle, command.captionStyle);
    if (captionStyle) clip.captionStyle = captionStyle;
    else delete clip.captionStyle;
  }
  setWords(clip, command.words !== undefined ? s.checkWords(command.words, clip) : wordsWithin(kept, startMs, endMs));
  s.put(track, clip, 'startMs');
}
