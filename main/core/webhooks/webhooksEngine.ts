// The webhooks engine (its contract with createCore: webhooksEngineContract.ts): for the
// active workspace whose tunnel is loopback or command, a receiver on 127.0.0.1 (a free
// port) and the tunnel that registers it with the service; with 'none', nothing runs and
// jobs are polled. One workspace at a time: another one becoming active (or its tunnel
// choice changing) stops both first, which deletes the endpoint and forgets its secret.
// Endpoints carry the description "Clipdesk <workspaceId>", so ones a crash left behind are
// found and deleted before a new one is registered. Secrets go from the service's answer
// straight to the keychain; each delivery is checked against every endpoint secret the
// workspace holds, so while a new endpoint replaces the old one (a tunnel's new URL)
// deliveries signed with either verify.
import { toAppError } from '../../../shared/appError.ts';
import type { CreateApiClient } from '../api/createApiClient.ts';
import { startTunnel, type TunnelHandle, type TunnelStatus } from './tunnel.ts';
import { RECEIVER_PATH, startWebhookReceiver, type WebhookReceiver } from './webhookReceiver.ts';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/api/webhookEventTypes.ts';
import type { WebhooksDeps, WebhooksEngine } from './webhooksEngineContract.ts';

/** How this app names the endpoints it registers, per workspace (and finds its leftovers by). */
export function endpointDescription(workspaceId: string): string {
  return `Clipdesk ${workspaceId}`;
}

/** Deleting an endpoint at quit or at a switch must not hold either up for long. */
const DELETE_TIMEOUT_MS = 5_000;

interface Running {
  readonly workspaceId: string;
  /** The tunnel choice it was started with: a different one starts it again. */
  readonly choice: string;
  readonly receiver: WebhookReceiver;
  readonly tunnel: TunnelHandle;
}

export function createWebhooksEngine(deps: WebhooksDeps): WebhooksEngine {
  const { keychain, log } = deps;
  const statuses = new Map<string, TunnelStatus>();
  let running: Running | null = null;
  let switching: Promise<void> = Promise.resolve();
  let closed = false;

  async function secretsOf(workspaceId: string): Promise<string[]> {
    const ids = Object.keys((await keychain.describe(workspaceId)).webhookSecrets);
    const secrets = await Promise.all(
      ids.map((endpointId) => keychain.readSecretForRequest(workspaceId, { kind: 'webhookSecret', endpointId })),
    );
    return secrets.filter((secret): secret is string => secret !== null);
  }

  /**
   * Deletes the endpoints an earlier run of this app registered for the workspace and never
   * deleted (it crashed), and forgets the secrets of endpoints the service no longer has.
   */
  async function removeLeftovers(workspaceId: string, api: CreateApiClient): Promise<void> {
    const mine = endpointDescription(workspaceId);
    const endpoints = await api.webhooks.listAll({}, { priority: 'background', maxItems: 1_000 });
    const live = new Set<string>();
    for (const endpoint of endpoints) {
      const id = String(endpoint.id);
      const ours = endpoint.description === mine && URL.parse(endpoint.url)?.pathname === RECEIVER_PATH;
      if (!ours) {
        live.add(id);
        continue;
      }
      try {
        await api.webhooks.delete(id, { priority: 'background', signal: AbortSignal.timeout(DELETE_TIMEOUT_MS) });
        log(`webhooks: deleted endpoint ${id} (${endpoint.url}) left over from an earlier run`);
      } catch (error) {
        live.add(id);
        log(`webhooks: the leftover endpoint ${id} could not be deleted: ${toAppError(error).message}`);
      }
    }
    for (const endpointId of Object.keys((await keychain.describe(workspaceId)).webhookSecrets)) {
      if (!live.has(endpointId)) await keychain.forget(workspaceId, { kind: 'webhookSecret', endpointId });
    }
  }

  async function start(workspaceId: string): Promise<void> {
    const workspace = deps.workspace(workspaceId);
    const choice = JSON.stringify(workspace.tunnel);
    if (running?.workspaceId === workspaceId && running.choice === choice) return;
    await stop();
    if (closed || workspace.tunnel.mode === 'none') {
      statuses.delete(workspaceId);
      return;
    }
    try {
      await removeLeftovers(workspaceId, await deps.client(workspaceId));
    } catch (error) {
      // Offline or refused: registering is retried by the tunnel; leftovers go next time.
      log(`webhooks: leftover endpoints of ${workspaceId} not checked: ${toAppError(error).message}`);
    }
    const receiver = await startWebhookReceiver({
      workspaceId,
      journal: deps.journal,
      getSecrets: () => secretsOf(workspaceId),
      log,
    });
    receiver.onEvent(({ event }) =>
      deps.onVerifiedEvent(workspaceId, { id: event.id, type: event.type, body: event.body }),
    );
    const tunnel = startTunnel(workspace.tunnel, {
      receiver,
      events: WEBHOOK_EVENT_TYPES,
      registerEndpoint: async (url, events) => {
        const api = await deps.client(workspaceId);
        const { data } = await api.webhooks.register(
          { url, events: [...events], description: endpointDescription(workspaceId) },
          { priority: 'background' },
        );
        return { id: data.id, secret: data.secret };
      },
      deleteEndpoint: async (id) => {
        const api = await deps.client(workspaceId);
        await api.webhooks.delete(id, { priority: 'background', signal: AbortSignal.timeout(DELETE_TIMEOUT_MS) });
      },
      saveSecret: async (endpointId, secret) => {
        await keychain.store(workspaceId, { kind: 'webhookSecret', endpointId }, secret);
      },
      forgetSecret: async (endpointId) => {
        await keychain.forget(workspaceId, { kind: 'webhookSecret', endpointId });
      },
      onStatus: (status) => {
        statuses.set(workspaceId, status);
        log(`webhooks (${workspaceId}): ${status.message}`);
      },
      log,
    });
    running = { workspaceId, choice, receiver, tunnel };
  }

  async function stop(): Promise<void> {
    const current = running;
    running = null;
    if (!current) return;
    // The endpoint is deleted while the receiver still answers, then the receiver goes.
    await current.tunnel
      .stop()
      .catch((error) => log(`webhooks: the tunnel did not stop cleanly: ${toAppError(error).message}`));
    await current.receiver.close();
    statuses.delete(current.workspaceId);
  }

  return {
    activate(workspaceId) {
      switching = switching
        .then(() => start(workspaceId))
        .catch((error) => log(`webhooks: not started for ${workspaceId}: ${toAppError(error).message}`));
    },
    status: (workspaceId) => statuses.get(workspaceId) ?? null,
    async close() {
      closed = true;
      await switching;
      await stop();
    },
  };
}
