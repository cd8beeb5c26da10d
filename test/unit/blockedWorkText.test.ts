// Paid work held back by a key that does not work says so on the Jobs screen, instead of
// "Sending" for ever: the row the core builds from the journal, read as the screen words it.
import { describe, expect, it } from 'vitest';
import { appError } from '../../shared/appError.ts';
import { buildJobRows } from '../../main/core/jobs/jobsOverview.ts';
import type { Intent } from '../../main/core/journal/intents.ts';
import { rowStateText } from '../../renderer/screens/jobs/jobText.ts';

function sentIntent(lastError: Intent['lastError']): Intent {
  return {
    id: 'i1',
    seq: 1,
    kind: 'export',
    workspaceId: 'local',
    request: { method: 'POST', path: '/exports', body: { projectId: 3 } },
    idempotencyKey: '00000000-0000-4000-8000-000000000001',
    state: 'sent',
    jobKind: null,
    jobId: null,
    attempts: 2,
    requestId: null,
    lastError,
    createdAt: 1,
    updatedAt: 2,
  };
}

function stateText(lastError: Intent['lastError']): string {
  const [row] = buildJobRows({
    open: [sentIntent(lastError)],
    finished: [],
    jobs: [],
    activity: () => null,
    cost: () => null,
    finishedLimit: 10,
  });
  return rowStateText(row!, false);
}

describe('work held back by its key', () => {
  it('waits for a working key, naming why, whichever key problem holds it', () => {
    expect(stateText(appError('workspace.key_origin', 'The API key was checked against http://127.0.0.1:1.'))).toBe(
      'Waiting for a working API key',
    );
    expect(stateText({ ...appError('auth.key_revoked', 'The API key was revoked.'), status: 401 })).toBe(
      'Waiting for a working API key',
    );
    expect(stateText(appError('workspace.key_missing', 'No API key is saved for this workspace.'))).toBe(
      'Waiting for a working API key',
    );
  });

  it('is still "sending" after a failure that is no key problem', () => {
    expect(stateText({ ...appError('server.internal', 'It failed.'), status: 500 })).toBe('Sending (try 2)');
  });
});
