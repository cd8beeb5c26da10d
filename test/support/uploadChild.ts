// A separate process that uploads one file with the core uploader, for
// test/integration/coreUploads.test.ts: an "app" that can be killed mid-upload (SIGKILL,
// when `killAtBytes` of the file have gone out) or whose memory is measured.
//
//   node uploadChild.ts '<json UploadChildConfig>'
//
// It prints one JSON line per step: {"started": uploadId, "method"}, then {"asset", "memory"}
// when the upload finishes, or {"error": …}.
import { createRateBudget } from '../../main/core/rate/rateBudget.ts';
import { openJournal } from '../../main/core/journal/journal.ts';
import { createUploader } from '../../main/core/uploads/uploader.ts';

export interface UploadChildConfig {
  journalDir: string;
  workspaceId: string;
  baseUrl: string;
  apiKey: string;
  path: string;
  projectId: number;
  resumable?: boolean;
  chunkSizeBytes?: number;
  /** SIGKILL itself once this many bytes of the file went out. */
  killAtBytes?: number;
}

export interface ChildMemory {
  /** process.memoryUsage().rss sampled every 20 ms during the upload, minus the sample just before it. */
  sampledGrowthBytes: number;
  /** process.resourceUsage().maxRSS at the end minus just before the upload, in bytes. */
  maxRssGrowthBytes: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as UploadChildConfig;
const say = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);

const journal = openJournal({ dataDir: config.journalDir });
const uploader = createUploader({
  workspaceId: config.workspaceId,
  baseUrl: config.baseUrl,
  getApiKey: async () => config.apiKey,
  budget: createRateBudget(),
  sessions: journal.uploads,
  chunkSizeBytes: config.chunkSizeBytes,
  progressIntervalMs: 0,
});
if (config.killAtBytes !== undefined) {
  const killAt = config.killAtBytes;
  uploader.subscribe((event) => {
    if (event.name === 'upload.progress' && event.payload.bytesSent >= killAt) process.kill(process.pid, 'SIGKILL');
  });
}

const baselineRss = process.memoryUsage().rss;
const baselineMaxRss = process.resourceUsage().maxRSS * 1024;
let peakRss = baselineRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

try {
  const handle = await uploader.upload({ path: config.path, projectId: config.projectId, resumable: config.resumable });
  say({ started: handle.id, method: handle.method });
  const asset = await handle.done;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const memory: ChildMemory = {
    sampledGrowthBytes: peakRss - baselineRss,
    maxRssGrowthBytes: process.resourceUsage().maxRSS * 1024 - baselineMaxRss,
  };
  say({ asset, memory });
} catch (err) {
  say({ error: err instanceof Error ? { message: err.message, code: (err as { code?: unknown }).code } : String(err) });
} finally {
  clearInterval(sampler);
  await uploader.close();
  journal.close();
}
