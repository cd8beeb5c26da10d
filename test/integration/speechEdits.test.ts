// Speech edits against the real sandbox: interview edits propose cuts at the hesitations and
// long pauses of a real transcription of recorded speech, text work is charged from the
// model's token prices, caption translations of English speech are refused (the local
// recogniser hears English only), and every refusal comes before any charge.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import { makeToneBursts, newProject, settle, startJob, upload, walletUsd } from '../support/speechFixtures.ts';
import { makeSpokenMedia, sentence, type SpokenMedia } from '../support/spokenMedia.ts';

const fixtures = makeFixtureDir();
afterAll(() => fixtures.cleanup());

/** The hesitations the interview edit cuts (sandbox/production/transcriptWords.ts). */
const FILLERS = ['um', 'uh', 'er', 'ah', 'hmm', 'mm'];

describe('speech edits', () => {
  let sandbox: RunningSandbox;
  let session: SignedIn;
  let call: ApiCall;
  let projectId: number;
  /** Two sentences with a long pause between them. */
  let speech: SpokenMedia;
  /** Its completed transcription. */
  let english: any;

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
    session = await signIn(sandbox);
    const setup = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    projectId = await newProject(setup);
    speech = await makeSpokenMedia(fixtures.dir, [sentence('0880'), { silenceMs: 1500 }, sentence('0930')]);
    const asset = await upload(setup, projectId, speech.path);
    const res = await startJob(setup, `/assets/${asset.id}/transcriptions`, { language: 'en' });
    expect(res.status).toBe(202);
    english = await settle(setup, `/transcriptions/${res.body.data.id}`, 120_000);
    expect(english.state).toBe('completed');
    expect(english.transcript.words.length).toBeGreaterThan(8);
  }, 180_000);
  afterAll(() => sandbox?.stop({ removeData: true }));
  beforeEach(async () => {
    const issued = await session.call('POST', '/keys', { body: { name: 'speech edits test', expiresInDays: 1 } });
    expect(issued.status).toBe(201);
    call = apiClient(sandbox.createBaseUrl, issued.body.data.token);
  });

  async function textModel(id: string): Promise<any> {
    const res = await call('GET', '/models?kind=text');
    return res.body.data.find((m: any) => m.id === id);
  }

  it('proposes cutting every hesitation and tightening every long pause, without touching the timeline, charged by tokens', async () => {
    const timelineBefore = await call('GET', `/projects/${projectId}/editor/timeline`);
    expect(timelineBefore.status).toBe(200);
    const model = await textModel('edit-text-1');
    const before = await walletUsd(call);
    const res = await startJob(call, '/speech-edits', {
      transcriptionId: english.id,
      task: 'interview-edit',
      modelId: 'edit-text-1',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const accepted = res.body.data;
    expect(accepted).toMatchObject({
      transcriptionId: english.id,
      assetId: english.assetId,
      task: 'interview-edit',
      modelId: 'edit-text-1',
      targetLanguage: null,
      state: 'queued',
      proposals: null,
      cues: null,
    });
    const { inputTokens, outputTokens, costUsd } = accepted.receipt;
    expect(inputTokens).toBeGreaterThan(0);
    expect(outputTokens).toBeGreaterThan(0);
    const price =
      ((inputTokens * model.inputCreditsPerMillionTokens + outputTokens * model.outputCreditsPerMillionTokens) / 1e6) *
      model.usdPerCredit;
    expect(costUsd).toBeGreaterThan(0);
    expect(Math.abs(costUsd - price)).toBeLessThanOrEqual(1e-6); // charged in whole micro-dollars
    expect(accepted.costUsd).toBe(costUsd);
    expect(await walletUsd(call)).toBeCloseTo(before - costUsd, 6);

    const done = await settle(call, `/speech-edits/${accepted.id}`);
    expect(done.state).toBe('completed');
    expect(done.receipt).toEqual(accepted.receipt);
    // Read speech may hold no hesitation at all: every one the recogniser heard is proposed, and nothing else.
    const words: any[] = english.transcript.words;
    const fillers = words.filter((w) => FILLERS.includes(w.text));
    const cuts = done.proposals.filter((p: any) => p.kind === 'cut');
    expect(cuts.map((p: any) => [p.startMs, p.endMs])).toEqual(fillers.map((w) => [w.startMs, w.endMs]));
    for (const cut of cuts) expect(cut.cutRange).toEqual({ startMs: cut.startMs, endMs: cut.endMs });

    const pauses = words
      .slice(1)
      .map((w, i) => ({ startMs: words[i].endMs, endMs: w.startMs }))
      .filter((gap) => gap.endMs - gap.startMs >= 1000);
    // The silence between the sentences is one of them.
    const [first, second] = speech.sentences;
    expect(pauses.some((p) => p.startMs <= first!.endMs && p.endMs >= second!.startMs)).toBe(true);
    const tightens = done.proposals.filter((p: any) => p.kind === 'tighten');
    expect(tightens.map((p: any) => ({ startMs: p.startMs, endMs: p.endMs }))).toEqual(pauses);
    for (const p of tightens) {
      expect(p.cutRange.startMs).toBeGreaterThan(p.startMs);
      expect(p.cutRange.endMs).toBeLessThan(p.endMs);
      expect(p.reason).toMatch(/pause/i);
    }
    expect(new Set(done.proposals.map((p: any) => p.id)).size).toBe(done.proposals.length);
    expect(await walletUsd(call)).toBeCloseTo(before - costUsd, 6);
    const timelineAfter = await call('GET', `/projects/${projectId}/editor/timeline`);
    expect(timelineAfter.body.data?.revision).toBe(timelineBefore.body.data?.revision);
  });

  it('refuses a transcription that is not completed with 409 transcription.not_ready', async () => {
    const asset = await upload(call, projectId, await makeToneBursts(fixtures.dir, [{ startMs: 400, endMs: 2400 }], 3));
    await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 100 });
    let pendingId: number;
    try {
      pendingId = (await startJob(call, `/assets/${asset.id}/transcriptions`, {})).body.data.id;
    } finally {
      await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 1 });
    }
    const before = await walletUsd(call);
    const queued = await startJob(call, '/speech-edits', {
      transcriptionId: pendingId,
      task: 'interview-edit',
      modelId: 'edit-text-1',
    });
    expect(queued.status).toBe(409);
    expect(queued.body.error.code).toBe('transcription.not_ready');
    expect(queued.body.error.message).toMatch(/queued|running/);
    expect(await walletUsd(call)).toBe(before);

    expect((await call('POST', `/transcriptions/${pendingId}/cancel`)).status).toBe(200);
    const refunded = await walletUsd(call);
    const cancelled = await startJob(call, '/speech-edits', {
      transcriptionId: pendingId,
      task: 'interview-edit',
      modelId: 'edit-text-1',
    });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.message).toMatch(/transcribe the asset again/);
    expect(await walletUsd(call)).toBe(refunded);
  });

  it('refuses a model that does not do the task, an unavailable model, a media model and other target languages, before charging', async () => {
    const before = await walletUsd(call);
    const edit = (body: Record<string, unknown>) =>
      startJob(call, '/speech-edits', {
        transcriptionId: english.id,
        task: 'interview-edit',
        modelId: 'edit-text-1',
        ...body,
      });

    const wrongTask = await edit({ modelId: 'translate-text-1' });
    expect(wrongTask.status).toBe(400);
    expect(wrongTask.body.error.code).toBe('model.task_unsupported');
    expect(wrongTask.body.error.message).toContain('interview-edit');

    const unavailable = await edit({ modelId: 'edit-text-2-preview' });
    expect(unavailable.status).toBe(409);
    expect(unavailable.body.error.code).toBe('model.unavailable');

    const mediaModel = await edit({ modelId: 'sketch-image-1' });
    expect(mediaModel.status).toBe(400);
    expect(mediaModel.body.error.code).toBe('model.unknown');
    expect(mediaModel.body.error.message).toContain('media model');

    const french = await startJob(call, '/speech-edits', {
      transcriptionId: english.id,
      task: 'caption-translation',
      modelId: 'translate-text-1',
      targetLanguage: 'fr',
    });
    expect(french.status).toBe(400);
    expect(french.body.error.message).toContain('targetLanguage');
    const languageOnEdit = await edit({ targetLanguage: 'en' });
    expect(languageOnEdit.status).toBe(400);
    expect(languageOnEdit.body.error.message).toContain('targetLanguage');

    const alreadyEnglish = await startJob(call, '/speech-edits', {
      transcriptionId: english.id,
      task: 'caption-translation',
      modelId: 'translate-text-1',
    });
    expect(alreadyEnglish.status).toBe(400);
    expect(alreadyEnglish.body.error.code).toBe('speech_edit.same_language');
    expect(alreadyEnglish.body.error.message).toContain('captions.srt');
    const anyTranslator = await startJob(call, '/speech-edits', {
      transcriptionId: english.id,
      task: 'caption-translation',
      modelId: 'edit-text-1',
      targetLanguage: 'en',
    });
    expect(anyTranslator.status).toBe(400);
    expect(anyTranslator.body.error.code).toBe('speech_edit.same_language');

    const missing = await edit({ transcriptionId: 999999 });
    expect(missing.status).toBe(404);
    expect(await walletUsd(call)).toBe(before);
  });

  it('replays under the same key without a second charge, refuses the key for other inputs, and refunds a cancelled edit', async () => {
    const key = randomUUID();
    const body = { transcriptionId: english.id, task: 'interview-edit', modelId: 'edit-text-1' };
    const before = await walletUsd(call);
    await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 100 });
    let first;
    try {
      first = await startJob(call, '/speech-edits', body, key);
    } finally {
      await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 1 });
    }
    expect(first.status).toBe(202);
    const again = await startJob(call, '/speech-edits', body, key);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await walletUsd(call)).toBeCloseTo(before - first.body.data.costUsd, 6);
    const other = await startJob(call, '/speech-edits', { ...body, modelId: 'edit-text-2-preview' }, key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency.key_reused');

    const cancelled = await call('POST', `/speech-edits/${first.body.data.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', costUsd: 0, receipt: { costUsd: 0 } });
    expect(await walletUsd(call)).toBeCloseTo(before, 6);

    const listed = await call('GET', `/speech-edits?transcriptionId=${english.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data[0].id).toBe(first.body.data.id);
    expect(listed.body.data.every((e: any) => e.transcriptionId === english.id)).toBe(true);
  });
});
