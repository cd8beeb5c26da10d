// The app's side of the upload benchmark, in a process of its own so its memory can be
// read alone: the core uploader (main/core/uploads) with its defaults — the tus chunk size
// included — sends one file and prints one JSON line with the time from the call to the
// Asset, the process's peak RSS before and after, and every answer it got.
//
//   node bench/support/uploadChild.ts '<json UploadChildConfig>'
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal } from '../../main/core/journal/journal.ts';
import { createRateBudget } from '../../main/core/rate/rateBudget.ts';
import { createUploader } from '../../main/core/uploads/uploader.ts';

export interface UploadChildConfig {
  baseUrl: string;
  apiKey: string;
  path: string;
  projectId: number;
  /** Resumable (tus) even where multipart would do. */
  resumable: boolean;
  /** The tus chunk size; the app's default when absent. */
  chunkSizeBytes?: number;
}

export interface UploadChildResult {
  method: string;
  elapsedMs: number;
  /** process.resourceUsage().maxRSS just before the upload, and at its end, in bytes. */
  maxRssBeforeBytes: number;
  maxRssAfterBytes: number;
  statuses: number[];
  assetId: number;
  /** CPU time the process spent during the upload (user + system), ms. */
  cpuMs: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as UploadChildConfig;
const journalDir = mkdtempSync(join(tmpdir(), 'clipdesk-bench-upload-journal-'));
const journal = openJournal({ dataDir: journalDir });
const statuses: number[] = [];
const uploader = createUploader({
  workspaceId: 'bench',
  baseUrl: config.baseUrl,
  getApiKey: async () => config.apiKey,
  budget: createRateBudget(),
  sessions: journal.uploads,
  onResponse: (exchange) => statuses.push(exchange.status),
  ...(config.chunkSizeBytes !== undefined && { chunkSizeBytes: config.chunkSizeBytes }),
});

try {
  const maxRssBeforeBytes = process.resourceUsage().maxRSS * 1024;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const handle = await uploader.upload({ path: config.path, projectId: config.projectId, resumable: config.resumable });
  const asset = await handle.done;
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const result: UploadChildResult = {
    method: handle.method,
    elapsedMs,
    maxRssBeforeBytes,
    maxRssAfterBytes: process.resourceUsage().maxRSS * 1024,
    statuses,
    assetId: asset.id,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (err) {
  process.stdout.write(`${JSON.stringify({ error: err instanceof Error ? err.message : String(err), statuses })}\n`);
  process.exitCode = 1;
} finally {
  await uploader.close();
  journal.close();
  rmSync(journalDir, { recursive: true, force: true });
}
