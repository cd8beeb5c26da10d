// The table of paid work kinds and the checks made before an intent exists: where each kind
// is sent and read, what of its answer is a result, and how bad input is refused.
import { describe, expect, it } from 'vitest';
import { AppFailure, toAppError } from '../../shared/appError.ts';
import { INTENT_STATES as SHARED_INTENT_STATES } from '../../shared/api/jobEvents.ts';
import { INTENT_KINDS, INTENT_STATES } from '../../main/core/journal/intents.ts';
import {
  contextFromRequest,
  GENERIC_KINDS,
  JOB_KINDS,
  jobKindSpec,
  mergeContext,
} from '../../main/core/jobs/jobKinds.ts';
import { readJob } from '../../main/core/jobs/jobSnapshot.ts';
import { checkedSubmission } from '../../main/core/jobs/submission.ts';

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppFailure);
    return toAppError(err);
  }
  throw new Error('expected a refusal');
}

describe('the job kinds table', () => {
  it('has a row for every intent kind the journal knows, and the shared intent states match the journal', () => {
    expect(Object.keys(JOB_KINDS).sort()).toEqual([...INTENT_KINDS].sort());
    for (const kind of INTENT_KINDS) expect(JOB_KINDS[kind].kind).toBe(kind);
    expect([...SHARED_INTENT_STATES]).toEqual([...INTENT_STATES]);
    expect(jobKindSpec('toString')).toBeNull();
    expect(jobKindSpec('nothing')).toBeNull();
  });

  it('sends each kind to its own operation', () => {
    const cases: [string, Record<string, number>, string][] = [
      ['generation', {}, '/generations'],
      ['export', {}, '/exports'],
      ['render', { projectId: 4 }, '/projects/4/editor/render'],
      ['transcription', { assetId: 9 }, '/assets/9/transcriptions'],
      ['review', { assetId: 9 }, '/assets/9/reviews'],
      ['speech-edit', {}, '/speech-edits'],
      ['finish', { assetId: 9 }, '/assets/9/finishes'],
      ['batch', { projectId: 4 }, '/projects/4/editor/batches'],
      ['editor-commands', { projectId: 4 }, '/projects/4/editor/commands'],
      ['reframe', { projectId: 4 }, '/projects/4/editor/reframe'],
    ];
    for (const [kind, params, path] of cases) {
      expect(jobKindSpec(kind)!.submitPath(params as never)).toBe(path);
      expect(jobKindSpec(kind)!.method).toBe('POST');
    }
    expect(GENERIC_KINDS).not.toContain('generation');
  });

  it('reads jobs one by one, or many with one list call where the context allows', () => {
    const { generation, render, transcription, 'speech-edit': speechEdit, finish } = JOB_KINDS;
    expect(generation.pollPath('12', {})).toBe('/generations/12');
    expect(generation.listPath({})).toBeNull();
    expect(generation.listPath({ projectId: 3 })).toEqual({ path: '/generations', query: { projectId: 3 } });
    expect(render.pollPath('5', {})).toBeNull();
    expect(render.pollPath('5', { projectId: 3 })).toBe('/projects/3/editor/renders/5');
    expect(JOB_KINDS.reframe.pollPath('5', { projectId: 3 })).toBe('/projects/3/editor/reframes/5');
    expect(transcription.pollPath('7', {})).toBe('/transcriptions/7');
    expect(transcription.listPath({ sourceAssetId: 2 })).toEqual({ path: '/assets/2/transcriptions', query: {} });
    expect(speechEdit.listPath({ transcriptionId: 8 })).toEqual({
      path: '/speech-edits',
      query: { transcriptionId: 8 },
    });
    expect(finish.pollPath('1', {})).toBe('/finishes/1');
    expect(JOB_KINDS['editor-commands'].synchronous).toBe(true);
  });

  it('knows where a job lives from the request that made it, and from its own data', () => {
    expect(contextFromRequest('/projects/4/editor/render', {})).toEqual({ projectId: 4 });
    expect(contextFromRequest('/assets/9/reviews', { aspects: ['sound'] })).toEqual({ sourceAssetId: 9 });
    expect(contextFromRequest('/generations', { projectId: 3, sceneId: 'x' })).toEqual({ projectId: 3 });
    expect(contextFromRequest('/speech-edits', { transcriptionId: 8 })).toEqual({ transcriptionId: 8 });
    const review = readJob(JOB_KINDS.review, { id: 1, state: 'queued', assetId: 9, projectId: 3 })!;
    expect(review.context).toEqual({ projectId: 3, sourceAssetId: 9 });
    expect(mergeContext({ projectId: 3 }, { sourceAssetId: 9 })).toEqual({ projectId: 3, sourceAssetId: 9 });
  });
});

describe('reading a job as it came', () => {
  it('keeps a state this client does not know, and does not take it for an ending', () => {
    const job = readJob(JOB_KINDS.generation, { id: 3, state: 'upscaling', outputs: [] })!;
    expect(job).toMatchObject({ id: '3', state: 'upscaling', terminal: false, outputs: [], error: null });
  });

  it('reads results per kind: a source asset is not an output', () => {
    expect(readJob(JOB_KINDS.generation, { id: 1, state: 'completed', outputs: [4, 5] })).toMatchObject({
      outputs: [4, 5],
      assetId: null,
      terminal: true,
    });
    expect(readJob(JOB_KINDS.export, { id: 1, state: 'completed', assetId: 7 })).toMatchObject({
      outputs: [7],
      assetId: 7,
    });
    expect(readJob(JOB_KINDS.finish, { id: 1, state: 'completed', assetId: 2, outputAssetId: 8 })).toMatchObject({
      outputs: [8],
      assetId: 8,
    });
    expect(readJob(JOB_KINDS.transcription, { id: 1, state: 'completed', assetId: 2 })).toMatchObject({
      outputs: [],
      assetId: null,
    });
  });

  it('takes progress as a fraction or a percentage, errors with a code, and no job without an ID', () => {
    expect(readJob(JOB_KINDS.render, { id: 1, state: 'running', progress: 0.25 })?.progress).toBe(0.25);
    expect(readJob(JOB_KINDS.render, { id: 1, state: 'running', progress: 40 })?.progress).toBe(0.4);
    expect(readJob(JOB_KINDS.render, { id: 1, state: 'running', progress: 'half' })?.progress).toBeNull();
    expect(
      readJob(JOB_KINDS.export, { id: 2, state: 'failed', error: { code: 'export.render_failed', message: 'no' } }),
    ).toMatchObject({
      terminal: true,
      error: { code: 'export.render_failed', message: 'no' },
    });
    expect(readJob(JOB_KINDS.export, { id: 2 })?.state).toBe('unknown');
    expect(readJob(JOB_KINDS.export, { state: 'queued' })).toBeNull();
    expect(readJob(JOB_KINDS.export, [1])).toBeNull();
    expect(readJob(JOB_KINDS.export, { id: 'a b' })).toBeNull();
  });
});

describe('checking a submission before it becomes an intent', () => {
  it('builds the exact request of a valid submission, with `{}` for an optional absent body', () => {
    expect(checkedSubmission('render', { projectId: 4 }, undefined)).toEqual({
      method: 'POST',
      path: '/projects/4/editor/render',
      body: {},
    });
    expect(checkedSubmission('transcription', { assetId: 9 }, { language: 'pt-BR' })).toEqual({
      method: 'POST',
      path: '/assets/9/transcriptions',
      body: { language: 'pt-BR' },
    });
    // Fields the client does not know pass through unchanged.
    expect(checkedSubmission('finish', { assetId: 9 }, { targetLufs: -23, future: true }).body).toEqual({
      targetLufs: -23,
      future: true,
    });
  });

  it('refuses bad input naming the field and what to change', () => {
    expect(
      refusal(() => checkedSubmission('generation', {}, { projectId: 1, sceneId: 's', modelId: 'm', prompt: '' })),
    ).toMatchObject({
      code: 'request.invalid',
      message: expect.stringMatching(/prompt: must not be empty/),
    });
    expect(
      refusal(() => checkedSubmission('render', { projectId: 4 }, { range: { startMs: 500, endMs: 100 } })).message,
    ).toMatch(/range\.endMs: endMs must be greater than startMs/);
    expect(refusal(() => checkedSubmission('transcription', { assetId: 1.5 }, {}))).toMatchObject({
      code: 'request.invalid_id',
      message: expect.stringContaining('assetId must be a whole number from 1 to 2147483647'),
    });
    expect(refusal(() => checkedSubmission('review', {}, {})).code).toBe('request.invalid_id');
    expect(
      refusal(() => checkedSubmission('speech-edit', {}, { task: 'interview-edit', modelId: 'edit-text-1' })).message,
    ).toMatch(/transcriptionId/);
    expect(refusal(() => checkedSubmission('finish', { assetId: 1 }, { targetLufs: 3 })).message).toMatch(
      /targetLufs: must be at most -5 LUFS/,
    );
    expect(
      refusal(() => checkedSubmission('editor-commands', { projectId: 1 }, { revision: 'r1', commands: [{}] })).message,
    ).toMatch(/commands\.0\.type/);
    expect(refusal(() => checkedSubmission('batch', { projectId: 1 }, undefined)).code).toBe('request.invalid');
    expect(refusal(() => checkedSubmission('teleport', {}, {})).message).toMatch(/no kind of work called "teleport"/);
  });
});
