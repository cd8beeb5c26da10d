import type { SandboxContext } from '../context.ts';

// Stub: the Messaging API (issue 3) listens on its own loopback port, in this process.
export async function startMessagingService(_ctx: SandboxContext): Promise<{ baseUrl: string; apiKey: string; close(): Promise<void> }> {
  return { baseUrl: '', apiKey: '', close: async () => {} };
}
