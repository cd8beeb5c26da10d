// Speech edits against the real sandbox: interview edits propose cuts at hesitations and
// long pauses of a real transcription, caption translations give English cues, text work is
// charged from the model's token prices, and every refusal comes before any charge.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import {
  makeToneBursts,
  newProject,
  settle,
  startJob,
  upload,
  walletUsd,
  type Burst,
} from '../support/speechFixtures.ts';

const fixtures = makeFixtureDir();
afterAll(() => fixtures.cleanup());

const BURSTS: Burst[] = [
  { startMs: 400, endMs: 2400 },
  { startMs: 3600, endMs: 5200 },
  { startMs: 6500, endMs: 8100 },
];
const FILLERS = ['um', 'uh'];

describe('speech edits', () => {
  let sandbox: RunningSandbox;
  let session: SignedIn;
  let call: ApiCall;
  let projectId: number;
  /** Completed transcriptions of one file: in English, and in Latin (to translate). */
  let english: any;
  let latin: any;

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
    session = await signIn(sandbox);
    const setup = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    projectId = await newProject(setup);
    const asset = await upload(setup, projectId, await makeToneBursts(fixtures.dir, BURSTS, 9));
    const transcribe = async (language: string) => {
      const res = await startJob(setup, `/assets/${asset.id}/transcriptions`, { language });
      expect(res.status).toBe(202);
      const done = await settle(setup, `/transcriptions/${res.body.data.id}`);
      expect(done.state).toBe('completed');
      return done;
    };
    english = await transcribe('en');
    latin = await transcribe('la');
  });
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
    const words: any[] = english.transcript.words;
    const fillers = words.filter((w) => FILLERS.includes(w.text));
    expect(fillers.length).toBeGreaterThan(0);
    const cuts = done.proposals.filter((p: any) => p.kind === 'cut');
    expect(cuts.map((p: any) => [p.startMs, p.endMs])).toEqual(fillers.map((w) => [w.startMs, w.endMs]));
    for (const cut of cuts) expect(cut.cutRange).toEqual({ startMs: cut.startMs, endMs: cut.endMs });

    const pauses = words
      .slice(1)
      .map((w, i) => ({ startMs: words[i].endMs, endMs: w.startMs }))
      .filter((gap) => gap.endMs - gap.startMs >= 1000);
    expect(pauses).toHaveLength(BURSTS.length - 1); // the silences between bursts
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

  it('translates Latin captions into English cues that keep the timing and drop hesitations', async () => {
    const res = await startJob(call, '/speech-edits', {
      transcriptionId: latin.id,
      task: 'caption-translation',
      modelId: 'translate-text-1',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data.targetLanguage).toBe('en');
    const done = await settle(call, `/speech-edits/${res.body.data.id}`);
    expect(done.state).toBe('completed');
    expect(done.proposals).toBeNull();
    // The synthetic recogniser heard the same words; the English transcription says them in English.
    const spoken = english.transcript.words.filter((w: any) => !FILLERS.includes(w.text));
    expect(done.cues.map((c: any) => c.text.replace(/\n/g, ' ')).join(' ')).toBe(
      spoken.map((w: any) => w.text).join(' '),
    );
    const latinWords = new Set(latin.transcript.words.map((w: any) => w.text));
    let w = 0;
    for (const cue of done.cues) {
      const lines = cue.text.split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
      for (const word of cue.text.split(/\s+/)) expect(latinWords.has(word), `"${word}" is translated`).toBe(false);
      const count = cue.text.split(/\s+/).length;
      expect(cue.startMs).toBe(spoken[w].startMs);
      expect(cue.endMs).toBe(spoken[w + count - 1].endMs);
      w += count;
    }
  });

  it('refuses a transcription that is not completed with 409 transcription.not_ready', async () => {
    const asset = await upload(call, projectId, await makeToneBursts(fixtures.dir, BURSTS, 9));
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
      transcriptionId: latin.id,
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
    const other = await startJob(call, '/speech-edits', { ...body, transcriptionId: latin.id }, key);
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
