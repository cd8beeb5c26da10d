// Captions made from a transcript break into at most two lines of at most 42 characters, and
// two lines are balanced (not a full top line over one word): in the app's "Add captions"
// (shared/production/captionCommands.ts) and in the local service's SRT and WebVTT files.
import { describe, expect, it } from 'vitest';
import { buildCues, transcriptCaptionFile } from '../../sandbox/production/captions.ts';
import { cuesOf } from '../../shared/production/captionCommands.ts';
import { captionCues, captionFile } from '../../shared/production/captionFiles.ts';
import { captionLines } from '../../shared/transcript/captionLines.ts';

const timed = (text: string) =>
  text.split(' ').map((word, i) => ({ text: word, startMs: i * 300, endMs: i * 300 + 250 }));
/** 47 characters: greedy lines were 41 + 5. */
const SENTENCE = 'we walked along the river until the sun went down';

describe('caption lines', () => {
  it('balances two lines: the break where both are most nearly the same length', () => {
    expect(captionLines(SENTENCE.split(' '), 42)).toEqual(['we walked along the river', 'until the sun went down']);
    // One line when it fits; the top line the shorter of two equal choices.
    expect(captionLines(['short', 'words'], 42)).toEqual(['short words']);
    expect(captionLines(['aaaa', 'bb', 'cccc'], 8)).toEqual(['aaaa', 'bb cccc']);
    // A word longer than a line is cut to the line.
    expect(captionLines(['x'.repeat(50)], 42)).toEqual(['x'.repeat(42)]);
  });

  it('sets captions made from a transcript, and the service’s caption files, in balanced lines', () => {
    expect(cuesOf(timed(SENTENCE)).map((cue) => cue.text)).toEqual([
      'we walked along the river\nuntil the sun went down',
    ]);
    expect(buildCues(timed(SENTENCE)).map((cue) => cue.lines)).toEqual([
      ['we walked along the river', 'until the sun went down'],
    ]);
  });

  it('writes a transcript’s caption files as the app writes a caption track’s: markup-like words kept as text', () => {
    // The service once had its own copy of the cue and file rules that wrote these words raw: in
    // WebVTT a "<" opens a tag and "-->" ends a cue's timing, so players dropped or cut the text.
    const words = timed('fish & chips <b> are -->');
    expect(transcriptCaptionFile(words, 'vtt')).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.750\nfish &amp; chips &lt;b> are --&gt;\n',
    );
    expect(transcriptCaptionFile(words, 'srt')).toBe('1\n00:00:00,000 --> 00:00:01,750\nfish & chips <b> are ->\n');
    // The same cues, the same file, as the app saves for a caption track holding them.
    const track = {
      kind: 'caption' as const,
      id: 'c',
      clips: cuesOf(timed(SENTENCE)).map((cue, i) => ({ ...cue, kind: 'caption' as const, id: `k${i}` })),
    };
    expect(transcriptCaptionFile(timed(SENTENCE), 'srt')).toBe(captionFile(captionCues([track as never]), 'srt'));
  });
});
