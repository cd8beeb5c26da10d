// The app's webhook path (main/core/webhooks) for a benchmark's jobs service: the receiver
// on 127.0.0.1 over the same journal, the tunnel in loopback mode registering it with the
// sandbox through the app's own transport (so registering spends the same key's budget),
// and every verified event handed to the jobs service — the wiring DESIGN.md describes.
// Secrets stay in a Map here, standing in for the keychain.
import { z } from 'zod';
import type { JobUpdatedEvent } from '../../shared/api/jobEvents.ts';
import { jobOutcomeOfEvent } from '../../main/core/jobs/webhookJobEvent.ts';
import { startTunnel, type TunnelHandle } from '../../main/core/webhooks/tunnel.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../main/core/webhooks/webhookReceiver.ts';
import type { AppJobs } from './appJobs.ts';

export interface AppWebhooks {
  receiver: WebhookReceiver;
  tunnel: TunnelHandle;
  /** Job ID → when a verified event saying it ended reached the jobs service, and whether that produced a job.updated. */
  ended: Map<string, { at: number; jobUpdated: JobUpdatedEvent | null }>;
  close(): Promise<void>;
}

const Registered = z.object({ id: z.union([z.string(), z.number()]), secret: z.string() });

export async function attachWebhooks(app: AppJobs, events: readonly string[]): Promise<AppWebhooks> {
  const secrets = new Map<string, string>();
  const ended: AppWebhooks['ended'] = new Map();
  const receiver = await startWebhookReceiver({
    workspaceId: app.workspaceId,
    journal: app.journal,
    getSecrets: async () => [...secrets.values()],
  });
  // As the app wires it (main/core/webhooks/webhooksEngine.ts): the jobs service reads the event and records the job's end.
  receiver.onEvent(({ event }) => {
    const applied = app.jobs.onWebhookEvent(event);
    const job = jobOutcomeOfEvent(event);
    if (job?.terminal) ended.set(job.jobId, { at: Date.now(), jobUpdated: applied.job });
  });
  const tunnel = startTunnel(
    { mode: 'loopback' },
    {
      receiver,
      events,
      async registerEndpoint(url, kinds) {
        const { data } = await app.transport.call(
          {
            method: 'POST',
            path: '/webhooks',
            body: { url, events: kinds, description: 'Clipdesk benchmark receiver' },
          },
          Registered,
          { priority: 'user' },
        );
        return data;
      },
      async deleteEndpoint(id) {
        await app.transport.call({ method: 'DELETE', path: `/webhooks/${encodeURIComponent(id)}` }, z.unknown(), {
          priority: 'user',
        });
      },
      saveSecret: async (id, secret) => void secrets.set(id, secret),
      forgetSecret: async (id) => void secrets.delete(id),
    },
  );
  const deadline = Date.now() + 15_000;
  while (tunnel.status().state !== 'ready') {
    if (Date.now() > deadline || tunnel.status().state === 'failed') {
      await tunnel.stop();
      await receiver.close();
      throw new Error(`the loopback tunnel did not get ready: ${tunnel.status().message}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    receiver,
    tunnel,
    ended,
    async close() {
      await tunnel.stop();
      await receiver.close();
    },
  };
}
