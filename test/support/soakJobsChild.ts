// An app process for test/soak/paidIntents.test.ts: the jobs service (outbox + poller) on a
// journal, against the sandbox, with every request it makes written to a request log. It
// recovers and drains whatever the journal holds open, and runs until the parent kills it.
//
//   node soakJobsChild.ts '<json SoakJobsChildConfig>'
//
// It prints {"ready": pid} once the service has started (the journal is open and recovery
// has begun), {"post": n} the moment it issues a POST (so the parent can aim a kill at the
// request), and {"open": n} whenever the number of open intents changes.
import { createJobsService } from '../../main/core/jobs/jobsService.ts';
import { createJobsTransport } from '../../main/core/jobs/jobsTransport.ts';
import { openJournal } from '../../main/core/journal/journal.ts';
import { createRateBudget } from '../../main/core/rate/rateBudget.ts';
import { FAST_RETRY, FAST_TIMING } from './jobsSupport.ts';
import { recordRequests } from './soakRequestLog.ts';

export interface SoakJobsChildConfig {
  dataDir: string;
  baseUrl: string;
  apiKey: string;
  workspaceId: string;
  /** This process's request log (test/support/soakRequestLog.ts). */
  requestLog: string;
}

const config = JSON.parse(process.argv[2] ?? '{}') as SoakJobsChildConfig;
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

const log = recordRequests(config.requestLog, (line) => {
  if (line.method === 'POST') say({ post: line.n });
});
const journal = openJournal({ dataDir: config.dataDir });
const transport = createJobsTransport({
  baseUrl: config.baseUrl,
  getApiKey: async () => config.apiKey,
  budget: createRateBudget(),
  retry: FAST_RETRY,
  onResponse: log.answered,
});
const jobs = createJobsService({ workspaceId: config.workspaceId, journal, transport, timing: FAST_TIMING });
let open = -1;
jobs.on('intent.updated', () => {
  const now = journal.intents.listOpen(config.workspaceId).length;
  if (now !== open) say({ open: (open = now) });
});
jobs.start();
// An app stays up with nothing left to do; only the parent's SIGKILL ends it.
setInterval(() => undefined, 60_000);
say({ ready: process.pid });
