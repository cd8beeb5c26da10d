// The renderer's one door to main: window.clipdesk (the preload's bridge in Electron, the
// WebSocket client in browser mode), typed by the contract. Every failure reaching a store
// is a plain AppError, whatever the transport threw.
import { appError, readAppError, type AppError } from '../../shared/appError.ts';
import type { ClipdeskApi, EventName, EventPayload, InvokeArgs, RequestName, RequestResult } from '../../shared/ipc.ts';

declare global {
  interface Window {
    clipdesk?: ClipdeskApi;
  }
}

function api(): ClipdeskApi {
  const bridge = window.clipdesk;
  if (!bridge) throw appError('client.internal', "Clipdesk's bridge to main is missing: restart Clipdesk.");
  return bridge;
}

/** Whatever a call rejected with, as an AppError. */
export function asAppError(value: unknown): AppError {
  const read = readAppError(value);
  if (read) return read;
  const message = value instanceof Error ? value.message : String(value);
  return appError('client.internal', message);
}

export async function invoke<N extends RequestName>(name: N, ...args: InvokeArgs<N>): Promise<RequestResult<N>> {
  try {
    return await api().invoke(name, ...args);
  } catch (err) {
    throw asAppError(err);
  }
}

export function on<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void {
  return api().on(name, listener);
}
