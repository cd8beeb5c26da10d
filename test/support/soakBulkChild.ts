// An app process for test/soak/bulkSend.test.ts: at startup it recovers the journal (a
// submission caught mid-send becomes `unknown`), then sends every bulk's `pending`
// submissions, and runs until the parent kills it. It never resends an `unknown` one: that
// takes the user's word, which only the parent gives, at the end.
//
//   node soakBulkChild.ts '<json SoakBulkChildConfig>'
//
// It prints {"ready": pid, "recovered": n}, then {"submission", "state"} for every step of a
// submission (`sending` the moment it is committed, just before its request leaves), and
// {"idle": true} once nothing is pending.
import { openJournal } from '../../main/core/journal/journal.ts';
import { createBulkSender } from '../../main/core/messaging/bulkSend.ts';
import { createMessagingClient } from '../../main/core/messaging/messagingClient.ts';

export interface SoakBulkChildConfig {
  dataDir: string;
  baseUrl: string;
  apiKey: string;
  workspaceId: string;
}

const config = JSON.parse(process.argv[2] ?? '{}') as SoakBulkChildConfig;
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

const journal = openJournal({ dataDir: config.dataDir });
const { unknownSubmissions } = journal.recoverAtStartup();
say({ ready: process.pid, recovered: unknownSubmissions });
const client = createMessagingClient({
  baseUrl: config.baseUrl,
  getApiKey: async () => config.apiKey,
  defaultCountry: 'US',
});
const sender = createBulkSender({
  client,
  sendLog: journal.messaging,
  workspaceId: config.workspaceId,
  defaultCountry: 'US',
  offlineRetry: { baseMs: 50, maxMs: 200 },
  onProgress: (event) => say({ submission: event.submission, state: event.state }),
});
// A run stops after a submission that did not go out as `sent`, so the user sees it; the
// pending ones after it are still theirs to send, so the app goes on with them.
while (journal.messaging.list(config.workspaceId, 'pending').length > 0) await sender.resumePending();
say({ idle: true });
// An app stays up with nothing left to do; only the parent's SIGKILL ends it.
setInterval(() => undefined, 60_000);
