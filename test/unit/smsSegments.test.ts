// SMS segment counting (shared/smsSegments.ts): what the compose form shows as the user types.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countSegments,
  isGsm7Char,
  markForcingCharacters,
  replaceCharacter,
  SMS_LIMITS,
} from '../../shared/smsSegments.ts';

describe('GSM-7 texts', () => {
  it('fit 160 characters in one message and 153 per segment beyond', () => {
    expect(countSegments('')).toMatchObject({ encoding: 'GSM-7', segments: 0, characters: 0 });
    expect(countSegments('a'.repeat(160))).toMatchObject({
      encoding: 'GSM-7',
      segments: 1,
      units: 160,
      perSegment: 160,
    });
    expect(countSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153, remainingInSegment: 145 });
    expect(countSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSegments('a'.repeat(307)).segments).toBe(3);
    expect(countSegments('a'.repeat(740)).segments).toBe(5);
  });

  it('count the extension characters (€ { } [ ] ~ ^ \\ |) twice', () => {
    const euro = countSegments('€'.repeat(80));
    expect(euro).toMatchObject({ encoding: 'GSM-7', characters: 80, units: 160, segments: 1 });
    expect(euro.extended).toEqual(['€']);
    expect(countSegments('{'.repeat(81))).toMatchObject({ units: 162, segments: 2 });
    expect(countSegments('a{}[]~^\\|€').units).toBe(19);
  });

  it('never split an escape pair across two segments', () => {
    // 152 plain characters, then a € (2 septets) would straddle 153: it opens the next segment.
    const text = 'a'.repeat(152) + '€' + 'b'.repeat(10);
    const count = countSegments(text);
    expect(count.units).toBe(164);
    expect(count.segments).toBe(2);
    expect(count.remainingInSegment).toBe(153 - 12);
  });

  it('keep accented letters of the GSM alphabet (é, ü, Ñ) in GSM-7', () => {
    expect(countSegments('Café über Niño à Ø Δ').encoding).toBe('GSM-7');
  });
});

describe('UCS-2 texts', () => {
  it('fit 70 in one message and 67 per segment; 700 characters are 11 segments', () => {
    expect(countSegments('Ж'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1, perSegment: 70 });
    expect(countSegments('Ж'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    expect(countSegments('Привет '.repeat(100))).toMatchObject({ characters: 700, units: 700, segments: 11 });
  });

  it('name the characters that force UCS-2, first appearance first, with a stand-in where one exists', () => {
    const count = countSegments('Meet at “noon” — ok?');
    expect(count.encoding).toBe('UCS-2');
    expect(count.forcingUcs2.map((f) => f.char)).toEqual(['“', '”', '—']);
    expect(count.forcingUcs2[0]).toMatchObject({ codePoint: 'U+201C', index: 8, count: 1, replacement: '"' });
    expect(count.forcingUcs2[2]).toMatchObject({ codePoint: 'U+2014', replacement: '-' });
    expect(countSegments('你好').forcingUcs2[0]).toMatchObject({ char: '你', replacement: null });
  });

  it('count an emoji as one character but two units, never split across segments', () => {
    const count = countSegments('😀');
    expect(count).toMatchObject({ characters: 1, units: 2, encoding: 'UCS-2' });
    // 66 units then an emoji (2 units) would straddle 67: it opens the next segment.
    const split = countSegments('Ж'.repeat(66) + '😀' + 'Ж'.repeat(5));
    expect(split.units).toBe(73);
    expect(split.segments).toBe(2);
  });

  it('becomes GSM-7 again once the forcing character is replaced', () => {
    const text = 'It’s 5 € only';
    expect(countSegments(text).encoding).toBe('UCS-2');
    const fixed = replaceCharacter(text, '’');
    expect(fixed).toBe("It's 5 € only");
    expect(countSegments(fixed).encoding).toBe('GSM-7');
  });

  it('marks the forcing characters in runs for highlighting', () => {
    expect(markForcingCharacters('a“b”')).toEqual([
      { text: 'a', forcing: false },
      { text: '“', forcing: true },
      { text: 'b', forcing: false },
      { text: '”', forcing: true },
    ]);
  });
});

describe('for any text', () => {
  it('segments are the fewest that hold the units, within the single-message bound', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 800 }), (text) => {
        const count = countSegments(text);
        const gsm = [...text].every(isGsm7Char);
        expect(count.encoding).toBe(gsm ? 'GSM-7' : 'UCS-2');
        expect(count.characters).toBe([...text].length);
        const single = gsm ? SMS_LIMITS.gsmSingle : SMS_LIMITS.ucs2Single;
        const multi = gsm ? SMS_LIMITS.gsmPerSegment : SMS_LIMITS.ucs2PerSegment;
        if (count.units === 0) expect(count.segments).toBe(0);
        else if (count.units <= single) expect(count.segments).toBe(1);
        else {
          expect(count.segments).toBeGreaterThanOrEqual(Math.ceil(count.units / multi));
          // Unsplittable pairs waste at most one unit per segment.
          expect(count.segments).toBeLessThanOrEqual(Math.ceil(count.units / (multi - 1)));
        }
        expect(count.remainingInSegment).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});
