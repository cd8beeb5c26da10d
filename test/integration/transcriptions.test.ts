// Transcriptions against the real sandbox: words timed from the real sound (tone bursts at
// known times), SRT and WebVTT caption files that parse and match the words, the charge for
// speech work and its refund, idempotent replays, cancelling, and refusals before any charge.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeFixtureDir, makePng } from '../support/mediaFixtures.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import {
  makeToneBursts,
  makeVideoWithoutSound,
  newProject,
  settle,
  startJob,
  upload,
  walletUsd,
  type Burst,
} from '../support/speechFixtures.ts';

const fixtures = makeFixtureDir();
afterAll(() => fixtures.cleanup());

// The first burst starts soon after the start: the short silence before it still holds no words.
const BURSTS: Burst[] = [
  { startMs: 150, endMs: 1350 },
  { startMs: 2700, endMs: 3900 },
  { startMs: 4900, endMs: 6100 },
];
const SECONDS = 7;
/** silencedetect works on audio frames; a word edge may land this far outside a burst. */
const EDGE_MS = 40;

interface ParsedCue {
  startMs: number;
  endMs: number;
  lines: string[];
}

function toMs(h: string, m: string, s: string, ms: string): number {
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
}

/** Parses SubRip or WebVTT cue blocks (after any header), checking each block's shape. */
function parseCues(text: string, separator: ',' | '.'): ParsedCue[] {
  const sep = separator === ',' ? ',' : '\\.';
  const timing = new RegExp(`^(\\d\\d):(\\d\\d):(\\d\\d)${sep}(\\d{3}) --> (\\d\\d):(\\d\\d):(\\d\\d)${sep}(\\d{3})$`);
  return text
    .trim()
    .split(/\n\n+/)
    .filter((block) => block !== 'WEBVTT')
    .map((block, i) => {
      const [index, times, ...lines] = block.split('\n');
      expect(index).toBe(String(i + 1));
      const t = timing.exec(times!);
      expect(t, `timing line "${times}"`).not.toBeNull();
      return { startMs: toMs(t![1]!, t![2]!, t![3]!, t![4]!), endMs: toMs(t![5]!, t![6]!, t![7]!, t![8]!), lines };
    });
}

describe('transcriptions', () => {
  let sandbox: RunningSandbox;
  let session: SignedIn;
  let call: ApiCall;
  let burstsPath: string;

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
    session = await signIn(sandbox);
    burstsPath = await makeToneBursts(fixtures.dir, BURSTS, SECONDS);
  });
  afterAll(() => sandbox?.stop({ removeData: true }));
  // A key per test: jobs are polled, and one key's 120 requests a minute would not cover the file.
  beforeEach(async () => {
    const issued = await session.call('POST', '/keys', { body: { name: 'transcriptions test', expiresInDays: 1 } });
    expect(issued.status).toBe(201);
    call = apiClient(sandbox.createBaseUrl, issued.body.data.token);
  });

  async function transcribe(body: unknown = {}): Promise<{ asset: any; done: any }> {
    const asset = await upload(call, await newProject(call), burstsPath);
    const res = await startJob(call, `/assets/${asset.id}/transcriptions`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return { asset, done: await settle(call, `/transcriptions/${res.body.data.id}`) };
  }

  it('times words from the real sound: three tone bursts give words inside the bursts only, and the speech work is charged per second', async () => {
    const asset = await upload(call, await newProject(call), burstsPath);
    const before = await walletUsd(call);
    const res = await startJob(call, `/assets/${asset.id}/transcriptions`, {});
    expect(res.status).toBe(202);
    const accepted = res.body.data;
    expect(accepted).toMatchObject({
      assetId: asset.id,
      projectId: asset.projectId,
      language: 'en',
      state: 'queued',
      recognizer: 'synthetic',
      transcript: null,
      captions: null,
    });
    expect(accepted.billedSeconds).toBe(SECONDS);
    expect(accepted.costUsd).toBeCloseTo(SECONDS * (0.006 / 60), 9);
    expect(await walletUsd(call)).toBeCloseTo(before - accepted.costUsd, 6);

    const done = await settle(call, `/transcriptions/${accepted.id}`);
    expect(done.state).toBe('completed');
    const { words, text, durationMs } = done.transcript;
    expect(durationMs).toBe(SECONDS * 1000);
    expect(text).toBe(words.map((w: any) => w.text).join(' '));
    for (const burst of BURSTS) {
      const inBurst = words.filter(
        (w: any) => w.startMs >= burst.startMs - EDGE_MS && w.endMs <= burst.endMs + EDGE_MS,
      );
      expect(inBurst.length, `words in ${burst.startMs}–${burst.endMs}`).toBeGreaterThanOrEqual(2);
    }
    for (const [i, word] of words.entries()) {
      const burst = BURSTS.find((b) => word.startMs >= b.startMs - EDGE_MS && word.endMs <= b.endMs + EDGE_MS);
      expect(burst, `word "${word.text}" ${word.startMs}–${word.endMs} lies inside a burst`).toBeDefined();
      expect(word.endMs).toBeGreaterThan(word.startMs);
      expect(word.confidence).toBeGreaterThan(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
      if (i > 0) expect(word.startMs).toBeGreaterThanOrEqual(words[i - 1].endMs);
    }
    expect(done.captions).toEqual({
      srt: `/transcriptions/${done.id}/captions.srt`,
      vtt: `/transcriptions/${done.id}/captions.vtt`,
    });
    expect(await walletUsd(call)).toBeCloseTo(before - accepted.costUsd, 6); // completion charges nothing more

    const listed = await call('GET', `/assets/${asset.id}/transcriptions`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((t: any) => t.id)).toEqual([done.id]);
    expect(listed.body.pagination).toEqual({ nextCursor: null });
  });

  it('serves SRT and WebVTT captions that parse and match the words', async () => {
    const { done } = await transcribe();
    const words = done.transcript.words;

    const srt = await fetch(`${sandbox.createBaseUrl}${done.captions.srt}`, {
      headers: { authorization: `Bearer ${sandbox.apiKey}` },
    });
    expect(srt.status).toBe(200);
    expect(srt.headers.get('content-type')).toMatch(/^text\/plain/);
    const srtCues = parseCues(await srt.text(), ',');

    const vtt = await fetch(`${sandbox.createBaseUrl}${done.captions.vtt}`, {
      headers: { authorization: `Bearer ${sandbox.apiKey}` },
    });
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toMatch(/^text\/vtt/);
    const vttText = await vtt.text();
    expect(vttText.startsWith('WEBVTT\n\n')).toBe(true);
    const vttCues = parseCues(vttText, '.');

    expect(vttCues).toEqual(srtCues);
    expect(srtCues.length).toBeGreaterThanOrEqual(BURSTS.length); // a silence between bursts always ends a cue
    expect(srtCues.map((c) => c.lines.join(' ')).join(' ')).toBe(done.transcript.text);
    let w = 0;
    for (const cue of srtCues) {
      expect(cue.lines.length).toBeGreaterThanOrEqual(1);
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
      const count = cue.lines.join(' ').split(' ').length;
      const cueWords = words.slice(w, w + count);
      w += count;
      expect(cue.startMs).toBe(cueWords[0].startMs);
      expect(cue.endMs).toBe(cueWords[cueWords.length - 1].endMs);
    }
    expect(w).toBe(words.length);
  });

  it('reads a transcription in another language as other words at the same times', async () => {
    const english = await transcribe();
    const latin = await transcribe({ language: 'la' });
    expect(latin.done.language).toBe('la');
    expect(latin.done.transcript.words.map((w: any) => [w.startMs, w.endMs])).toEqual(
      english.done.transcript.words.map((w: any) => [w.startMs, w.endMs]),
    );
    expect(latin.done.transcript.text).not.toBe(english.done.transcript.text);
  });

  it('reads silence as an empty transcript, and a video without a sound track for free', async () => {
    const projectId = await newProject(call);
    const silence = await upload(call, projectId, await makeToneBursts(fixtures.dir, [], 2));
    const mute = await upload(call, projectId, await makeVideoWithoutSound(fixtures.dir, 1));
    const before = await walletUsd(call);

    const silent = await startJob(call, `/assets/${silence.id}/transcriptions`, {});
    expect(silent.status).toBe(202);
    expect(silent.body.data.billedSeconds).toBe(2);
    const silentDone = await settle(call, `/transcriptions/${silent.body.data.id}`);
    expect(silentDone.state).toBe('completed');
    expect(silentDone.transcript).toEqual({ durationMs: 2000, text: '', words: [] });
    const srt = await fetch(`${sandbox.createBaseUrl}${silentDone.captions.srt}`, {
      headers: { authorization: `Bearer ${sandbox.apiKey}` },
    });
    expect(srt.status).toBe(200);
    expect(await srt.text()).toBe('');
    const vtt = await fetch(`${sandbox.createBaseUrl}${silentDone.captions.vtt}`, {
      headers: { authorization: `Bearer ${sandbox.apiKey}` },
    });
    expect((await vtt.text()).trim()).toBe('WEBVTT');

    const muted = await startJob(call, `/assets/${mute.id}/transcriptions`, {});
    expect(muted.status).toBe(202);
    expect(muted.body.data).toMatchObject({ billedSeconds: 0, costUsd: 0 });
    const mutedDone = await settle(call, `/transcriptions/${muted.body.data.id}`);
    expect(mutedDone).toMatchObject({ state: 'completed', transcript: { text: '', words: [] } });
    expect(await walletUsd(call)).toBeCloseTo(before - silentDone.costUsd, 6);
  });

  it('refuses an image, a bad language and a missing key before charging anything', async () => {
    const projectId = await newProject(call);
    const image = await upload(call, projectId, await makePng(fixtures.dir));
    const audio = await upload(call, projectId, burstsPath);
    const before = await walletUsd(call);

    const onImage = await startJob(call, `/assets/${image.id}/transcriptions`, {});
    expect(onImage.status).toBe(400);
    expect(onImage.body.error.code).toBe('media.kind_not_supported');
    expect(onImage.body.error.message).toContain('image');

    const badLanguage = await startJob(call, `/assets/${audio.id}/transcriptions`, { language: 'english please' });
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body.error.message).toContain('language');

    const noKey = await call('POST', `/assets/${audio.id}/transcriptions`, { body: {} });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.code).toBe('idempotency.key_missing');

    const missing = await startJob(call, '/assets/999999/transcriptions', {});
    expect(missing.status).toBe(404);
    expect(await walletUsd(call)).toBe(before);
  });

  it('replays the same request under the same key without charging again, and refuses the key with other inputs', async () => {
    const asset = await upload(call, await newProject(call), burstsPath);
    const key = randomUUID();
    const before = await walletUsd(call);
    const first = await startJob(call, `/assets/${asset.id}/transcriptions`, {}, key);
    expect(first.status).toBe(202);
    // {} and {language: 'en'} are the same inputs once the default is filled in.
    const again = await startJob(call, `/assets/${asset.id}/transcriptions`, { language: 'en' }, key);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await walletUsd(call)).toBeCloseTo(before - first.body.data.costUsd, 6);

    const other = await startJob(call, `/assets/${asset.id}/transcriptions`, { language: 'fr' }, key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency.key_reused');
    expect((await call('GET', `/assets/${asset.id}/transcriptions`)).body.data).toHaveLength(1);
  });

  it('cancels a queued transcription with a refund, refuses to cancel it twice, and has no captions for it', async () => {
    const asset = await upload(call, await newProject(call), burstsPath);
    const before = await walletUsd(call);
    // Slow jobs down so this one is surely still queued when the cancel arrives.
    expect((await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 100 })).status).toBe(200);
    let id: number;
    try {
      const res = await startJob(call, `/assets/${asset.id}/transcriptions`, {});
      expect(res.status).toBe(202);
      id = res.body.data.id;
    } finally {
      await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 1 });
    }
    expect(await walletUsd(call)).toBeLessThan(before);
    const cancelled = await call('POST', `/transcriptions/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      id,
      state: 'cancelled',
      costUsd: 0,
      transcript: null,
      error: { code: 'job.cancelled' },
    });
    expect(await walletUsd(call)).toBeCloseTo(before, 6);

    const twice = await call('POST', `/transcriptions/${id}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('job.not_cancellable');
    const captions = await call('GET', `/transcriptions/${id}/captions.srt`);
    expect(captions.status).toBe(409);
    expect(captions.body.error.code).toBe('transcription.not_ready');
  });

  it('refunds a transcription that fails', async () => {
    const asset = await upload(call, await newProject(call), burstsPath);
    const before = await walletUsd(call);
    expect((await sandbox.admin('POST', '/_sandbox/faults', { jobFailShare: 1 })).status).toBe(200);
    try {
      const res = await startJob(call, `/assets/${asset.id}/transcriptions`, {});
      expect(res.status).toBe(202);
      const done = await settle(call, `/transcriptions/${res.body.data.id}`);
      expect(done).toMatchObject({ state: 'failed', costUsd: 0, transcript: null });
      expect(done.error.message).toContain('refunded');
    } finally {
      await sandbox.admin('POST', '/_sandbox/faults', { jobFailShare: 0 });
    }
    expect(await walletUsd(call)).toBeCloseTo(before, 6);
  });
});
