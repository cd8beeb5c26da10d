// The contract bound to Electron IPC (STYLE.md, after GitHub Desktop and VS Code): one
// ipcMain.handle per request and one webContents.send channel per event, nothing else.
// Every handler first checks that the message came from the app's own main frame, then
// validates the argument with the contract's zod schema; only then does core see it.
// Answers are IpcReply values, so an AppError crosses whole (a thrown Error would not).
import { toAppError } from '../../shared/appError.ts';
import {
  REQUEST_NAMES,
  eventChannel,
  requestChannel,
  type EventName,
  type EventPayload,
  type IpcReply,
} from '../../shared/ipc.ts';
import { appFailure } from '../core/errors/appErrors.ts';
import type { Core } from '../core/app/createCore.ts';
import { checkArg, wireError } from '../core/app/dispatch.ts';

/** The part of ipcMain the binding uses (a stand-in in tests). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** The part of IpcMainInvokeEvent the sender check reads. */
export interface InvokeEventLike {
  readonly senderFrame: { readonly url: string } | null;
  readonly sender: unknown;
}

export interface ContractBinding {
  /** Removes every handler and stops forwarding events. */
  unbind(): void;
}

export function bindContract(options: {
  readonly ipcMain: IpcMainLike;
  readonly core: Pick<Core, 'handlers' | 'events'>;
  /** True only for the app's own window's main frame at the app's own URL. */
  readonly isTrustedSender: (event: InvokeEventLike) => boolean;
  /** webContents.send of the app's window. */
  readonly send: (channel: string, payload: unknown) => void;
  readonly log?: (line: string) => void;
}): ContractBinding {
  const { ipcMain, core } = options;
  const log = options.log ?? (() => {});

  for (const name of REQUEST_NAMES) {
    ipcMain.handle(requestChannel(name), async (event, ...args): Promise<IpcReply> => {
      if (!options.isTrustedSender(event)) {
        log(`refused ${name} from ${event.senderFrame?.url ?? 'an unknown frame'}`);
        return { ok: false, error: toAppError(appFailure('ipc.untrusted_sender')) };
      }
      let arg: unknown;
      try {
        if (args.length > 1) throw appFailure('ipc.invalid_message', `${name} takes one argument, not ${args.length}.`);
        arg = checkArg(name, args[0]);
      } catch (err) {
        return { ok: false, error: toAppError(err) };
      }
      try {
        return { ok: true, value: await core.handlers[name](arg) };
      } catch (err) {
        return { ok: false, error: wireError(err) };
      }
    });
  }

  const unsubscribe = core.events.subscribe(<N extends EventName>(name: N, payload: EventPayload<N>) =>
    options.send(eventChannel(name), payload),
  );

  return {
    unbind() {
      unsubscribe();
      for (const name of REQUEST_NAMES) ipcMain.removeHandler(requestChannel(name));
    },
  };
}
