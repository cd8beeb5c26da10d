// Who made a revision, as the History panel says it (renderer/model/revisionAuthor.ts).
import { describe, expect, it } from 'vitest';
import { revisionAuthorText } from '../../renderer/model/revisionAuthor.ts';

describe('who made a revision', () => {
  it('is this app when the edit was sent with the workspace’s own key', () => {
    expect(revisionAuthorText({ kind: 'key', name: 'Clipdesk', lastFour: 'ab12' }, 'ab12')).toBe('this app');
  });

  it('is another client, named by its key, otherwise', () => {
    expect(revisionAuthorText({ kind: 'key', name: 'CI bot', lastFour: 'zz99' }, 'ab12')).toBe(
      'another client (key “CI bot” …zz99)',
    );
    expect(revisionAuthorText({ kind: 'key', name: 'CI bot', lastFour: 'zz99' }, null)).toBe(
      'another client (key “CI bot” …zz99)',
    );
    expect(revisionAuthorText({ kind: 'session', name: 'Signed-in editor session', lastFour: null }, 'ab12')).toBe(
      'another client (signed-in editor session)',
    );
  });

  it('is the service when it does not say (r0, a template variant, an older revision)', () => {
    expect(revisionAuthorText(null, 'ab12')).toBe('the service');
    expect(revisionAuthorText(undefined, 'ab12')).toBe('the service');
  });
});
