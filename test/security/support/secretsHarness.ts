// The app as browser mode runs it (main/browserMode/main.ts: createCore + startBrowserServer,
// logging to stderr), for noSecretsWritten.test.ts, which drives it over the contract's
// WebSocket like the page does. It serves a stand-in page (the test needs no built renderer)
// and wires two parts the contract does not carry yet the way the app will wire them:
//  - webhooks, through createCore's seam: the receiver on 127.0.0.1, the loopback tunnel
//    registering it with the active workspace, each endpoint's signing secret in the keychain;
//  - messaging: a line `message <json>` on stdin sends a text and a bulk with the Messaging
//    API key read from the keychain, journaling the bulk in the app's own journal.
//
//   CLIPDESK_KEYCHAIN_SERVICE=… node secretsHarness.ts <userDataDir>
// prints `HARNESS READY {"url"}` and, per stdin command, `HARNESS DONE {…}` or `HARNESS FAILED {…}`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startBrowserServer } from '../../../main/browserMode/browserServer.ts';
import { createCore } from '../../../main/core/app/createCore.ts';
import type { WebhooksDeps, WebhooksFactory } from '../../../main/core/webhooks/webhooksEngineContract.ts';
import { openJournal } from '../../../main/core/journal/journal.ts';
import { Keychain } from '../../../main/core/keychain/keychain.ts';
import { DEFAULT_KEYCHAIN_SERVICE, KeytarSecretStore } from '../../../main/core/keychain/keytarSecretStore.ts';
import { profileIdOf } from '../../support/profileKeychain.ts';
import { createBulkSender } from '../../../main/core/messaging/bulkSend.ts';
import { createMessagingClient } from '../../../main/core/messaging/messagingClient.ts';
import { startTunnel, type TunnelHandle } from '../../../main/core/webhooks/tunnel.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../main/core/webhooks/webhookReceiver.ts';
import { toAppError } from '../../../shared/appError.ts';

const [userDataDir] = process.argv.slice(2);
if (!userDataDir) throw new Error('usage: secretsHarness.ts <userDataDir>');
const service = process.env.CLIPDESK_KEYCHAIN_SERVICE || DEFAULT_KEYCHAIN_SERVICE;
const WEBHOOK_EVENTS = ['production.completed', 'review.completed', 'render.completed'];

const log = (line: string) => void process.stderr.write(`[clipdesk] ${line}\n`);

/** The webhook receiver and loopback tunnel of the active workspace, secrets in the keychain. */
const webhooks: WebhooksFactory = (deps: WebhooksDeps) => {
  const running = new Map<string, Promise<{ receiver: WebhookReceiver; tunnel: TunnelHandle }>>();

  async function start(workspaceId: string) {
    const endpoints = new Set<string>();
    const secretName = (endpointId: string) => ({ kind: 'webhookSecret' as const, endpointId });
    const receiver = await startWebhookReceiver({
      workspaceId,
      journal: deps.journal,
      getSecrets: async () => {
        const found = await Promise.all(
          [...endpoints].map((id) => deps.keychain.readSecretForRequest(workspaceId, secretName(id))),
        );
        return found.filter((secret): secret is string => secret !== null);
      },
      log: deps.log,
    });
    receiver.onEvent(({ event }) => deps.onVerifiedEvent(workspaceId, event));
    const tunnel = startTunnel(
      { mode: 'loopback' },
      {
        receiver,
        events: WEBHOOK_EVENTS,
        registerEndpoint: async (url, events) =>
          (
            await (
              await deps.client(workspaceId)
            ).webhooks.register({ url, events: [...events], description: 'Clipdesk receiver' })
          ).data,
        deleteEndpoint: async (id) => void (await (await deps.client(workspaceId)).webhooks.delete(id)),
        saveSecret: async (id, secret) => {
          endpoints.add(id);
          await deps.keychain.store(workspaceId, secretName(id), secret);
        },
        forgetSecret: async (id) => {
          endpoints.delete(id);
          await deps.keychain.forget(workspaceId, secretName(id));
        },
        onStatus: (status) => deps.log(`webhooks ${workspaceId}: ${status.state} ${status.message}`),
        log: deps.log,
      },
    );
    return { receiver, tunnel };
  }

  return {
    activate(workspaceId) {
      if (!running.has(workspaceId)) running.set(workspaceId, start(workspaceId));
    },
    async close() {
      for (const started of running.values()) {
        const { receiver, tunnel } = await started;
        await tunnel.stop();
        await receiver.close();
      }
    },
  };
};

/** A text and a bulk of three, on the workspace's Messaging API key from the keychain. */
async function sendMessages(command: { workspaceId: string; messagingBaseUrl: string; senderId: string }) {
  // The entries the core wrote are named by its profile's id.
  const keychain = new Keychain(new KeytarSecretStore(service), { profileId: profileIdOf(userDataDir!) });
  const journal = openJournal({ dataDir: userDataDir! });
  const client = createMessagingClient({
    baseUrl: command.messagingBaseUrl,
    getApiKey: async () => {
      const key = await keychain.readSecretForRequest(command.workspaceId, { kind: 'messagingApiKey' });
      if (key === null) throw new Error('no Messaging API key in the keychain');
      return key;
    },
    defaultCountry: 'US',
  });
  try {
    const sent = await client.sendMessage({
      senderId: command.senderId,
      contacts: ['+1 646 555 0101'],
      text: 'The cut is ready for review.',
      type: 'text',
    });
    const bulk = await createBulkSender({
      client,
      sendLog: journal.messaging,
      workspaceId: command.workspaceId,
      defaultCountry: 'US',
    }).send({
      senderId: command.senderId,
      messages: ['0102', '0103', '0104'].map((n) => ({ number: `+1646555${n}`, text: `Screening at 8 (${n})` })),
    });
    return { textCode: sent.code, bulkSent: bulk.sent };
  } finally {
    await client.close();
    journal.close();
  }
}

const rendererDir = mkdtempSync(join(tmpdir(), 'clipdesk-harness-page-'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Clipdesk</title>');
const core = createCore({ userDataDir, env: process.env, mode: 'browser', version: '0.0.0-test', webhooks, log });
const server = await startBrowserServer({ core, rendererDir, port: 0, log });
process.stdout.write(`HARNESS READY ${JSON.stringify({ url: server.url })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.startsWith('message ')) return;
  sendMessages(JSON.parse(line.slice('message '.length)))
    .then((done) => process.stdout.write(`HARNESS DONE ${JSON.stringify(done)}\n`))
    .catch((err: unknown) => {
      const { code, message } = toAppError(err);
      process.stdout.write(`HARNESS FAILED ${JSON.stringify({ code, message })}\n`);
    });
});

// `on`, not `once`, as in browser mode: signal-exit (under conf) re-raises a signal nobody else listens to.
let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  void (async () => {
    await server.close();
    await core.close();
    rmSync(rendererDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
