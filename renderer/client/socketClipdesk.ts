// Browser mode's window.clipdesk: the same contract over the token-guarded WebSocket that
// main/browserMode serves. Requests wait for their reply by id; events go to listeners by
// name; when the socket drops, waiting requests fail with client.closed and it reconnects.
// It is usable at once: requests made before the first connection opens are sent when it
// does, so the first screen is drawn while the socket connects.
import { appError } from '../../shared/appError.ts';
import type { ClipdeskApi } from '../../shared/ipc.ts';
import { isRequestName } from '../../shared/ipcNames.ts';
import { readServerFrame, WIRE_PATH, type RequestFrame } from '../../shared/ipcWire.ts';

const TOKEN_KEY = 'clipdesk.token';
const RECONNECT_MS = 2_000;

/** The launch token: from the URL the first time (then removed from the address bar), else from this tab's storage. */
export function takeLaunchToken(): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

interface Waiting {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface SocketClipdesk {
  readonly api: ClipdeskApi;
  /** Resolves once the first connection is open; rejects (and so do the requests waiting for it) when it fails. */
  readonly opened: Promise<void>;
}

export function connectSocketClipdesk(token: string, onConnectionChange?: (open: boolean) => void): SocketClipdesk {
  const url = `ws://${window.location.host}${WIRE_PATH}?token=${encodeURIComponent(token)}`;
  const waiting = new Map<number, Waiting>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let socket: WebSocket;
  const firstOpen = Promise.withResolvers<void>();
  // Settled by whoever waits on `opened`; the requests waiting for it fail on their own.
  firstOpen.promise.catch(() => {});
  let everOpened = false;

  function open(first: boolean, resolve?: () => void, reject?: (error: unknown) => void): void {
    socket = new WebSocket(url);
    let opened = false;
    socket.onopen = () => {
      opened = true;
      onConnectionChange?.(true);
      resolve?.();
    };
    socket.onmessage = (message) => {
      let frame;
      try {
        frame = readServerFrame(JSON.parse(String(message.data)));
      } catch {
        frame = null;
      }
      if (!frame) return; // not ours to read: ignored
      if (frame.type === 'reply') {
        const entry = waiting.get(frame.id);
        waiting.delete(frame.id);
        if (!entry) return;
        if (frame.reply.ok) entry.resolve(frame.reply.value);
        else entry.reject(frame.reply.error);
      } else {
        for (const listener of listeners.get(frame.name) ?? []) listener(frame.payload);
      }
    };
    socket.onclose = () => {
      for (const entry of waiting.values())
        entry.reject(appError('client.closed', 'The connection to Clipdesk closed before the answer came: try again.'));
      waiting.clear();
      if (first && !opened) {
        reject?.(
          appError(
            'network.unreachable',
            'Cannot reach Clipdesk: is `npm run start:browser` still running? Open the URL it printed.',
          ),
        );
        return;
      }
      onConnectionChange?.(false);
      setTimeout(() => open(false), RECONNECT_MS);
    };
  }

  function send(frame: RequestFrame): Promise<unknown> {
    if (socket.readyState !== WebSocket.OPEN)
      return Promise.reject(appError('client.closed', 'Clipdesk is reconnecting: try again in a moment.'));
    return new Promise((resolve, reject) => {
      waiting.set(frame.id, { resolve, reject });
      socket.send(JSON.stringify(frame));
    });
  }

  const api: ClipdeskApi = {
    invoke(name, ...args) {
      if (!isRequestName(name))
        return Promise.reject(appError('ipc.unknown_request', `There is no request "${String(name)}".`));
      const frame: RequestFrame = {
        type: 'request',
        id: nextId++,
        name,
        ...(args[0] === undefined ? {} : { arg: args[0] }),
      };
      // Before the first connection: sent once it opens. After it: now, or refused while reconnecting.
      return (everOpened ? send(frame) : firstOpen.promise.then(() => send(frame))) as ReturnType<
        ClipdeskApi['invoke']
      >;
    },
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      const forward = listener as (payload: unknown) => void;
      set.add(forward);
      return () => void set.delete(forward);
    },
  };

  open(
    true,
    () => {
      everOpened = true;
      firstOpen.resolve();
    },
    firstOpen.reject,
  );
  return { api, opened: firstOpen.promise };
}
