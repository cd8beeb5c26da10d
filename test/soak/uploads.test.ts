// Fault soak of resumable uploads: an app uploading three real media files (one of them in
// several tus chunks) is SIGKILLed at 30 random moments — while starting, just after a chunk
// left, at random — against a sandbox that cuts 15% of connections. Each restart resumes
// from the journal. At the end every file is exactly one asset whose bytes, as the service
// serves them, are the file's own.
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openJournal } from '../../main/core/journal/journal.ts';
import { sandboxStats, setFaults, tempDir } from '../support/jobsSupport.ts';
import { makeFixtureDir, makeMp4, makePng, makeWav, sha256OfFile } from '../support/mediaFixtures.ts';
import { afterLine, afterSpawn, killLoop, seededRandom, soakSeed, startChild } from '../support/soakChildren.ts';
import { readRequestLog, type LoggedRequest } from '../support/soakRequestLog.ts';
import { steadyBytes, steadyCall } from '../support/soakService.ts';
import type { SoakUploadChildConfig } from '../support/soakUploadChild.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

const CHILD = resolve(import.meta.dirname, '../support/soakUploadChild.ts');
const WORKSPACE = 'ws-soak-uploads';
const KILLS = 30;
const KiB = 1024;
const CHUNK = 64 * KiB;

let sandbox: RunningSandbox;
let call: ApiCall;
let data: { dir: string; remove(): void };
let fixtures: { dir: string; cleanup(): void };

beforeAll(async () => {
  sandbox = await startSandboxProcess({ args: ['--drop-share', '0.15', '--latency-ms', '35'] });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  data = tempDir('clipdesk-soak-uploads-');
  fixtures = makeFixtureDir();
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  data?.remove();
  fixtures?.cleanup();
});

/** A real MP4 grown to about `totalBytes` by a trailing `free` box of random bytes (players skip it). */
async function largeMp4(totalBytes: number): Promise<string> {
  const path = await makeMp4(fixtures.dir, { seconds: 1 });
  const padding = totalBytes - statSync(path).size - 16;
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write('free', 4, 'latin1');
  header.writeBigUInt64BE(BigInt(padding + 16), 8);
  appendFileSync(path, Buffer.concat([header, randomBytes(padding)]));
  return path;
}

it(`three media files survive ${KILLS} SIGKILLs mid-upload with dropped connections: each one asset, byte-identical`, async () => {
  const seed = soakSeed();
  const random = seededRandom(seed);
  const started = Date.now();

  const created = await steadyCall(call, 'POST', '/projects', { body: { name: 'Soak uploads' } });
  expect(created.status).toBe(201);
  const projectId = created.body.data.id as number;
  const files = [await largeMp4(1024 * KiB), await makeWav(fixtures.dir, { seconds: 2 }), await makePng(fixtures.dir)];
  expect(statSync(files[0]!).size).toBeGreaterThan(10 * CHUNK);

  const report = join(data.dir, 'sessions.jsonl');
  appendFileSync(report, '');
  const logs: string[] = [];
  const startApp = (round: number | 'final') => {
    const requestLog = join(data.dir, `requests-${round}.jsonl`);
    logs.push(requestLog);
    const config: SoakUploadChildConfig = {
      journalDir: data.dir,
      workspaceId: WORKSPACE,
      baseUrl: sandbox.createBaseUrl,
      apiKey: sandbox.apiKey,
      projectId,
      files,
      chunkSizeBytes: CHUNK,
      retryDelaysMs: [50, 100, 200, 400],
      report,
      requestLog,
    };
    return startChild(CHILD, [JSON.stringify(config)]);
  };

  const kills = await killLoop({
    kills: KILLS,
    random,
    moments: [
      afterSpawn('while starting', 0.1, [0, 300]),
      // Mid-chunk: before it reaches the service, while it is written, or before the journal has its offset.
      afterLine('just after a chunk left', 0.5, (line) => typeof line.patch === 'number', [0, 80], 1_500),
      afterLine('at random while working', 0.4, (line) => typeof line.ready === 'number', [20, 600], 20_000),
    ],
    start: startApp,
    beforeEach: () => setFaults(sandbox, { latencyMs: 20 + Math.floor(random() * 31) }),
  });
  const killPhase = Date.now() - started;

  const last = startApp('final');
  let assets: Record<string, string>;
  try {
    assets = (await last.waitFor((line) => line.allDone, 'that every file is an asset', 150_000)).allDone;
  } finally {
    await last.kill();
  }

  // One asset per file, and no other.
  await setFaults(sandbox, { dropShare: 0, latencyMs: 0 });
  const assetIds = files.map((file) => Number(assets[file]));
  expect(new Set(assetIds).size).toBe(files.length);
  expect((await sandboxStats(sandbox)).assets).toBe(files.length);
  const listed = await steadyCall(call, 'GET', `/assets?projectId=${projectId}&limit=100`);
  expect((listed.body.data as { id: number }[]).map((a) => a.id).sort()).toEqual([...assetIds].sort());

  // Each asset holds exactly the file's bytes.
  for (const [i, file] of files.entries()) {
    const bytes = await steadyBytes(`${sandbox.createBaseUrl}/assets/${assetIds[i]}/content`, sandbox.apiKey);
    expect(createHash('sha256').update(bytes).digest('hex'), file).toBe(sha256OfFile(file));
  }

  // The journal agrees: each file has exactly one completed session, naming its asset.
  const journal = openJournal({ dataDir: data.dir });
  try {
    const sessionIds = readFileSync(report, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { session: string }).session);
    const sessions = sessionIds.map((id) => journal.uploads.get(id)!);
    for (const [i, file] of files.entries()) {
      const completed = sessions.filter((s) => s.filePath === file && s.state === 'completed');
      expect(completed.map((s) => Number(s.assetId))).toEqual([assetIds[i]]);
    }
    expect(journal.uploads.listOpen(WORKSPACE)).toEqual([]);

    const all = logs.flatMap((path) => readLogIfAny(path));
    const answers = all.filter((l) => l.ev === 'answer');
    console.log(
      `uploads soak: ${JSON.stringify({
        seed,
        kills: kills.length,
        killMoments: Object.fromEntries(
          [...new Set(kills.map((k) => k.moment))].map((m) => [m, kills.filter((k) => k.moment === m).length]),
        ),
        killsWithUploadTraffic: logs
          .slice(0, KILLS)
          .filter((path) => readLogIfAny(path).some((l) => l.ev === 'create' && l.method !== 'GET')).length,
        sessions: sessions.length,
        sessionStates: Object.fromEntries(
          [...new Set(sessions.map((s) => s.state))].map((st) => [st, sessions.filter((s) => s.state === st).length]),
        ),
        creations: answers.filter((a) => a.method === 'POST' && a.status === 201).length,
        chunksAccepted: answers.filter((a) => a.method === 'PATCH' && a.status === 204).length,
        heads: answers.filter((a) => a.method === 'HEAD').length,
        dropped: all.filter((l) => l.ev === 'error').length,
        rateLimited429: answers.filter((a) => a.status === 429).length,
        killPhaseS: Math.round(killPhase / 100) / 10,
        totalS: Math.round((Date.now() - started) / 100) / 10,
      })}`,
    );
    expect(
      all.some((l) => l.ev === 'error'),
      'some connections were dropped',
    ).toBe(true);
  } finally {
    journal.close();
  }
});

function readLogIfAny(path: string): LoggedRequest[] {
  try {
    return readRequestLog(path);
  } catch {
    return []; // killed before it opened its log
  }
}
