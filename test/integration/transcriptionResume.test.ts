// A long transcription survives the service being killed (issue 26, "Long transcription"): about
// a minute of recorded speech, recognised in chunks of about 8 s (--transcribe-chunk-ms), is
// interrupted by SIGKILL once at least one chunk's words are stored; the service started again
// on the same data folder resumes the job at the chunks not yet stored (its log and the stored
// rows say which were recognised), the final words equal those of an uninterrupted run of the
// same asset, and the wallet was charged once per job.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { signIn } from '../support/session.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import { newProject, settle, startJob, upload, walletUsd } from '../support/speechFixtures.ts';
import { librivoxSentences, makeSpokenMedia, type SpokenPart } from '../support/spokenMedia.ts';

const fixtures = makeFixtureDir();
const CHUNK_MS = 8_000;
const ARGS = ['--transcribe-chunk-ms', String(CHUNK_MS)];
let sandbox: RunningSandbox | undefined;
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

async function newKey(running: RunningSandbox): Promise<ApiCall> {
  const session = await signIn(running);
  const issued = await session.call('POST', '/keys', { body: { name: `resume ${randomUUID()}`, expiresInDays: 1 } });
  expect(issued.status).toBe(201);
  return apiClient(running.createBaseUrl, issued.body.data.token);
}

/** The chunk rows stored for a transcription, read from the killed service's database. */
function storedChunks(dataDir: string, id: number): number[] {
  const db = new DatabaseSync(join(dataDir, 'sandbox.sqlite'));
  try {
    const rows = db
      .prepare('SELECT chunk_index FROM transcription_chunks WHERE transcription_id = ? ORDER BY chunk_index')
      .all(id) as { chunk_index: number }[];
    return rows.map((r) => r.chunk_index);
  } finally {
    db.close();
  }
}

describe('a long transcription killed mid-way', () => {
  it('resumes at the chunks not yet stored, ends with the words of an uninterrupted run, and charges once', async () => {
    // The five LibriVox sentences twice over, a second apart: about a minute of speech.
    const parts: SpokenPart[] = [];
    for (let round = 0; round < 2; round++) for (const s of librivoxSentences()) parts.push(s, { silenceMs: 1000 });
    const speech = await makeSpokenMedia(fixtures.dir, parts);
    expect(speech.durationMs).toBeGreaterThan(55_000);

    sandbox = await startSandboxProcess({ jobSeconds: 0.2, args: ARGS });
    let call = await newKey(sandbox);
    const asset = await upload(call, await newProject(call), speech.path);
    const walletBefore = await walletUsd(call);
    const res = await startJob(call, `/assets/${asset.id}/transcriptions`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const id = res.body.data.id as number;
    const costUsd = res.body.data.costUsd as number;
    expect(costUsd).toBeGreaterThan(0);

    // Progress while it runs: the words so far and how much of the sound they cover.
    let partial: any = null;
    const deadline = Date.now() + 90_000;
    while (!partial && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      const read = await call('GET', `/transcriptions/${id}`);
      expect(read.body.data.state, JSON.stringify(read.body.data.error)).toMatch(/queued|running/);
      partial = read.body.data.partial;
    }
    sandbox.process.kill('SIGKILL');
    await new Promise((r) => sandbox!.process.once('exit', r));
    expect(partial, 'no chunk finished in 90 s').not.toBeNull();
    expect(partial.chunks.done).toBeGreaterThanOrEqual(1);
    expect(partial.doneMs).toBeGreaterThan(0);
    expect(partial.words.length).toBeGreaterThan(0);

    const stored = storedChunks(sandbox.dataDir, id);
    const total = partial.chunks.total as number;
    expect(total).toBeGreaterThanOrEqual(4);
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(stored.length, 'the job finished before it was killed').toBeLessThan(total);

    sandbox = await sandbox.restart(ARGS);
    call = await newKey(sandbox);
    const resumed = await settle(call, `/transcriptions/${id}`, 180_000);
    expect(resumed.state, JSON.stringify(resumed.error)).toBe('completed');
    expect(resumed.partial).toBeNull();
    // Only the chunks not stored before the kill were recognised after the restart.
    const log = sandbox.stderr();
    expect(log).toContain(
      `transcription ${id}: recognising ${total - stored.length} of ${total} chunks (${stored.length} stored)`,
    );
    const recognisedAgain = [
      ...log.matchAll(new RegExp(`transcription ${id}: chunk (\\d+) of ${total} recognised`, 'g')),
    ]
      .map((m) => Number(m[1]) - 1)
      .sort((a, b) => a - b);
    const missing = Array.from({ length: total }, (_, i) => i).filter((i) => !stored.includes(i));
    expect(recognisedAgain).toEqual(missing);

    // The same asset transcribed without interruption hears the same words at the same times.
    const again = await startJob(call, `/assets/${asset.id}/transcriptions`, {});
    expect(again.status).toBe(202);
    const uninterrupted = await settle(call, `/transcriptions/${again.body.data.id}`, 180_000);
    expect(uninterrupted.state).toBe('completed');
    expect(resumed.transcript.words.length).toBeGreaterThan(50);
    expect(resumed.transcript.words).toEqual(uninterrupted.transcript.words);
    expect(resumed.transcript.text).toBe(uninterrupted.transcript.text);
    // Words in time order, none doubled at a join.
    resumed.transcript.words.slice(1).forEach((w: any, i: number) => {
      expect(w.startMs).toBeGreaterThanOrEqual(resumed.transcript.words[i].endMs);
    });

    // Charged once per job: the resume charged nothing.
    expect(resumed.costUsd).toBe(costUsd);
    expect(await walletUsd(call)).toBeCloseTo(walletBefore - costUsd - uninterrupted.costUsd, 6);
  }, 420_000);
});
