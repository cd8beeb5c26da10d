// Copy buttons say when a copy failed (renderer/client/copyText.ts): the clipboard refusing
// (as the desktop app's permission handler or an unfocused page does) or missing altogether
// gives a message that says what to do instead; a copy that worked says nothing.
import { describe, expect, it } from 'vitest';
import { copyText } from '../../renderer/client/copyText.ts';

describe('copyText', () => {
  it('writes the text and reports success', async () => {
    const written: string[] = [];
    const outcome = await copyText('req_123', { writeText: async (text) => void written.push(text) });
    expect(outcome).toEqual({ ok: true });
    expect(written).toEqual(['req_123']);
  });

  it('reports a refused write and what to do instead', async () => {
    const refused = new Error('Write permission denied.');
    const outcome = await copyText('req_123', { writeText: async () => Promise.reject(refused) });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toBe(
      'Not copied: the clipboard refused. Select the text and press Ctrl+C (⌘C on a Mac).',
    );
  });

  it('reports a page without a clipboard', async () => {
    const outcome = await copyText('req_123', null);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toMatch(/^Not copied: there is no clipboard here\. Select the text/);
  });
});
