// Browser mode's server (DESIGN.md): the built renderer and the contract's WebSocket on
// 127.0.0.1 only. The socket is guarded by a random per-launch token (in the URL printed
// at start), an Origin check (only this server's own page) and a Host check (no DNS
// rebinding); clients that are not on this computer are refused outright. It may listen
// before the core is built (main.ts does, so the page loads while the core starts): the
// renderer's files are served at once, and whatever needs the core waits for it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { FirstScreen } from '../../shared/ipc/firstScreen.ts';
import { WIRE_MAX_FRAME_BYTES, WIRE_PATH } from '../../shared/ipcWire.ts';
import type { Core } from '../core/app/createCore.ts';
import { isDownloadPath, serveDownload } from './downloadRoute.ts';
import { isMediaPath, serveMedia } from './mediaRoute.ts';
import { bindSocket } from './socketBinding.ts';
import { watchPageServed } from './pageServed.ts';
import { isThemeBootPath, serveStatic, serveThemeBoot } from './staticFiles.ts';

export const HOST = '127.0.0.1';

// node:http as Node's own module, not through an ES import: an ES module's view of it reads
// every export, and one of them loads Node's bundled undici (measured 30-300 ms of start-up
// before READY on this machine, by load).
const { createServer } = process.getBuiltinModule('node:http');

export type BrowserCore = Pick<Core, 'dispatch' | 'events'> &
  Partial<Pick<Core, 'assetDownloads' | 'mediaCache' | 'themeBootScript'>>;

export interface BrowserServerOptions {
  /** The core, or the promise of it while it is being built. */
  readonly core: BrowserCore | Promise<BrowserCore>;
  /** The built renderer (dist/renderer). */
  readonly rendererDir: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly log?: (line: string) => void;
  /**
   * The first screen's state, read when the page is served (without the core): the page
   * carries it, so the first screen is drawn before the socket answers. Without it the page is
   * served as built and the renderer waits for the socket's answers.
   */
  readonly firstScreen?: () => FirstScreen;
  /**
   * Asks for the core (main.ts builds it then): called once the page and the files it loads at
   * once were served (pageServed.ts), or as soon as a request needs the core, whichever is first.
   */
  readonly wantCore?: () => void;
}

export interface BrowserServer {
  /** http://127.0.0.1:<port>/?token=… : the page to open. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Only this computer may talk to browser mode (its server binds 127.0.0.1; this holds even if that changed). */
export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function sameSecret(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const log = options.log ?? (() => {});
  const token = randomBytes(32).toString('base64url');
  let origin = '';
  let host = '';

  /** Loopback peer and our own Host header: anything else never reaches the app. */
  const trusted = (req: IncomingMessage) => isLoopback(req.socket.remoteAddress) && req.headers.host === host;

  const ready = Promise.resolve(options.core);
  // A core that failed to build is main.ts's to report (it stops the process); until then, nothing waits forever on it here.
  ready.catch(() => {});

  let coreAsked = false;
  const wantCore = () => {
    if (coreAsked) return;
    coreAsked = true;
    options.wantCore?.();
  };
  const pageServed = watchPageServed(options.rendererDir, wantCore);

  /** Answers with the core once it is built; a 503 if it could not be; a 500 (logged) if answering failed. */
  const withCore = (res: ServerResponse, answer: (core: BrowserCore) => unknown) => {
    wantCore();
    return ready
      .then(answer, () => {
        if (!res.headersSent)
          res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('Clipdesk could not start');
      })
      .catch((err: unknown) => {
        log(`answering a request failed: ${String(err)}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Server error');
      });
  };

  const server = createServer((req, res) => {
    if (!trusted(req)) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Forbidden');
      return;
    }
    if (isDownloadPath(req.url)) {
      void withCore(res, (core) =>
        core.assetDownloads ? serveDownload(core.assetDownloads, req, res, log) : serveStaticOr400(req, res),
      );
      return;
    }
    if (isMediaPath(req.url)) {
      void withCore(res, (core) =>
        core.mediaCache ? serveMedia(core.mediaCache, req, res, log) : serveStaticOr400(req, res),
      );
      return;
    }
    if (isThemeBootPath(req.url)) {
      void withCore(res, (core) => serveThemeBoot(core.themeBootScript?.() ?? '', req, res));
      return;
    }
    if (!coreAsked)
      res.once('finish', () => {
        if (res.statusCode === 200) pageServed(URL.parse(req.url ?? '', 'http://x')?.pathname ?? '');
      });
    serveStaticOr400(req, res);
  });

  function serveStaticOr400(req: IncomingMessage, res: ServerResponse): void {
    try {
      serveStatic(options.rendererDir, origin, req, res, options.firstScreen);
    } catch {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request');
    }
  }

  const sockets = new WebSocketServer({ noServer: true, maxPayload: WIRE_MAX_FRAME_BYTES });
  server.on('upgrade', (req, socket, head) => {
    const url = URL.parse(req.url ?? '', origin);
    if (!trusted(req)) return refuse(socket, 403, 'Forbidden');
    if (!url || url.pathname !== WIRE_PATH) return refuse(socket, 404, 'Not Found');
    if (req.headers.origin !== origin) {
      log(`refused a WebSocket from origin ${String(req.headers.origin).slice(0, 100)}`);
      return refuse(socket, 403, 'Forbidden');
    }
    if (!sameSecret(url.searchParams.get('token'), token)) {
      log('refused a WebSocket without the launch token');
      return refuse(socket, 401, 'Unauthorized');
    }
    // The page's socket opens once the core can answer it (its requests wait for the open).
    wantCore();
    void ready.then(
      (core) => {
        if (socket.destroyed) return;
        sockets.handleUpgrade(req, socket, head, (ws) => bindSocket(ws, core, log));
      },
      () => refuse(socket, 503, 'Service Unavailable'),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  host = `${HOST}:${port}`;
  origin = `http://${host}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    async close() {
      for (const client of sockets.clients) client.close(1001, 'Clipdesk is stopping.');
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
