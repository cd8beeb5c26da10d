// An app process for test/soak/uploads.test.ts: it makes sure each of a few media files
// becomes an asset, one after another, resumably (tus), with the core uploader on a journal — resuming what
// the journal holds after a crash, resuming uploads that paused while the service could
// not be reached, and uploading anew (as the user would) a file whose earlier upload
// cannot go on. It runs until the parent kills it.
//
//   node soakUploadChild.ts '<json SoakUploadChildConfig>'
//
// It appends {"session", "file"} to the report file (a plain file: the line survives a
// SIGKILL right after) for every upload session it learns of, and prints {"ready": pid},
// {"patch": n} the moment a chunk (PATCH) leaves, and {"allDone": {file: assetId}} once
// every file has a completed session in the journal.
import { openSync, readFileSync, writeSync } from 'node:fs';
import { openJournal } from '../../main/core/journal/journal.ts';
import { createRateBudget } from '../../main/core/rate/rateBudget.ts';
import { createUploader } from '../../main/core/uploads/uploader.ts';
import { recordRequests } from './soakRequestLog.ts';

export interface SoakUploadChildConfig {
  journalDir: string;
  workspaceId: string;
  baseUrl: string;
  apiKey: string;
  projectId: number;
  files: string[];
  chunkSizeBytes: number;
  retryDelaysMs: number[];
  /** Sessions and their files, across every run (appended). */
  report: string;
  /** This run's request log. */
  requestLog: string;
}

const config = JSON.parse(process.argv[2] ?? '{}') as SoakUploadChildConfig;
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

const log = recordRequests(config.requestLog, (line) => {
  if (line.method === 'PATCH') say({ patch: line.n });
});
const journal = openJournal({ dataDir: config.journalDir });
const reportFd = openSync(config.report, 'a');
/** Session ID → the file it uploads, as far as any run knew. */
const sessionsOf = new Map<string, string>();
for (const line of readFileSync(config.report, 'utf8').split('\n').filter(Boolean)) {
  const { session, file } = JSON.parse(line) as { session: string; file: string };
  sessionsOf.set(session, file);
}
function remember(session: string, file: string): void {
  if (sessionsOf.has(session)) return;
  sessionsOf.set(session, file);
  writeSync(reportFd, `${JSON.stringify({ session, file })}\n`);
}
// Known before anything can move them on: a session started just before the last crash.
for (const session of journal.uploads.listOpen(config.workspaceId)) remember(session.id, session.filePath);

const uploader = createUploader({
  workspaceId: config.workspaceId,
  baseUrl: config.baseUrl,
  getApiKey: async () => config.apiKey,
  budget: createRateBudget(),
  sessions: journal.uploads,
  chunkSizeBytes: config.chunkSizeBytes,
  retryDelaysMs: config.retryDelaysMs,
  progressIntervalMs: 0,
  onResponse: log.answered,
});
say({ ready: process.pid });
await uploader.resumeAll();

/** The file's completed session's asset, 'active' while one of its uploads is under way, or null. */
function standing(file: string): string | 'active' | null {
  let active = false;
  for (const [id, path] of sessionsOf) {
    if (path !== file) continue;
    const session = journal.uploads.get(id);
    if (session?.state === 'completed') return session.assetId;
    if (uploader.get(id)) active = true;
  }
  return active ? 'active' : null;
}

for (;;) {
  const assets: Record<string, string> = {};
  let busy = false;
  for (const file of config.files) {
    const now = standing(file);
    if (now === 'active') busy = true;
    else if (now !== null) assets[file] = now;
    else if (!busy) {
      // One file at a time, in order, as the user added them.
      const handle = await uploader.upload({ path: file, projectId: config.projectId, resumable: true });
      remember(handle.id, file);
      busy = true;
    }
  }
  // The service was away for longer than tus's retries: go on, as the app does when it is back.
  for (const handle of uploader.active()) if (handle.progress().state === 'paused') void handle.resume();
  if (Object.keys(assets).length === config.files.length) {
    say({ allDone: assets });
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}
// An app stays up with nothing left to do; only the parent's SIGKILL ends it.
setInterval(() => undefined, 60_000);
