// The Jobs screen's rows from the journal and the last job.updated of each job: what the
// user is told about work waiting, being sent, running and finished.
import { describe, expect, it } from 'vitest';
import { appError } from '../../shared/appError.ts';
import type { JobUpdatedEvent } from '../../shared/api/jobEvents.ts';
import { buildJobRows, jobKey, type OverviewSources } from '../../main/core/jobs/jobsOverview.ts';
import type { Intent } from '../../main/core/journal/intents.ts';
import type { TrackedJob } from '../../main/core/journal/jobs.ts';

let seq = 0;
function intent(fields: Partial<Intent>): Intent {
  seq++;
  return {
    id: `intent-${seq}`,
    seq,
    kind: 'generation',
    workspaceId: 'w',
    request: { method: 'POST', path: '/generations', body: {} },
    idempotencyKey: `key-${seq}`,
    state: 'pending',
    jobKind: null,
    jobId: null,
    attempts: 0,
    requestId: null,
    lastError: null,
    createdAt: seq * 1000,
    updatedAt: seq * 1000,
    ...fields,
  };
}

function update(kind: string, id: string, fields: Partial<JobUpdatedEvent>): JobUpdatedEvent {
  return {
    workspaceId: 'w',
    kind,
    id,
    state: 'running',
    terminal: false,
    progress: null,
    outputs: [],
    assetId: null,
    error: null,
    costUsd: null,
    projectId: null,
    partial: null,
    intentId: null,
    source: 'poll',
    at: 0,
    ...fields,
  };
}

function sources(fields: Partial<OverviewSources>, updates: JobUpdatedEvent[] = []): OverviewSources {
  const byJob = new Map(updates.map((u) => [jobKey(u.kind, u.id), u]));
  return {
    open: [],
    finished: [],
    jobs: [],
    activity: (kind, jobId) => byJob.get(jobKey(kind, jobId)) ?? null,
    cost: (kind, jobId) => (kind === 'generation' && jobId === '7' ? 0.04 : null),
    finishedLimit: 50,
    ...fields,
  };
}

describe('the jobs overview', () => {
  it('shows work not sent as waiting (cancellable), and work the service could not be reached for as waiting too', () => {
    const unreachable = intent({
      state: 'sent',
      attempts: 1,
      lastError: appError('network.unreachable', 'Could not reach the service.'),
    });
    const pending = intent({ state: 'pending' });
    const rows = buildJobRows(sources({ open: [unreachable, pending] }));
    expect(rows.map((r) => [r.key, r.phase, r.state, r.cancel])).toEqual([
      [unreachable.id, 'waiting', 'sent', null],
      [pending.id, 'waiting', 'pending', 'unsent'],
    ]);
    expect(rows[0]!.error).toEqual({
      code: 'network.unreachable',
      message: 'Could not reach the service.',
      requestId: null,
    });
  });

  it('shows a request retried after an answer (a 503, a refused key) as being sent, with the answer', () => {
    const retried = intent({
      state: 'sent',
      attempts: 2,
      lastError: appError('auth.key_expired', 'The key expired.', { status: 401, requestId: 'req-1' }),
    });
    const [row] = buildJobRows(sources({ open: [retried] }));
    expect(row).toMatchObject({
      phase: 'sending',
      attempts: 2,
      error: { code: 'auth.key_expired', requestId: 'req-1' },
    });
  });

  it('shows accepted work running with its progress, and as finished once its job ended', () => {
    const running = intent({ state: 'accepted', jobKind: 'generation', jobId: '7', requestId: 'req-7' });
    const ended = intent({ state: 'accepted', jobKind: 'export', jobId: '3', kind: 'export' });
    const rows = buildJobRows(
      sources({ open: [running, ended] }, [
        update('generation', '7', { progress: 0.4 }),
        update('export', '3', { state: 'completed', terminal: true, outputs: [12], at: 99_000 }),
      ]),
    );
    expect(rows.map((r) => [r.key, r.phase, r.state])).toEqual([
      [running.id, 'running', 'running'],
      [ended.id, 'finished', 'completed'],
    ]);
    expect(rows[0]).toMatchObject({ progress: 0.4, costUsd: 0.04, requestId: 'req-7', jobId: '7' });
    expect(rows[1]).toMatchObject({ outputs: [12], updatedAt: 99_000 });
  });

  it('shows finished and failed work newest first, at most the limit, with the failure and its request ID', () => {
    const done = intent({ state: 'done', jobKind: 'generation', jobId: '7', requestId: 'req-a', updatedAt: 10_000 });
    const failed = intent({
      state: 'failed',
      jobKind: 'generation',
      jobId: '8',
      lastError: appError('job.failed', 'It failed.', { requestId: 'req-b' }),
      updatedAt: 20_000,
    });
    const cancelled = intent({ state: 'cancelled', updatedAt: 5_000 });
    const rows = buildJobRows(sources({ finished: [failed, done, cancelled], finishedLimit: 2 }));
    expect(rows.map((r) => [r.key, r.state])).toEqual([
      [failed.id, 'failed'],
      [done.id, 'completed'],
    ]);
    expect(rows[0]).toMatchObject({ requestId: 'req-b', error: { code: 'job.failed', message: 'It failed.' } });
    expect(rows[1]).toMatchObject({ costUsd: 0.04, requestId: 'req-a', error: null });
  });

  it('shows a job this app follows without an intent of its own as a row of its own, once', () => {
    const job = (fields: Partial<TrackedJob>): TrackedJob => ({
      workspaceId: 'w',
      kind: 'render',
      jobId: '40',
      state: 'running',
      lastSeenAt: 1,
      webhookFinished: false,
      projectId: null,
      costUsd: null,
      createdAt: 1,
      updatedAt: 1,
      ...fields,
    });
    const mine = intent({ state: 'accepted', jobKind: 'generation', jobId: '7' });
    const rows = buildJobRows(
      sources({
        open: [mine],
        jobs: [job({}), job({ updatedAt: 2 }), job({ kind: 'generation', jobId: '7' })],
      }),
    );
    expect(rows.map((r) => [r.key, r.phase, r.intentId])).toEqual([
      [mine.id, 'running', mine.id],
      ['render:40', 'running', null],
    ]);
  });

  it('names the project, the cost every kind reports (a transcription, a speech edit), and how each can be cancelled', () => {
    const transcription = intent({
      kind: 'transcription',
      request: { method: 'POST', path: '/assets/5/transcriptions', body: {} },
      state: 'accepted',
      jobKind: 'transcription',
      jobId: '11',
    });
    const generation = intent({
      request: { method: 'POST', path: '/generations', body: { projectId: 3 } },
      state: 'accepted',
      jobKind: 'generation',
      jobId: '12',
    });
    const rows = buildJobRows(
      sources({ open: [transcription, generation] }, [
        update('transcription', '11', { costUsd: 0.012, projectId: 4 }),
        update('generation', '12', { costUsd: 0.02 }),
      ]),
    );
    expect(rows.map((r) => [r.kind, r.projectId, r.costUsd, r.cancel])).toEqual([
      // The service offers a cancel for a running transcription, not for a generation.
      ['transcription', 4, 0.012, 'service'],
      ['generation', 3, 0.02, null],
    ]);
  });

  it('groups the timeline edits of a project that follow one another into one row', () => {
    const edit = (projectId: number) =>
      intent({
        kind: 'editor-commands',
        request: { method: 'POST', path: `/projects/${projectId}/editor/commands`, body: {} },
        state: 'done',
        requestId: `req-${seq + 1}`,
      });
    const finished = [edit(1), edit(1), edit(1), edit(2), edit(1)].reverse();
    const failed = intent({
      kind: 'editor-commands',
      request: { method: 'POST', path: '/projects/1/editor/commands', body: {} },
      state: 'failed',
      lastError: appError('revision.conflict', 'Someone changed the timeline first.'),
    });
    const rows = buildJobRows(sources({ finished: [failed, ...finished] }));
    expect(rows.map((r) => [r.kind, r.projectId, r.state, r.count])).toEqual([
      ['editor-commands', 1, 'failed', 1],
      ['editor-commands', 1, 'completed', 1],
      ['editor-commands', 2, 'completed', 1],
      ['editor-commands', 1, 'completed', 3],
    ]);
    expect(rows[3]).toMatchObject({ cancel: null, intentId: null });
  });
});
