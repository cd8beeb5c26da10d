// A separate process that runs a bulk send on a journal, for test/integration/messagingBulk.test.ts.
// It appends every progress event as a JSON line to a report file (a plain file: the line
// survives the process being killed right after), so the parent knows exactly how far it got.
//
//   node bulkSendChild.ts <mode> <dataDir> <report> <messagingBaseUrl> <apiKey> <count> <tag> [killAt]
//     self-kill  SIGKILLs itself the moment submission killAt is committed `sending` (before its request leaves)
//     run        runs the bulk to the end, or until the parent kills it
import { openSync, writeSync } from 'node:fs';
import { createBulkSender } from '../../main/core/messaging/bulkSend.ts';
import { createMessagingClient } from '../../main/core/messaging/messagingClient.ts';
import { openJournal } from '../../main/core/journal/journal.ts';
import { bulkMessages, SENDER } from './bulkFixtures.ts';

const [mode, dataDir, reportPath, baseUrl, apiKey, countText, tag, killAtText = '-1'] = process.argv.slice(2);
if (!mode || !dataDir || !reportPath || !baseUrl || !apiKey || !countText || !tag)
  throw new Error('usage: bulkSendChild.ts <mode> <dataDir> <report> <baseUrl> <apiKey> <count> <tag> [killAt]');
const killAt = Number(killAtText);
const report = openSync(reportPath, 'a');
const note = (value: object) => writeSync(report, `${JSON.stringify(value)}\n`);

const journal = openJournal({ dataDir });
journal.recoverAtStartup();
const client = createMessagingClient({ baseUrl, getApiKey: async () => apiKey, defaultCountry: 'US' });
const sender = createBulkSender({
  client,
  sendLog: journal.messaging,
  workspaceId: 'ws-bulk',
  defaultCountry: 'US',
  onProgress(event) {
    note(event);
    if (mode === 'self-kill' && event.state === 'sending' && event.submission === killAt) {
      process.kill(process.pid, 'SIGKILL');
    }
  },
});

const planned = sender.plan({ senderId: SENDER, messages: bulkMessages(Number(countText), tag) });
note({ planned: planned.bulkId, submissions: planned.submissions.map((s) => s.count) });
const done = await sender.run(planned.bulkId);
note({ done: done.bulkId, sent: done.sent });
await client.close();
journal.close();
