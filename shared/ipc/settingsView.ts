// What the Settings screen and the key prompt show and send: a workspace's own settings
// (tunnel, messaging defaults), and a key the service refused (expired, revoked, unknown).
// Plain data, never a secret. Kept apart from the contract module (shared/ipc/settings.ts)
// so screens and core import it without importing the contract.
import { z } from 'zod';
import { KEY_PROBLEM_CODES } from '../errorCodes.ts';

export const KeyProblemSchema = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  code: z.enum(KEY_PROBLEM_CODES),
  message: z.string(),
  requestId: z.string().nullable(),
  /** Epoch ms when it was first seen. */
  at: z.number(),
});
export type KeyProblem = z.infer<typeof KeyProblemSchema>;

/** How the service reaches the app's webhook receiver (main/core/settings/settingsSchema.ts checks it again). */
export const TunnelChoiceSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('none') }),
  z.strictObject({ mode: z.literal('loopback') }),
  z.strictObject({
    mode: z.literal('command'),
    command: z
      .string()
      .trim()
      .min(1, 'give the tunnel command (it must contain {port})')
      .max(2000, 'the tunnel command is at most 2000 characters'),
  }),
]);
export type TunnelChoice = z.infer<typeof TunnelChoiceSchema>;

export const WebhookStatusSchema = z.object({
  /** polling: no webhooks, job results are polled · starting · ready · failed · stopped. */
  state: z.string(),
  /** One sentence for the user. */
  message: z.string(),
});
export type WebhookStatus = z.infer<typeof WebhookStatusSchema>;

export const WorkspaceSettingsViewSchema = z.object({
  workspaceId: z.string(),
  name: z.string(),
  kind: z.enum(['local', 'remote']),
  /** Remote workspaces only (the local one's address changes with each start). */
  createBaseUrl: z.string().nullable(),
  messagingBaseUrl: z.string().nullable(),
  tunnel: TunnelChoiceSchema,
  /** ISO 3166 two-letter code for phone numbers written without +country code. */
  defaultCountry: z.string().nullable(),
  /** The approved sender ID messages go out from. */
  senderId: z.string().nullable(),
  webhooks: WebhookStatusSchema,
});
export type WorkspaceSettingsView = z.infer<typeof WorkspaceSettingsViewSchema>;
