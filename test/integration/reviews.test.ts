// Reviews against the real sandbox: a clip with a black stretch and a silent stretch is
// reported at the right times, captions are checked from the asset's transcription, the
// review.completed webhook reaches a real receiver on 127.0.0.1 with a valid signature,
// and inapplicable or bad requests are refused.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeFixtureDir, makePng } from '../support/mediaFixtures.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import {
  makeClipWithGaps,
  makeQuietWav,
  newProject,
  settle,
  startJob,
  upload,
  walletUsd,
} from '../support/speechFixtures.ts';
import { makeSpokenMedia, sentence } from '../support/spokenMedia.ts';

const fixtures = makeFixtureDir();
afterAll(() => fixtures.cleanup());

const BLACK = { startMs: 2000, endMs: 4000 };
const SILENT = { startMs: 3000, endMs: 5500 };
/** blackdetect and silencedetect see whole frames (10 fps) and audio frames. */
const TOLERANCE_MS = 150;

interface Delivery {
  raw: Buffer;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

async function startReceiver() {
  const received: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({ raw, headers: req.headers, body: JSON.parse(raw.toString('utf8')) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(find: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function near(actual: number, expected: number): void {
  expect(
    Math.abs(actual - expected),
    `${actual} ms is within ${TOLERANCE_MS} ms of ${expected} ms`,
  ).toBeLessThanOrEqual(TOLERANCE_MS);
}

describe('reviews', () => {
  let sandbox: RunningSandbox;
  let session: SignedIn;
  let call: ApiCall;
  let clipPath: string;

  beforeAll(async () => {
    sandbox = await startSandboxProcess({
      jobSeconds: 0.3,
      args: ['--allow-insecure-webhooks', '--webhook-retry-base-ms', '100'],
    });
    session = await signIn(sandbox);
    clipPath = await makeClipWithGaps(fixtures.dir, { seconds: 6, black: BLACK, silent: SILENT });
  });
  afterAll(() => sandbox?.stop({ removeData: true }));
  beforeEach(async () => {
    const issued = await session.call('POST', '/keys', { body: { name: 'reviews test', expiresInDays: 1 } });
    expect(issued.status).toBe(201);
    call = apiClient(sandbox.createBaseUrl, issued.body.data.token);
  });
  // Each test's webhook endpoints only: an event goes to every endpoint of the account.
  afterEach(async () => {
    for (const endpoint of (await call('GET', '/webhooks?limit=100')).body.data)
      await call('DELETE', `/webhooks/${endpoint.id}`);
  });

  it('finds the black stretch and the silent stretch at the right times, free of charge, and announces review.completed to a signed webhook', async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = await call('POST', '/webhooks', { body: { url: receiver.url, events: ['review.completed'] } });
      expect(endpoint.status).toBe(201);
      const asset = await upload(call, await newProject(call), clipPath);
      const before = await walletUsd(call);

      const res = await startJob(call, `/assets/${asset.id}/reviews`, {});
      expect(res.status).toBe(202);
      expect(res.body.data).toMatchObject({
        assetId: asset.id,
        state: 'queued',
        aspects: ['frames', 'sound', 'motion', 'captions'],
        findings: null,
        costUsd: 0,
      });
      const done = await settle(call, `/reviews/${res.body.data.id}`);
      expect(done.state).toBe('completed');

      const black = done.findings.filter((f: any) => f.aspect === 'frames');
      expect(black).toHaveLength(1);
      expect(black[0].severity).toBe('warning');
      near(black[0].startMs, BLACK.startMs);
      near(black[0].endMs, BLACK.endMs);
      expect(black[0].message).toMatch(/black/i);

      const silences = done.findings.filter((f: any) => f.aspect === 'sound' && /no sound/i.test(f.message));
      expect(silences).toHaveLength(1);
      near(silences[0].startMs, SILENT.startMs);
      near(silences[0].endMs, SILENT.endMs);

      // The black stretch is also a frozen picture; it is reported once, under frames.
      expect(done.findings.filter((f: any) => f.aspect === 'motion')).toEqual([]);
      // No transcription yet: the captions cannot be checked, and the review says what to do.
      const captions = done.findings.filter((f: any) => f.aspect === 'captions');
      expect(captions).toHaveLength(1);
      expect(captions[0].message).toContain(`/assets/${asset.id}/transcriptions`);
      expect(done.transcriptionId).toBeNull();
      expect(done.findings.map((f: any) => f.startMs)).toEqual(
        [...done.findings.map((f: any) => f.startMs)].sort((a, b) => a - b),
      );
      expect(await walletUsd(call)).toBe(before);

      const delivery = await until(
        () => receiver.received.find((d) => d.body.data?.id === done.id),
        'the review.completed delivery',
      );
      expect(delivery.body).toMatchObject({
        type: 'review.completed',
        data: {
          kind: 'review',
          id: done.id,
          assetId: asset.id,
          projectId: asset.projectId,
          state: 'completed',
          findingsCount: done.findings.length,
        },
      });
      const timestamp = String(delivery.headers['x-service-timestamp']);
      const signature = createHmac('sha256', endpoint.body.data.secret)
        .update(Buffer.concat([Buffer.from(`${timestamp}.`), delivery.raw]))
        .digest('hex');
      expect(String(delivery.headers['x-service-signature'])).toContain(`v1=${signature}`);
    } finally {
      await receiver.close();
    }
  });

  it('checks captions against the latest completed transcription, and reviews only the aspects asked for', async () => {
    // A sentence, a pause, then one word cut from another recording ("… young man"): a caption that flashes by.
    const speech = await makeSpokenMedia(fixtures.dir, [
      sentence('0930'),
      { silenceMs: 1200 },
      { of: sentence('0880'), fromMs: 2250, toMs: 2850 },
    ]);
    const asset = await upload(call, await newProject(call), speech.path);
    const transcription = await startJob(call, `/assets/${asset.id}/transcriptions`, {});
    expect(transcription.status).toBe(202);
    const transcribed = await settle(call, `/transcriptions/${transcription.body.data.id}`, 120_000);
    expect(transcribed.state).toBe('completed');

    const res = await startJob(call, `/assets/${asset.id}/reviews`, { aspects: ['captions'] });
    expect(res.status).toBe(202);
    expect(res.body.data.aspects).toEqual(['captions']);
    const done = await settle(call, `/reviews/${res.body.data.id}`);
    expect(done).toMatchObject({ state: 'completed', transcriptionId: transcribed.id });
    expect(done.findings.every((f: any) => f.aspect === 'captions')).toBe(true);
    // The words heard after the pause make the last caption, up for less than 0.7 s.
    const afterPause = transcribed.transcript.words.filter((w: any) => w.startMs >= speech.sentences[0]!.endMs);
    expect(afterPause.length, JSON.stringify(transcribed.transcript.words)).toBeGreaterThan(0);
    const short = done.findings.find((f: any) => f.severity === 'info' && f.startMs === afterPause[0].startMs);
    expect(short).toMatchObject({ endMs: afterPause.at(-1).endMs });
    expect(short.message).toMatch(/shows for only/);
  });

  it('reviews an audio asset for sound and captions only, and flags a quiet recording', async () => {
    const asset = await upload(call, await newProject(call), await makeQuietWav(fixtures.dir, 4));
    const res = await startJob(call, `/assets/${asset.id}/reviews`, {});
    expect(res.status).toBe(202);
    expect(res.body.data.aspects).toEqual(['sound', 'captions']);
    const done = await settle(call, `/reviews/${res.body.data.id}`);
    const quiet = done.findings.find((f: any) => f.aspect === 'sound' && /quiet/i.test(f.message));
    expect(quiet).toMatchObject({ severity: 'warning', startMs: 0, endMs: 4000 });

    const pictureOnAudio = await startJob(call, `/assets/${asset.id}/reviews`, { aspects: ['sound', 'motion'] });
    expect(pictureOnAudio.status).toBe(400);
    expect(pictureOnAudio.body.error.message).toContain('aspects');
    expect(pictureOnAudio.body.error.message).toContain('motion');
  });

  it("refuses an image, unknown or repeated aspects, and lists an asset's reviews newest first", async () => {
    const projectId = await newProject(call);
    const image = await upload(call, projectId, await makePng(fixtures.dir));
    const onImage = await startJob(call, `/assets/${image.id}/reviews`, {});
    expect(onImage.status).toBe(400);
    expect(onImage.body.error.code).toBe('media.kind_not_supported');

    const asset = await upload(call, projectId, clipPath);
    const unknown = await startJob(call, `/assets/${asset.id}/reviews`, { aspects: ['colour'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('aspects');
    const repeated = await startJob(call, `/assets/${asset.id}/reviews`, { aspects: ['sound', 'sound'] });
    expect(repeated.status).toBe(400);
    expect(repeated.body.error.message).toContain('twice');

    const first = await startJob(call, `/assets/${asset.id}/reviews`, { aspects: ['frames'] });
    const second = await startJob(call, `/assets/${asset.id}/reviews`, { aspects: ['motion'] });
    const page = await call('GET', `/assets/${asset.id}/reviews?limit=1`);
    expect(page.body.data.map((r: any) => r.id)).toEqual([second.body.data.id]);
    const next = await call('GET', `/assets/${asset.id}/reviews?limit=1&after=${page.body.pagination.nextCursor}`);
    expect(next.body.data.map((r: any) => r.id)).toEqual([first.body.data.id]);
    expect(next.body.pagination.nextCursor).toBeNull();
    await settle(call, `/reviews/${first.body.data.id}`);
    await settle(call, `/reviews/${second.body.data.id}`);
  });

  it('announces review.cancelled when a review is cancelled', async () => {
    const receiver = await startReceiver();
    try {
      expect(
        (await call('POST', '/webhooks', { body: { url: receiver.url, events: ['review.cancelled'] } })).status,
      ).toBe(201);
      const asset = await upload(call, await newProject(call), clipPath);
      await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 100 });
      let id: number;
      try {
        id = (await startJob(call, `/assets/${asset.id}/reviews`, {})).body.data.id;
      } finally {
        await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 1 });
      }
      const cancelled = await call('POST', `/reviews/${id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data).toMatchObject({ state: 'cancelled', findings: null });
      const delivery = await until(
        () => receiver.received.find((d) => d.body.data?.id === id),
        'the review.cancelled delivery',
      );
      expect(delivery.body).toMatchObject({
        type: 'review.cancelled',
        data: { id, state: 'cancelled', findingsCount: 0 },
      });
      expect((await call('POST', `/reviews/${id}/cancel`)).status).toBe(409);
    } finally {
      await receiver.close();
    }
  });
});
