// Transcriptions against the real sandbox: recorded speech with a known text (LibriVox
// sentences from pocketsphinx-testdata) heard by the real recogniser, its words where they
// were said; SRT and WebVTT caption files that parse and match the words; the charge for
// speech work and its refund, idempotent replays, cancelling, and refusals before any
// charge (an image, a language the recogniser does not understand).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wordErrors } from '../../shared/speech/wordErrorRate.ts';
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
import { makeSpokenMedia, sentence, type SpokenMedia } from '../support/spokenMedia.ts';

const fixtures = makeFixtureDir();
afterAll(() => fixtures.cleanup());

// Tone bursts are sound without speech: what the tests of charging, cancelling and failing use.
const BURSTS: Burst[] = [
  { startMs: 150, endMs: 1350 },
  { startMs: 2700, endMs: 3900 },
];
const SECONDS = 4;
/**
 * The share of the words said that the recogniser must get right (1 − word error rate).
 * PocketSphinx gets about 73 % of these three sentences (8 errors in 30 words) with the
 * service's settings, and the same file always reads the same; 65 % leaves two words of
 * margin for another build of ffmpeg or pocketsphinx. Placeholder words get none right.
 */
const MIN_ACCURACY = 0.65;

/** The command names of a process's running children (/proc/PID/stat's second field is the name in parentheses). */
function childCommands(pid: number): string[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.flatMap((child) => {
    try {
      return [/\((.*)\)/.exec(readFileSync(`/proc/${child}/stat`, 'utf8'))![1]!];
    } catch {
      return []; // it ended meanwhile
    }
  });
}

/** CPU time (ms) of the finished children of a process: the sandbox's ffmpeg and pocketsphinx runs. */
function childrenCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // Counted from the state (field 3): cutime and cstime (fields 16 and 17) are at 13 and 14, in 10 ms clock ticks.
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

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

  describe('recorded speech', () => {
    let speech: SpokenMedia;
    let asset: any;
    let accepted: any;
    let done: any;
    let walletBefore: number;
    let walletAfterAccepting: number;
    let cpuMs: number;

    // Three sentences a second apart, transcribed once; the tests below read the result.
    beforeAll(async () => {
      speech = await makeSpokenMedia(fixtures.dir, [
        sentence('0880'),
        { silenceMs: 1000 },
        sentence('0890'),
        { silenceMs: 1000 },
        sentence('0930'),
      ]);
      // A key of its own: the other tests' requests do not count against it.
      const issued = await session.call('POST', '/keys', { body: { name: 'recorded speech', expiresInDays: 1 } });
      const setup = apiClient(sandbox.createBaseUrl, issued.body.data.token);
      asset = await upload(setup, await newProject(setup), speech.path);
      walletBefore = await walletUsd(setup);
      const cpuBefore = childrenCpuMs(sandbox.process.pid!);
      const res = await startJob(setup, `/assets/${asset.id}/transcriptions`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      accepted = res.body.data;
      walletAfterAccepting = await walletUsd(setup);
      done = await settle(setup, `/transcriptions/${accepted.id}`, 120_000);
      cpuMs = childrenCpuMs(sandbox.process.pid!) - cpuBefore;
    }, 180_000);

    it('hears the words said, faster than realtime: at least 65 % of them right', () => {
      expect(done.state, JSON.stringify(done.error)).toBe('completed');
      expect(done.recognizer).toBe('pocketsphinx');
      const { words, text, durationMs } = done.transcript;
      expect(durationMs).toBe(speech.durationMs);
      expect(text).toBe(words.map((w: any) => w.text).join(' '));
      const { errors, words: said, rate } = wordErrors(speech.text, text);
      expect(said).toBe(30);
      expect(1 - rate, `${errors} errors in ${said} words: heard "${text}"`).toBeGreaterThanOrEqual(MIN_ACCURACY);
      // Realtime is one CPU second of recogniser work (ffmpeg's and pocketsphinx's) per second of sound.
      expect(cpuMs).toBeLessThan(speech.durationMs);
    });

    it("times each word where it was said: inside its sentence's recording, in order, with a confidence", () => {
      const words: any[] = done.transcript.words;
      for (const [i, word] of words.entries()) {
        const placed = speech.sentences.find((s) => word.startMs >= s.startMs && word.endMs <= s.endMs);
        expect(placed, `"${word.text}" ${word.startMs}–${word.endMs} lies inside a sentence`).toBeDefined();
        expect(word.endMs).toBeGreaterThan(word.startMs);
        expect(word.confidence).toBeGreaterThanOrEqual(0);
        expect(word.confidence).toBeLessThanOrEqual(1);
        if (i > 0) expect(word.startMs).toBeGreaterThanOrEqual(words[i - 1].endMs);
      }
      // Each sentence is heard as about as many words as it has, where it sits in the file.
      for (const { sentence: said, startMs, endMs } of speech.sentences) {
        const heard = words.filter((w) => w.startMs >= startMs && w.endMs <= endMs);
        expect(
          Math.abs(heard.length - said.text.split(' ').length),
          `"${said.text}" heard as "${heard.map((w) => w.text).join(' ')}"`,
        ).toBeLessThanOrEqual(2);
      }
      // "he was not …" opens the file: its first word starts within the recording's lead-in.
      expect(words[0].text).toBe('he');
      expect(words[0].startMs).toBeLessThan(500);
    });

    it('charges the speech work per second when accepted, and nothing more on completion', async () => {
      expect(accepted).toMatchObject({
        assetId: asset.id,
        projectId: asset.projectId,
        language: 'en',
        state: 'queued',
        recognizer: 'pocketsphinx',
        transcript: null,
        captions: null,
      });
      const seconds = Math.ceil(speech.durationMs / 1000);
      expect(accepted.billedSeconds).toBe(seconds);
      expect(accepted.costUsd).toBeCloseTo(seconds * (0.006 / 60), 9);
      expect(walletAfterAccepting).toBeCloseTo(walletBefore - accepted.costUsd, 6);
      expect(await walletUsd(call)).toBeCloseTo(walletAfterAccepting, 6);
      expect(done.captions).toEqual({
        srt: `/transcriptions/${done.id}/captions.srt`,
        vtt: `/transcriptions/${done.id}/captions.vtt`,
      });
      const listed = await call('GET', `/assets/${asset.id}/transcriptions`);
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((t: any) => t.id)).toEqual([done.id]);
      expect(listed.body.pagination).toEqual({ nextCursor: null });
    });

    it('serves SRT and WebVTT captions that parse and match the words', async () => {
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
      expect(srtCues.length).toBeGreaterThanOrEqual(speech.sentences.length); // a second's silence always ends a cue
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
  });

  it('hears no words in sound that is not speech (tone bursts)', async () => {
    const { done } = await transcribe();
    expect(done).toMatchObject({ state: 'completed', transcript: { durationMs: SECONDS * 1000, text: '', words: [] } });
  });

  it('refuses a language the recogniser does not understand, before charging, and takes any English tag', async () => {
    const asset = await upload(call, await newProject(call), burstsPath);
    const before = await walletUsd(call);
    for (const language of ['fr', 'la', 'pt-BR']) {
      const res = await startJob(call, `/assets/${asset.id}/transcriptions`, { language });
      expect(res.status, language).toBe(400);
      expect(res.body.error.code).toBe('transcription.language_unsupported');
      expect(res.body.error.message).toContain(`"${language}"`);
      expect(res.body.error.message).toContain('English');
      expect(res.body.error).toMatchObject({ language, languages: ['en'] });
    }
    expect(await walletUsd(call)).toBe(before);
    expect((await call('GET', `/assets/${asset.id}/transcriptions`)).body.data).toEqual([]);

    const british = await startJob(call, `/assets/${asset.id}/transcriptions`, { language: 'en-GB' });
    expect(british.status).toBe(202);
    expect(british.body.data).toMatchObject({ language: 'en-GB', recognizer: 'pocketsphinx' });
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

    const other = await startJob(call, `/assets/${asset.id}/transcriptions`, { language: 'en-GB' }, key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency.key_reused');
    expect((await call('GET', `/assets/${asset.id}/transcriptions`)).body.data).toHaveLength(1);
  });

  it('stops the recogniser at once when a running transcription is cancelled', async () => {
    const long = await makeSpokenMedia(fixtures.dir, [
      sentence('0870'),
      { silenceMs: 500 },
      sentence('0920'),
      { silenceMs: 500 },
      sentence('0870'),
    ]);
    const asset = await upload(call, await newProject(call), long.path);
    const res = await startJob(call, `/assets/${asset.id}/transcriptions`, {});
    expect(res.status).toBe(202);
    // The decoder of this job is a child of the sandbox's process once it reads the sound.
    const decoders = () => childCommands(sandbox.process.pid!).filter((c) => c.startsWith('pocketsphinx'));
    await expect.poll(decoders, { timeout: 30_000, interval: 100 }).toHaveLength(1);
    const cancelled = await call('POST', `/transcriptions/${res.body.data.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', costUsd: 0 });
    await expect.poll(decoders, { timeout: 2000, interval: 50 }).toHaveLength(0);
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
