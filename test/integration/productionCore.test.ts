// The production requests through the real core (createCore) against the bundled sandbox:
// a transcription journaled as an intent and followed to its end, its caption files, a speech
// edit priced from the text models and its proposals, a review's findings, a finish's new
// asset, a template version published once however often the same action is retried, a
// dry run that names the slot at fault, and a batch rendering the prepared projects.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { workspaceAccount } from '../support/profileKeychain.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, RequestArg, RequestName, RequestResult } from '../../shared/ipc.ts';
import type { JobUpdatedEvent } from '../../shared/api/jobEvents.ts';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import { makeFixtureDir, mediaForm } from '../support/mediaFixtures.ts';
import { makeToneBursts } from '../support/speechFixtures.ts';
import { makeSpokenMedia, sentence } from '../support/spokenMedia.ts';

const SERVICE = `Clipdesk-production-test-${randomUUID()}`;
const fixtures = makeFixtureDir();
const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-production-'));
const events: { name: EventName; payload: unknown }[] = [];
let core: Core;
let api: (method: string, path: string, body?: unknown, form?: FormData) => Promise<any>;

function ask<N extends RequestName>(name: N, arg: RequestArg<N>): Promise<RequestResult<N>> {
  return core.handlers[name](arg);
}

async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The job an intent started, once it ended. */
function finished(intentId: string): Promise<JobUpdatedEvent> {
  return waitFor(() => {
    const found = events.find(
      (e) =>
        e.name === 'job.updated' &&
        (e.payload as JobUpdatedEvent).intentId === intentId &&
        (e.payload as JobUpdatedEvent).terminal,
    );
    return found?.payload as JobUpdatedEvent | undefined;
  });
}

let projectId: number;
let toneAssetId: number;
let assetId: number;

beforeAll(async () => {
  core = createCore({ userDataDir, env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE, CLIPDESK_SANDBOX_JOB_SECONDS: '0.3' } });
  core.events.subscribe((name, payload) => void events.push({ name, payload }));
  const workspace = await ask('workspaces.useLocal', undefined);
  const key = JSON.parse((await keytar.getPassword(SERVICE, workspaceAccount(userDataDir)))!).createApiKey
    .secret as string;
  api = async (method, path, body, form) => {
    const res = await fetch(`${workspace.createBaseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined && { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
      },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    return res.json();
  };
  projectId = (await ask('projects.create', { name: 'Interview', aspectRatio: '16:9' })).id;
  // Two recorded sentences with a long pause between them: words to caption, a pause to tighten.
  const speech = await makeSpokenMedia(fixtures.dir, [
    { silenceMs: 300 },
    sentence('0880'),
    { silenceMs: 1500 },
    sentence('0930'),
  ]);
  assetId = (await api('POST', '/assets', undefined, mediaForm(speech.path, { projectId }))).data.id;
  // A steady tone with a long silence: a finding to review and a level to finish.
  const tones = await makeToneBursts(
    fixtures.dir,
    [
      { startMs: 200, endMs: 2200 },
      { startMs: 4500, endMs: 6300 },
    ],
    6.8,
  );
  toneAssetId = (await api('POST', '/assets', undefined, mediaForm(tones, { projectId }))).data.id;
});

afterAll(async () => {
  await core?.close();
  fixtures.cleanup();
  rmSync(userDataDir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

describe('transcription, captions and speech edits', () => {
  let transcriptionId: number;

  it('journals the transcription, follows it to its end and reads the word-timed transcript', async () => {
    const intent = await ask('transcriptions.submit', { assetId });
    expect(intent).toMatchObject({ kind: 'transcription', state: expect.stringMatching(/pending|sent|accepted/) });
    const job = await finished(intent.id);
    expect(job.state).toBe('completed');
    transcriptionId = Number(job.id);
    const transcription = await ask('transcriptions.get', { id: transcriptionId });
    expect(transcription.transcript!.words.length).toBeGreaterThan(5);
    expect(transcription.transcript!.words[0]!.startMs).toBeGreaterThanOrEqual(300);
    expect((await ask('transcriptions.list', { assetId })).items.map((t) => t.id)).toEqual([transcriptionId]);
  });

  it('hands browser mode the caption files as text to save', async () => {
    const srt = await ask('transcriptions.captionFile', { transcriptionId, format: 'srt' });
    expect(srt).toMatchObject({ outcome: 'file', filename: `transcription-${transcriptionId}.srt` });
    expect(srt.outcome === 'file' && srt.text).toMatch(/^1\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\n/);
    const vtt = await ask('transcriptions.captionFile', { transcriptionId, format: 'vtt' });
    expect(vtt.outcome === 'file' && vtt.text.startsWith('WEBVTT\n')).toBe(true);
  });

  it('prices the speech edit from the text models, then reads its proposals and receipt', async () => {
    const models = await ask('models.list', { kind: 'text' });
    const model = models.find((m) => m.available && m.speechTasks?.includes('interview-edit'))!;
    expect(model.inputCreditsPerMillionTokens).toBeGreaterThan(0);
    expect(model.usdPerCredit).toBeGreaterThan(0);
    const intent = await ask('speech.submit', { transcriptionId, task: 'interview-edit', modelId: model.id });
    const job = await finished(intent.id);
    expect(job.state).toBe('completed');
    const edit = await ask('speech.get', { id: Number(job.id) });
    expect(edit.proposals!.some((p) => p.kind === 'tighten')).toBe(true);
    expect(edit.receipt!.costUsd).toBeGreaterThan(0);
    expect((await ask('speech.list', { transcriptionId })).items.map((e) => e.id)).toEqual([edit.id]);
  });

  it('refuses a bad argument before anything is journaled', async () => {
    await expect(
      ask('speech.submit', { transcriptionId, task: 'summarise' as never, modelId: 'x' }),
    ).rejects.toMatchObject({ code: 'request.invalid' });
  });
});

describe('review and finishing', () => {
  it("reads a review's findings and a finish's new asset", async () => {
    const review = await finished((await ask('reviews.submit', { assetId: toneAssetId, aspects: ['sound'] })).id);
    const findings = (await ask('reviews.get', { id: Number(review.id) })).findings!;
    expect(findings.some((f) => f.aspect === 'sound' && f.message.startsWith('No sound for'))).toBe(true);

    const finish = await finished((await ask('finishes.submit', { assetId: toneAssetId, targetLufs: -16 })).id);
    expect(finish.assetId).toBeGreaterThan(toneAssetId);
    const read = await ask('finishes.get', { id: Number(finish.id) });
    expect(read.outputAssetId).toBe(finish.assetId);
    expect(read.loudness!.output.integratedLufs).toBeCloseTo(-16, 0);
  });
});

describe('templates, variants and a batch', () => {
  it('publishes one version per action however often it is retried, checks variants, and renders them', async () => {
    const timeline = (await api('GET', `/projects/${projectId}/editor/timeline`)).data;
    const audio = timeline.tracks.find((t: { kind: string }) => t.kind === 'audio');
    const captions = timeline.tracks.find((t: { kind: string }) => t.kind === 'caption');
    const video = timeline.tracks.find((t: { kind: string }) => t.kind === 'video');
    const [audioClip, captionClip] = [randomUUID(), randomUUID()];
    const done = await api('POST', `/projects/${projectId}/editor/commands`, {
      revision: timeline.revision,
      commands: [
        { type: 'addClip', trackId: audio.id, clipId: audioClip, assetId, startMs: 0 },
        { type: 'addCaption', trackId: captions.id, clipId: captionClip, startMs: 0, endMs: 2000, text: 'Hello' },
      ],
    });
    expect(done.error).toBeUndefined();
    expect(video).toBeDefined();

    const action = {
      actionId: randomUUID(),
      name: 'Interview opener',
      projectId,
      slots: [{ name: 'headline', type: 'text' as const, required: true }],
      bindings: [{ slot: 'headline', clipId: captionClip, property: 'text' }],
    };
    const version = await ask('templates.publish', action);
    expect(version).toMatchObject({ version: 1, slots: [{ name: 'headline', type: 'text' }] });
    // The same action again (a retry) is the same version; a new action is the next one.
    expect(await ask('templates.publish', action)).toEqual(version);
    const next = await ask('templates.publish', { ...action, actionId: randomUUID(), templateId: version.templateId });
    expect(next.version).toBe(2);
    expect((await ask('templates.get', { templateId: version.templateId })).latestVersion).toBe(2);

    const check = await ask('templates.variants', {
      templateId: version.templateId,
      dryRun: true,
      variants: [
        { name: 'Good', values: { headline: 'Welcome' } },
        { name: 'Bad', values: { headline: 42 } },
      ],
    });
    expect(check.outcome).toBe('checked');
    expect(
      check.outcome === 'checked' && check.variants.map((v) => [v.name, v.valid, v.errors.map((e) => e.slot)]),
    ).toEqual([
      ['Good', true, []],
      ['Bad', false, ['headline']],
    ]);
    await expect(
      ask('templates.variants', {
        templateId: version.templateId,
        dryRun: false,
        variants: [{ name: 'Good', values: { headline: 'Welcome' } }],
      }),
    ).rejects.toMatchObject({ code: 'request.invalid' });

    const variants = {
      templateId: version.templateId,
      dryRun: false,
      actionId: randomUUID(),
      variants: [{ name: 'Welcome', values: { headline: 'Welcome' } }],
    };
    const prepared = await ask('templates.variants', variants);
    expect(prepared.outcome === 'prepared' && prepared.variants).toHaveLength(1);
    expect(await ask('templates.variants', variants)).toEqual(prepared);

    const projectIds = prepared.outcome === 'prepared' ? prepared.variants.map((v) => v.projectId) : [];
    const batchJob = await finished((await ask('batches.submit', { projectId, projectIds })).id);
    expect(batchJob.state).toBe('completed');
    const batch = await ask('batches.get', { id: Number(batchJob.id) });
    expect(batch.items.map((i) => [i.projectId, i.state, typeof i.assetId])).toEqual([
      [projectIds[0], 'completed', 'number'],
    ]);
  });
});
