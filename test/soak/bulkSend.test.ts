// Fault soak of a bulk send (DESIGN rule 5): 2,300 personalised messages, journaled as five
// submissions, sent by an app SIGKILLed at 20 random moments against a Messaging API that
// drops 25% of connections after it has done the work (so the answer, not the work, is
// lost). Each restart recovers the journal and goes on with the pending submissions. Without
// the user's word nothing is sent twice: the service holds every `sent` submission once, and
// each `unknown` one either whole or not at all; resending an unknown one is refused until
// the user confirms, and only then are the numbers complete.
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppFailure } from '../../shared/appError.ts';
import { openJournal, type Journal } from '../../main/core/journal/journal.ts';
import { createBulkSender } from '../../main/core/messaging/bulkSend.ts';
import { createMessagingClient, type MessagingClient } from '../../main/core/messaging/messagingClient.ts';
import { bulkMessages, SENDER } from '../support/bulkFixtures.ts';
import { setFaults, tempDir } from '../support/jobsSupport.ts';
import { messagingClient as sandboxMessaging } from '../support/messagingClient.ts';
import { afterLine, afterSpawn, killLoop, seededRandom, soakSeed, startChild } from '../support/soakChildren.ts';
import type { SoakBulkChildConfig } from '../support/soakBulkChild.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

const CHILD = resolve(import.meta.dirname, '../support/soakBulkChild.ts');
const WORKSPACE = 'ws-soak-bulk';
const MESSAGES = 2300;
const KILLS = 20;
const TAG = 'soak';

let sandbox: RunningSandbox;
let client: MessagingClient;
let data: { dir: string; remove(): void };

beforeAll(async () => {
  sandbox = await startSandboxProcess({ args: ['--drop-share', '0.25'] });
  client = createMessagingClient({
    baseUrl: sandbox.messagingBaseUrl,
    getApiKey: async () => sandbox.messagingApiKey,
    defaultCountry: 'US',
  });
  data = tempDir('clipdesk-soak-bulk-');
});
afterAll(async () => {
  await client?.close();
  await sandbox?.stop({ removeData: true });
  data?.remove();
});

/** How many of this test's messages each number got, as the service lists them. */
async function receivedByNumber(): Promise<Map<string, number>> {
  const got = new Map<string, number>();
  let after: string | undefined;
  do {
    const page = await client.listMessages({ limit: 100, after });
    for (const m of page.messages) {
      if (m.text?.startsWith(`${TAG} #`)) got.set(m.number, (got.get(m.number) ?? 0) + 1);
    }
    after = page.nextCursor ?? undefined;
  } while (after);
  return got;
}

it(`a bulk of ${MESSAGES} survives ${KILLS} SIGKILLs and dropped answers: nothing sent twice without the user's word`, async () => {
  const seed = soakSeed();
  const random = seededRandom(seed);
  const started = Date.now();
  const stats = () => sandboxMessaging(sandbox).stats();

  // The user sends the bulk: every submission is journaled before anything goes out.
  let journal: Journal = openJournal({ dataDir: data.dir });
  const planner = createBulkSender({
    client,
    sendLog: journal.messaging,
    workspaceId: WORKSPACE,
    defaultCountry: 'US',
  });
  const { bulkId, submissions } = planner.plan({ senderId: SENDER, messages: bulkMessages(MESSAGES, TAG) });
  expect(submissions.map((s) => s.count)).toEqual([500, 500, 500, 500, 300]);
  expect((await stats()).messages).toBe(0);

  const startApp = () => {
    const config: SoakBulkChildConfig = {
      dataDir: data.dir,
      baseUrl: sandbox.messagingBaseUrl,
      apiKey: sandbox.messagingApiKey,
      workspaceId: WORKSPACE,
    };
    return startChild(CHILD, [JSON.stringify(config)]);
  };
  const sending = (line: any) => line.state === 'sending';
  const pendingBefore: number[] = [];
  const kills = await killLoop({
    kills: KILLS,
    random,
    moments: [
      afterSpawn('while starting and recovering', 0.1, [0, 300]),
      // Before the request reaches the service, while it stores the messages, or after its answer and before the journal has it.
      afterLine('just after a submission left', 0.5, sending, [0, 350], 1_500),
      afterLine('at random while working', 0.4, (line) => typeof line.ready === 'number', [20, 600], 20_000),
    ],
    // Two rounds are set, so both kinds of `unknown` surely happen: the first kill meets a
    // request in flight (the service waits 250 ms before it reads it); in the second round
    // the service drops every answer after doing the work, and the kill follows the first loss.
    momentOf: (round) =>
      round === 0
        ? afterLine('as the first submission left', 0, sending, [0, 0], 20_000)
        : round === 1
          ? afterLine('after an answer was lost', 0, (line) => line.state === 'unknown', [0, 0], 20_000)
          : undefined,
    start: startApp,
    async beforeEach(round) {
      pendingBefore.push(journal.messaging.list(WORKSPACE, 'pending').length);
      await setFaults(sandbox, {
        latencyMs: round === 0 ? 250 : 50 + Math.floor(random() * 201),
        dropShare: round === 1 ? 1 : 0.25,
      });
    },
  });
  const killPhase = Date.now() - started;

  // A last run, never killed, sends what is still pending.
  const last = startApp();
  try {
    await last.waitFor((line) => line.idle, 'that nothing is pending', 60_000);
  } finally {
    await last.kill();
  }
  await setFaults(sandbox, { dropShare: 0, latencyMs: 0 });

  // Every submission went out (`sent`) or may have (`unknown`); none is left pending or sending.
  journal.close();
  journal = openJournal({ dataDir: data.dir });
  const journaled = journal.messaging.listBulk(bulkId);
  expect(journaled.filter((s) => s.state !== 'sent' && s.state !== 'unknown')).toEqual([]);
  const sent = journaled.filter((s) => s.state === 'sent');
  const unknown = journaled.filter((s) => s.state === 'unknown');

  // Without the user's word: the sent ones arrived once each; an unknown one whole or not at all, never twice.
  const got = await receivedByNumber();
  expect([...got.values()].filter((n) => n !== 1)).toEqual([]);
  for (const s of sent)
    expect(
      s.numbers.filter((n) => got.get(n) !== 1),
      `submission ${s.index} (sent)`,
    ).toEqual([]);
  const landed = unknown.filter((s) => s.numbers.some((n) => got.has(n)));
  for (const s of unknown) {
    const arrived = s.numbers.filter((n) => got.has(n)).length;
    expect([0, s.numbers.length], `submission ${s.index} (unknown) arrived whole or not at all`).toContain(arrived);
  }
  expect(landed.length, 'the answer lost in round 2 was of a submission the service stored').toBeGreaterThan(0);
  const size = (list: typeof journaled) => list.reduce((n, s) => n + s.numbers.length, 0);
  expect((await stats()).messages).toBe(size(sent) + size(landed));
  expect(got.size).toBe(size(sent) + size(landed));

  // The user has not confirmed: resending is refused, and nothing goes out.
  const sender = createBulkSender({ client, sendLog: journal.messaging, workspaceId: WORKSPACE, defaultCountry: 'US' });
  const beforeRefusal = await stats();
  for (const s of unknown) {
    const refusal = await sender.resendUnknown(bulkId, s.index, { confirmed: false }).then(
      () => null,
      (err: AppFailure) => err.code,
    );
    expect(refusal).toBe('messaging.resend.confirmation_required');
  }
  expect(await stats()).toEqual(beforeRefusal);
  expect(journal.messaging.listBulk(bulkId).map((s) => s.state)).toEqual(journaled.map((s) => s.state));

  // The user confirms each unknown one: only now is every number reached. Those that had
  // landed reach their numbers a second time — that is what the user chose.
  for (const s of unknown) await sender.resendUnknown(bulkId, s.index, { confirmed: true });
  expect(journal.messaging.listBulk(bulkId).map((s) => s.state)).toEqual(journaled.map(() => 'sent'));
  const after = await receivedByNumber();
  expect(after.size).toBe(MESSAGES);
  const twice = new Set(landed.flatMap((s) => s.numbers));
  for (const [number, count] of after) expect(count, number).toBe(twice.has(number) ? 2 : 1);
  expect((await stats()).messages).toBe(MESSAGES + twice.size);
  journal.close();

  console.log(
    `bulk-send soak: ${JSON.stringify({
      seed,
      kills: kills.length,
      killMoments: Object.fromEntries(
        [...new Set(kills.map((k) => k.moment))].map((m) => [m, kills.filter((k) => k.moment === m).length]),
      ),
      killsWithWorkPending: pendingBefore.filter((n) => n > 0).length,
      states: journaled.map((s) => s.state),
      unknownLanded: landed.map((s) => s.index),
      unknownNotLanded: unknown.filter((s) => !landed.includes(s)).map((s) => s.index),
      storedBeforeConfirm: size(sent) + size(landed),
      killPhaseS: Math.round(killPhase / 100) / 10,
      totalS: Math.round((Date.now() - started) / 100) / 10,
    })}`,
  );
});
