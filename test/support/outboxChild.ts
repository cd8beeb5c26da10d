// A separate app process running the jobs outbox on a journal, for the crash tests in
// test/integration/jobsOutbox.test.ts. It prints one JSON line per thing the parent needs
// to know, the moment it happens:
//   {"answer": <status>}                          a POST was answered (before the outbox recorded it)
//   {"intent": <id>, "state": …, "jobId": …}      an intent moved on
//
//   node outboxChild.ts <dataDir> <baseUrl> <apiKey> <workspaceId> <killAtAnswer>
// With killAtAnswer N > 0 it SIGKILLs itself as the N-th POST answer arrives, after the
// service made the job but before the outbox could record it (the crash rule 1 guards
// against). With 0 it runs until the parent kills it.
import { createJobsService } from '../../main/core/jobs/jobsService.ts';
import { createJobsTransport } from '../../main/core/jobs/jobsTransport.ts';
import { openJournal } from '../../main/core/journal/journal.ts';
import { createRateBudget } from '../../main/core/rate/rateBudget.ts';
import { FAST_RETRY, FAST_TIMING } from './jobsSupport.ts';

const [dataDir, baseUrl, apiKey, workspaceId, killText = '0'] = process.argv.slice(2);
if (!dataDir || !baseUrl || !apiKey || !workspaceId) {
  throw new Error('usage: outboxChild.ts <dataDir> <baseUrl> <apiKey> <workspaceId> <killAtAnswer>');
}
const killAt = Number(killText);
let answers = 0;

const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

const transport = createJobsTransport({
  baseUrl,
  getApiKey: async () => apiKey,
  budget: createRateBudget(),
  retry: FAST_RETRY,
  onResponse(exchange) {
    if (exchange.method !== 'POST') return;
    say({ answer: exchange.status });
    if (exchange.status < 300 && ++answers === killAt) process.kill(process.pid, 'SIGKILL');
  },
});
const jobs = createJobsService({ workspaceId, journal: openJournal({ dataDir }), transport, timing: FAST_TIMING });
jobs.on('intent.updated', ({ intent }) => say({ intent: intent.id, state: intent.state, jobId: intent.jobId }));
jobs.start();
