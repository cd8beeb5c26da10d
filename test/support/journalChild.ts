// A separate process that writes to a journal, for test/integration/journal.test.ts.
// It appends one JSON line per intent to a report file the moment
// `intents.create` returns (a plain file: the line survives the process being
// killed right after), so the parent knows exactly what was promised.
//
//   node journalChild.ts kill-self <dataDir> <report> <count>   creates count intents, then SIGKILLs itself
//   node journalChild.ts forever   <dataDir> <report>           creates intents until the parent kills it
//   node journalChild.ts race      <dataDir> <report> <count> <goFile>
//        waits for goFile, then creates count intents and records webhook ids evt-0…, racing another handle
import { existsSync, openSync, writeSync } from 'node:fs';
import { openJournal } from '../../main/core/journal/journal.ts';
import type { Intent } from '../../main/core/journal/intents.ts';

const [mode, dataDir, reportPath, countText = '0', goFile = ''] = process.argv.slice(2);
if (!mode || !dataDir || !reportPath)
  throw new Error('usage: journalChild.ts <mode> <dataDir> <report> [count] [goFile]');
const count = Number(countText);
const journal = openJournal({ dataDir });
const report = openSync(reportPath, 'a');

function createIntent(i: number): Intent {
  return journal.intents.create({
    kind: 'generation',
    workspaceId: 'ws-crash',
    request: { method: 'POST', path: '/generations', body: { prompt: `prompt ${process.pid} ${i}`, i } },
  });
}

function note(value: object): void {
  writeSync(report, `${JSON.stringify(value)}\n`);
}

if (mode === 'kill-self') {
  for (let i = 0; i < count; i += 1) {
    const intent = createIntent(i);
    note({ id: intent.id, key: intent.idempotencyKey, seq: intent.seq });
  }
  process.kill(process.pid, 'SIGKILL');
} else if (mode === 'forever') {
  for (let i = 0; ; i += 1) {
    const intent = createIntent(i);
    note({ id: intent.id, key: intent.idempotencyKey, seq: intent.seq });
  }
} else if (mode === 'race') {
  note({ ready: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(goFile)) Atomics.wait(pause, 0, 0, 2);
  for (let i = 0; i < count; i += 1) {
    const intent = createIntent(i);
    const newEvent = journal.webhookEvents.recordIfNew('ws-crash', `evt-${i}`);
    note({ id: intent.id, key: intent.idempotencyKey, seq: intent.seq, event: `evt-${i}`, newEvent });
  }
  journal.close();
} else {
  throw new Error(`unknown mode ${mode}`);
}
