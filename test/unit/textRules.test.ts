// The one rule for text both services and the app apply (shared/textRules.ts): well-formed
// Unicode, no control characters but tab and line breaks where a field takes several lines,
// and lengths in characters (code points), in the service and in the app's own checks alike.
import { describe, expect, it } from 'vitest';
import { REQUESTS } from '../../shared/ipc.ts';
import { CREATE_LIMITS, tooLong } from '../../shared/limits.ts';
import { characterCount, firstTextProblem, textProblem } from '../../shared/textRules.ts';

describe('textRules', () => {
  it('counts code points: 𝕏 and an emoji are one character each', () => {
    expect(characterCount('𝕏😀a')).toBe(3);
    expect(tooLong('The name', '𝕏'.repeat(120), 120)).toBeNull();
    expect(tooLong('The name', '𝕏'.repeat(121), 120)).toMatch(/121 characters/);
  });

  it('refuses a lone surrogate and control characters, naming the character and where it is', () => {
    expect(textProblem('a\ud800b', true)).toMatch(/not valid Unicode/);
    expect(textProblem('ab\u0000', true)).toMatch(/U\+0000 at character 3/);
    expect(textProblem('\u001b[31m', true)).toMatch(/U\+001B/);
    expect(textProblem('\u0085', true)).toMatch(/U\+0085/);
    expect(textProblem('two\nlines\tand a tab', true)).toBeNull();
    expect(textProblem('two\nlines', false)).toMatch(/single line/);
    expect(textProblem('Caffè 😀 𝕏', false)).toBeNull();
  });

  it('finds the first bad string in a JSON value by its path, keys included', () => {
    expect(firstTextProblem({ commands: [{ text: 'ok' }, { text: 'a\u0007' }] })?.path).toBe('commands.1.text');
    expect(firstTextProblem({ ['bad\u0000key']: 1 })?.problem).toMatch(/a field name/);
    expect(firstTextProblem({ a: ['fine', { b: 'also\nfine' }] })).toBeNull();
    const deep = JSON.parse(`${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}`) as unknown;
    expect(firstTextProblem(deep)?.problem).toMatch(/U\+0000/);
  });

  it("the app's contract counts a project name as the service does", () => {
    const create = REQUESTS['projects.create'].arg;
    expect(create.safeParse({ name: '𝕏'.repeat(CREATE_LIMITS.projectName.max), aspectRatio: '16:9' }).success).toBe(
      true,
    );
    expect(create.safeParse({ name: '𝕏'.repeat(CREATE_LIMITS.projectName.max + 1), aspectRatio: '16:9' }).success).toBe(
      false,
    );
  });
});
