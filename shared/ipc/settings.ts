// The Settings screen's part of the contract (spread into REQUESTS and EVENTS in ../ipc.ts): a
// workspace's own settings (name, addresses, webhook tunnel, messaging defaults) and the keys
// the service refused. Workspaces and keys themselves are the `workspaces.*` requests.
import { z } from 'zod';
import { apiKey, baseUrl, request, workspaceId, workspaceName } from './contractParts.ts';
import { KeyProblemSchema, TunnelChoiceSchema, type KeyProblem, type WorkspaceSettingsView } from './settingsView.ts';
import { EXAMPLE_PHONE_NUMBER } from '../exampleNumbers.ts';

export const SETTINGS_REQUESTS = {
  'settings.workspace': request<WorkspaceSettingsView>()(z.strictObject({ workspaceId })),
  /**
   * Changes only the fields given; null clears an optional one. A new Create API address of a
   * remote workspace is checked with GET /me before it is saved: with the saved key when the
   * address stays on the origin the key was checked against; on another origin the saved key
   * is never sent there, and `apiKey` (the key for the new address) is required. Likewise a
   * Messaging API address on another origin needs `messagingApiKey`.
   */
  'settings.updateWorkspace': request<WorkspaceSettingsView>()(
    z.strictObject({
      workspaceId,
      name: workspaceName.optional(),
      createBaseUrl: baseUrl.optional(),
      messagingBaseUrl: baseUrl.nullable().optional(),
      apiKey: apiKey.optional(),
      messagingApiKey: apiKey.optional(),
      tunnel: TunnelChoiceSchema.optional(),
      defaultCountry: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'give a two-letter country code such as US or GB')
        .nullable()
        .optional(),
      senderId: z
        .string()
        .trim()
        .regex(/^\+?[0-9][0-9 ()-]{2,24}$/, `give a phone number such as ${EXAMPLE_PHONE_NUMBER}`)
        .nullable()
        .optional(),
    }),
  ),
  /** The keys the service refused (expired, revoked or unknown) and not replaced since. */
  'keys.problems': request<KeyProblem[]>()(z.undefined()),
} as const;

export const SETTINGS_EVENTS = {
  /** A workspace's key was refused (problem set), or replaced or forgotten (problem null). */
  'key.problem': z.object({ workspaceId: z.string(), problem: KeyProblemSchema.nullable() }),
} as const;
