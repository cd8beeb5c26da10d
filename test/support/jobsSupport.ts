// Helpers for the jobs tests: a jobs service on a real journal and a real transport to the
// sandbox, with every answer, retry and event it produced recorded for assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobEventMap, JobEventName } from '../../shared/api/jobEvents.ts';
import type { Exchange } from '../../main/core/api/httpClient.ts';
import { createJobsService, type JobsService, type JobsTiming } from '../../main/core/jobs/jobsService.ts';
import { createJobsTransport, type JobsTransport } from '../../main/core/jobs/jobsTransport.ts';
import { openJournal, type Journal } from '../../main/core/journal/journal.ts';
import { createRateBudget, type RateBudget } from '../../main/core/rate/rateBudget.ts';
import type { ApiCall, RunningSandbox } from './sandboxProcess.ts';

/** Short waits, so a test sees many retries and polls in a few seconds. */
export const FAST_TIMING: JobsTiming = {
  outbox: { retryBaseMs: 50, retryMaxMs: 500 },
  poll: { baseMs: 200, maxMs: 1_000 },
  connection: { probeBaseMs: 100, probeMaxMs: 500 },
};
export const FAST_RETRY = { baseDelayMs: 20, maxDelayMs: 200 };

export interface RecordedRetry {
  method: string;
  path: string;
  code: string;
}

export interface JobsHarness {
  jobs: JobsService;
  journal: Journal;
  transport: JobsTransport;
  budget: RateBudget;
  exchanges: Exchange[];
  retries: RecordedRetry[];
  events: { [Name in JobEventName]: JobEventMap[Name][] };
  /** Listeners of this harness that threw (a test bug): expected to stay empty. */
  listenerErrors: string[];
  close(): Promise<void>;
}

export function tempDir(prefix = 'clipdesk-jobs-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function makeJobs(options: {
  baseUrl: string;
  apiKey: string | (() => string);
  dataDir: string;
  workspaceId?: string;
  timing?: JobsTiming;
  retry?: Record<string, number>;
}): JobsHarness {
  const exchanges: Exchange[] = [];
  const retries: RecordedRetry[] = [];
  const listenerErrors: string[] = [];
  const budget = createRateBudget();
  const key = options.apiKey;
  const transport = createJobsTransport({
    baseUrl: options.baseUrl,
    getApiKey: async () => (typeof key === 'function' ? key() : key),
    budget,
    retry: options.retry ?? FAST_RETRY,
    onResponse: (exchange) => exchanges.push(exchange),
    onRetry: ({ method, path, code }) => retries.push({ method, path, code }),
  });
  const journal = openJournal({ dataDir: options.dataDir });
  const jobs = createJobsService({
    workspaceId: options.workspaceId ?? 'ws-test',
    journal,
    transport,
    timing: options.timing ?? FAST_TIMING,
    onListenerError: (name, error) => listenerErrors.push(`${name}: ${String(error)}`),
  });
  const events = {
    'job.updated': [],
    'queue.changed': [],
    'connection.changed': [],
    'intent.updated': [],
  } as JobsHarness['events'];
  for (const name of Object.keys(events) as JobEventName[]) {
    jobs.on(name, (payload) => (events[name] as unknown[]).push(payload));
  }
  return {
    jobs,
    journal,
    transport,
    budget,
    exchanges,
    retries,
    events,
    listenerErrors,
    async close() {
      await jobs.stop();
      budget.close();
      await transport.close();
      journal.close();
    },
  };
}

export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
  /** Between two looks; a condition that asks the service spends a request of the key's 120 a minute each time. */
  intervalMs = 25,
  /** What the failure message adds: the state that was waited on, as it stood at the deadline. */
  describe?: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}${describe ? `: ${describe()}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export async function newProject(call: ApiCall, name = 'Jobs test'): Promise<{ id: number; sceneId: string }> {
  const res = await call('POST', '/projects', { body: { name } });
  if (res.status !== 201) throw new Error(`project: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, sceneId: res.body.data.scenes[0].id };
}

/** What the sandbox itself counts as created (GET /_sandbox/stats). */
export async function sandboxStats(
  sandbox: RunningSandbox,
): Promise<{ projects: number; assets: number; generations: number; exports: number }> {
  const res = await sandbox.admin('GET', '/_sandbox/stats');
  if (res.status !== 200) throw new Error(`stats: ${res.status}`);
  return ((await res.json()) as { data: { projects: number; assets: number; generations: number; exports: number } })
    .data;
}

export async function setFaults(sandbox: RunningSandbox, faults: Record<string, number | boolean>): Promise<void> {
  const res = await sandbox.admin('POST', '/_sandbox/faults', faults);
  if (res.status !== 200) throw new Error(`faults: ${res.status} ${await res.text()}`);
}

/** A cheap image generation of a project (sketch-image-1). */
export function generationInput(project: { id: number; sceneId: string }, prompt: string) {
  return { projectId: project.id, sceneId: project.sceneId, modelId: 'sketch-image-1', prompt };
}

/** Every generation of a project, as the sandbox lists them. */
export async function projectGenerations(call: ApiCall, projectId: number): Promise<any[]> {
  const all: any[] = [];
  let after: string | null = null;
  do {
    const res = await call('GET', `/generations?projectId=${projectId}&limit=100${after ? `&after=${after}` : ''}`);
    if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.body)}`);
    all.push(...res.body.data);
    after = res.body.pagination.nextCursor;
  } while (after);
  return all;
}
