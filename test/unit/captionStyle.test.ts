// Caption style properties (shared/timeline/captionStyle.ts): what a command may set, how a
// caption's look is resolved (style preset, then track, then caption), and how the layout
// both renderers share follows each property.
import { describe, expect, it } from 'vitest';
import { activeWordPlace, layOutCaption, type FontMetrics } from '../../shared/timeline/captionLayout.ts';
import {
  CAPTION_PRESETS,
  captionLookOf,
  CaptionStyleInputSchema,
  captionStyleUndo,
  mergeCaptionStyle,
  wordColorOf,
} from '../../shared/timeline/captionStyle.ts';
import { EditorCommandSchema } from '../../shared/timeline/editorCommands.ts';

/** Every character half an em wide. */
const METRICS: FontMetrics = { unitsPerEm: 1000, ascent: 800, descent: 200, advance: () => 500 };
const FRAME = { width: 1920, height: 1080 };

describe('caption style properties', () => {
  it('refuses a value out of range or of the wrong format, naming the field and what it allows', () => {
    const problems = (input: unknown) =>
      CaptionStyleInputSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(problems({ fontSizePx: 500 })).toEqual(['fontSizePx: must be at most 300 (8 to 300)']);
    expect(problems({ textColor: 'red' })).toEqual(['textColor: must be a colour "#RRGGBB" (six hexadecimal digits)']);
    expect(problems({ positionY: 1.2 })).toEqual(['positionY: must be at most 0.95 (0.05 to 0.95)']);
    expect(problems({ maxLines: 1.5 })![0]).toMatch(/^maxLines: must be a whole number/);
    expect(problems({ activeWordScale: 0.5 })).toEqual(['activeWordScale: must be at least 1 (1 to 2)']);
    expect(problems({ fontColour: '#FFFFFF' })![0]).toMatch(/fontColour/);
    // Colours are kept in capitals; null removes a property.
    expect(CaptionStyleInputSchema.parse({ textColor: '#ffcc00', boxOpacity: null })).toEqual({
      textColor: '#FFCC00',
      boxOpacity: null,
    });
    const command = EditorCommandSchema.safeParse({
      type: 'updateCaption',
      clipId: crypto.randomUUID(),
      captionStyle: { outlineWidthPx: 30 },
    });
    expect(command.error?.issues[0]?.path).toEqual(['captionStyle', 'outlineWidthPx']);
  });

  it("keeps the four catalog styles as presets; a track's values go over its style's, a caption's over both", () => {
    expect(captionLookOf('subtitle')).toEqual(CAPTION_PRESETS.subtitle);
    expect(captionLookOf('nonesuch')).toEqual(CAPTION_PRESETS.subtitle);
    expect(CAPTION_PRESETS.karaoke!.spokenWordColor).toBe('#FFD21F');
    const look = captionLookOf(
      'title',
      { fontSizePx: 80, textColor: '#FFFF00', boxOpacity: 0 },
      { textColor: '#00FF00', uppercase: true },
    );
    expect(look).toMatchObject({ fontSizePx: 80, textColor: '#00FF00', boxOpacity: 0, uppercase: true, weight: 700 });
    expect(look.anchor).toBe('middle');
  });

  it('merges a command into what is stored (null removes) and undoes it exactly', () => {
    const before = { fontSizePx: 70, textColor: '#FF0000' };
    const input = { fontSizePx: null, boxOpacity: 0.2 };
    const after = mergeCaptionStyle(before, input);
    expect(after).toEqual({ textColor: '#FF0000', boxOpacity: 0.2 });
    expect(mergeCaptionStyle(after, captionStyleUndo(before, input))).toEqual(before);
    expect(mergeCaptionStyle({ shadow: true }, { shadow: null })).toBeUndefined();
  });

  it('colours the word being said and the words said as the look says', () => {
    const look = captionLookOf('subtitle', null, { activeWordColor: '#00FF00' });
    // Three words begun: the third is being said.
    expect([0, 1, 2, 3].map((i) => wordColorOf(look, i, 3))).toEqual(['#FFFFFF', '#FFFFFF', '#00FF00', '#FFFFFF']);
    const karaoke = captionLookOf('karaoke');
    expect([0, 1, 2].map((i) => wordColorOf(karaoke, i, 2))).toEqual(['#FFD21F', '#FFD21F', '#FFFFFF']);
  });
});

describe('the caption layout follows the properties', () => {
  const text = 'one two three four five six seven eight';
  it('sizes at 1080 lines, breaks at the most characters per line, draws at most maxLines, in capitals', () => {
    const look = captionLookOf('subtitle', null, { fontSizePx: 40, maxCharsPerLine: 10, maxLines: 2, uppercase: true });
    const full = layOutCaption(text, look, METRICS, FRAME);
    expect(full.fontPx).toBe(40);
    expect(full.lines.map((l) => l.text)).toEqual(['ONE TWO', 'THREE FOUR']);
    const half = layOutCaption(text, look, METRICS, { width: 960, height: 540 });
    expect(half.fontPx).toBe(20);
  });

  it('places the block at positionY (its bottom; the title its centre) and pads the box by boxPaddingPx', () => {
    const look = captionLookOf('subtitle', null, { positionY: 0.5, boxPaddingPx: 40 });
    const { lines, fontPx } = layOutCaption('one', look, METRICS, FRAME);
    const line = lines[0]!;
    expect(line.box.y + line.box.height).toBe(540);
    expect(line.x - line.box.x).toBe(40);
    expect(line.box.x + line.box.width - (line.x + line.width)).toBe(40);
    expect(fontPx).toBe(54);
    const title = layOutCaption('one', captionLookOf('title', null, { positionY: 0.25 }), METRICS, FRAME);
    const box = title.lines[0]!.box;
    expect(Math.abs(box.y + box.height / 2 - 270)).toBeLessThanOrEqual(1);
  });

  it('pops the word being said larger, centred on itself, with its box around it', () => {
    const look = captionLookOf('subtitle', null, { activeWordScale: 1.5, activeWordBoxColor: '#FF00FF' });
    const layout = layOutCaption('one two', look, METRICS, FRAME);
    const line = layout.lines[0]!;
    const word = line.words[1]!;
    const active = activeWordPlace(word, line, layout, look, METRICS);
    expect(active.fontPx).toBe(81);
    // 3 characters: 81 px at 54 px, 120 px at 81 px (40 px each): centred on the same middle.
    expect(active.x).toBe(word.x - 19);
    expect(active.box.x).toBeLessThan(active.x);
    expect(active.box.x + active.box.width).toBeGreaterThan(active.x + 120);
  });
});
