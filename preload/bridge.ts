// window.clipdesk: exactly the contract and nothing more (STYLE.md, after VS Code's preload).
// invoke() refuses names outside the contract before anything is sent and turns an IpcReply
// into a result or a rejected plain AppError; on() hands the listener only the payload (never
// Electron's event object, which reaches into main). It validates nothing else: main checks
// every argument against the contract's schemas, so the preload carries no zod.
import { appError } from '../shared/appError.ts';
import type { ClipdeskApi, IpcReply } from '../shared/ipc.ts';
import { eventChannel, isEventName, isRequestName, requestChannel } from '../shared/ipcNames.ts';

/** The part of ipcRenderer the bridge uses (a stand-in in tests). */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function createBridge(ipc: IpcRendererLike): ClipdeskApi {
  return {
    async invoke(name, ...args) {
      if (!isRequestName(name))
        throw appError('ipc.unknown_request', `There is no request "${String(name)}" in the contract.`);
      const reply = (await ipc.invoke(requestChannel(name), args[0])) as IpcReply;
      if (reply.ok) return reply.value as never;
      throw reply.error;
    },
    on(name, listener) {
      if (!isEventName(name))
        throw appError('ipc.unknown_event', `There is no event "${String(name)}" in the contract.`);
      const channel = eventChannel(name);
      const forward = (_event: unknown, payload: unknown) => listener(payload as never);
      ipc.on(channel, forward);
      return () => void ipc.removeListener(channel, forward);
    },
  };
}
