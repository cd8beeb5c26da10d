// The contract over one WebSocket: every incoming frame is validated (RequestFrameSchema)
// before anything in it is looked at, each request is answered by its id with an IpcReply,
// and every contract event is pushed to the page. The same core handlers serve Electron IPC.
import type { WebSocket } from 'ws';
import { toAppError } from '../../shared/appError.ts';
import type { EventName, EventPayload, IpcReply } from '../../shared/ipc.ts';
import type { ServerFrame } from '../../shared/ipcWire.ts';
import { RequestFrameSchema } from '../../shared/ipcWireSchema.ts';
import { appFailure } from '../core/errors/appErrors.ts';
import type { Core } from '../core/app/createCore.ts';

/** Requests one page may have waiting at once; more are refused (a runaway page must not queue without bound). */
export const MAX_IN_FLIGHT = 32;

export function bindSocket(
  socket: WebSocket,
  core: Pick<Core, 'dispatch' | 'events'>,
  log: (line: string) => void,
): void {
  let inFlight = 0;

  const send = (frame: ServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const unsubscribe = core.events.subscribe(<N extends EventName>(name: N, payload: EventPayload<N>) =>
    send({ type: 'event', name, payload }),
  );
  socket.once('close', unsubscribe);

  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      socket.close(1003, 'Only JSON text frames are accepted.');
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      socket.close(1007, 'A frame is not JSON.');
      return;
    }
    const frame = RequestFrameSchema.safeParse(parsed);
    if (!frame.success) {
      const id = typeof (parsed as { id?: unknown })?.id === 'number' ? (parsed as { id: number }).id : null;
      if (id === null) {
        socket.close(1008, 'A frame is not a request of the contract.');
        return;
      }
      const reply: IpcReply = { ok: false, error: toAppError(appFailure('ipc.invalid_message')) };
      send({ type: 'reply', id, reply });
      return;
    }
    const { id, name, arg } = frame.data;
    if (inFlight >= MAX_IN_FLIGHT) {
      send({ type: 'reply', id, reply: { ok: false, error: toAppError(appFailure('ipc.busy')) } });
      return;
    }
    inFlight++;
    void core
      .dispatch(name, arg)
      .then((reply) => send({ type: 'reply', id, reply }))
      .catch((err: unknown) => log(`reply to ${name} failed: ${String(err)}`))
      .finally(() => inFlight--);
  });
}
