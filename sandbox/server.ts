// Starts the sandbox: one HTTP server on loopback serving the Create API under /api/v1,
// the central session at /session, and sandbox-only admin controls under /_sandbox.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { adminRoutes } from './admin/adminRoutes.ts';
import { transcriptSeedRoutes } from './admin/transcriptSeedRoutes.ts';
import { createAuthenticator } from './auth/authenticate.ts';
import { createKeyStore } from './auth/keyStore.ts';
import { deriveServiceSecrets, newMasterSecret } from './auth/serviceSecrets.ts';
import { createRateLimiter } from './auth/rateLimiter.ts';
import { sessionRoutes } from './auth/sessionRoutes.ts';
import { createSessionStore } from './auth/sessionStore.ts';
import { createClock } from './clock.ts';
import type { SandboxContext } from './context.ts';
import { discoveryRoutes } from './create/discovery.ts';
import { deliveryDownloadRoutes } from './create/deliveryLinks.ts';
import { keyRoutes } from './create/keys.ts';
import { projectRoutes } from './create/projects.ts';
import { CREATE_ROUTE_MODULES } from './routeModules.ts';
import { createRequestFaults } from './faults/applyRequestFaults.ts';
import { faultRoutes } from './faults/faultRoutes.ts';
import { applyFaults } from './faults/faultSettings.ts';
import { createFaultSwitches } from './faults/faultSwitches.ts';
import { createIdempotency } from './idempotency.ts';
import { createAssetStore } from './media/assetStore.ts';
import { startMessagingService } from './messaging/messagingServer.ts';
import { createWallet } from './wallet.ts';
import { lockDataFolder, type FolderLock } from './dataFolderLock.ts';
import { openDatabase } from './db/database.ts';
import { sandboxMeta } from './db/meta.ts';
import { seed } from './db/seed.ts';
import { API_VERSION } from '../shared/limits.ts';
import { ApiError } from './http/apiError.ts';
import { sendError } from './http/envelope.ts';
import { answerClientError, quotedTarget, requestUrl } from './http/requestTarget.ts';
import type { Route } from './http/route.ts';
import { createRouter } from './http/router.ts';
import { capConnectionsPerAddress, serverTimingOptions, tooManyConnectionsMessage } from './http/connectionLimits.ts';
import { createJobRunner } from './jobs/jobRunner.ts';
import { removeLeftovers } from './jobs/leftovers.ts';
import { DEFAULT_OPTIONS, type SandboxOptions } from './options.ts';
import { createWebhookDelivery } from './webhooks/deliveryWorker.ts';
import { webhookAdminRoutes } from './webhooks/webhookAdminRoutes.ts';

export interface SandboxHandle {
  origin: string;
  createBaseUrl: string;
  apiKey: string;
  login: { email: string; password: string };
  supportLogin: { email: string; password: string };
  adminToken: string;
  messagingBaseUrl: string;
  messagingApiKey: string;
  close(): Promise<void>;
}

export async function startSandbox(
  partial: Partial<SandboxOptions> & { dataDir: string },
  extraModules: ((ctx: SandboxContext) => Route[])[] = [],
): Promise<SandboxHandle> {
  const options: SandboxOptions = { ...DEFAULT_OPTIONS, ...partial };
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  // Refused (DataFolderInUse) while another sandbox runs on this folder.
  const lock = lockDataFolder(options.dataDir);
  try {
    return await start(options, extraModules, lock);
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function start(
  options: SandboxOptions,
  extraModules: ((ctx: SandboxContext) => Route[])[],
  lock: FolderLock,
): Promise<SandboxHandle> {
  const log = (line: string): void => void process.stderr.write(`[sandbox] ${line}\n`);
  const db = openDatabase(options.dataDir, log);
  const secrets = deriveServiceSecrets(options.masterSecret ?? newMasterSecret(), sandboxMeta(db));
  const mediaDir = join(options.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  const clock = createClock();
  let origin = '';
  // Nothing runs yet, so whatever an earlier run left in the media folder or tmp/ is no job's.
  removeLeftovers(db, options.dataDir, mediaDir, log);
  const jobs = createJobRunner({ jobSeconds: options.jobSeconds, budget: options.jobBudget, log });
  const faults = createFaultSwitches();
  applyFaults(faults, jobs.tuning, options.faults);
  const webhooks = createWebhookDelivery({
    db,
    clock,
    secrets,
    faults,
    allowInsecure: options.allowInsecureWebhooks,
    retryBaseMs: options.webhookRetryBaseMs,
    log,
  });
  const ctx: SandboxContext = {
    db,
    clock,
    options,
    mediaDir,
    jobs,
    origin: () => origin,
    log,
    idempotency: createIdempotency(db, clock.now),
    wallet: createWallet(db),
    faults,
    webhooks,
    secrets,
    adminToken: options.adminToken ?? randomBytes(24).toString('base64url'),
    assets: undefined as never,
  };
  ctx.assets = createAssetStore(ctx);

  const keys = createKeyStore(db, clock);
  const sessions = createSessionStore(db, clock);
  const authenticator = createAuthenticator({ db, clock, keys, sessions, origin: () => origin });
  const rate = createRateLimiter(clock);
  const seeded = seed(db, clock, keys, secrets, options.walletUsd);

  const apiRoutes: Route[] = [];
  apiRoutes.push(...discoveryRoutes(ctx, () => apiRoutes), ...keyRoutes(ctx, keys, sessions), ...projectRoutes(ctx));
  for (const module of CREATE_ROUTE_MODULES) apiRoutes.push(...module(ctx));
  for (const module of extraModules) apiRoutes.push(...module(ctx));

  const routerDeps = { authenticator, chargeRate: (p: { keyId?: string }) => p.keyId && rate.charge(p.keyId), log };
  // Faults on purpose hit the Create API only, never the session or the admin controls that switch them off.
  const api = createRouter({ ...routerDeps, routes: apiRoutes, beforeRequest: createRequestFaults(faults) });
  const root = createRouter({
    ...routerDeps,
    routes: [...sessionRoutes(ctx, sessions), ...deliveryDownloadRoutes(ctx)],
  });
  const admin = createRouter({
    ...routerDeps,
    routes: [
      ...adminRoutes(ctx),
      ...transcriptSeedRoutes(ctx),
      ...faultRoutes(ctx),
      ...webhookAdminRoutes(ctx, seeded.accountId),
    ],
  });
  const { adminToken } = ctx;

  function dispatch(req: IncomingMessage, res: ServerResponse): void {
    const url = requestUrl(req.url, origin);
    if (!url) {
      req.resume();
      const target = quotedTarget(req.url);
      sendError(res, randomUUID(), new ApiError('request.invalid', `The request target ${target} is not a valid URL.`));
      return;
    }
    const path = url.pathname;
    if (path === '/api/v1' || path.startsWith('/api/v1/')) {
      void api(req, res, path.slice('/api/v1'.length) || '/', url);
    } else if (path.startsWith('/_sandbox/')) {
      const sent = Buffer.from(String(req.headers['x-sandbox-admin'] ?? ''));
      const expected = Buffer.from(adminToken);
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
        sendError(
          res,
          'admin',
          new ApiError('auth.missing', 'Sandbox admin calls need the X-Sandbox-Admin token from the READY line.'),
        );
        return;
      }
      void admin(req, res, path, url);
    } else {
      void root(req, res, path, url);
    }
  }

  const server = createServer(serverTimingOptions(options), (req: IncomingMessage, res: ServerResponse) => {
    try {
      dispatch(req, res);
    } catch (err) {
      // Whatever one request does, the service answers it and stays up.
      log(`request ${quotedTarget(req.url)} failed: ${(err as Error).stack ?? err}`);
      if (!res.headersSent) sendError(res, randomUUID(), new ApiError('server.internal'));
      else res.destroy();
    }
  });
  server.on('clientError', (error, socket) =>
    answerClientError(error, socket as Socket, ({ tooLarge, timedOut }) => {
      const code = timedOut ? 'request.timeout' : 'request.invalid';
      const seconds = Math.round(options.requestTimeoutMs / 1000);
      const message = timedOut
        ? `The request did not arrive within ${seconds} s (its head within ${Math.min(20, seconds)} s): send it again (a resumable upload goes on from its offset).`
        : tooLarge
          ? 'The request line and headers are larger than this service reads (16 KiB): send long fields in the body.'
          : 'The request is not HTTP this service can read.';
      return {
        status: timedOut ? 408 : 400,
        reason: timedOut ? 'Request Timeout' : 'Bad Request',
        body: { error: { code, message }, meta: { requestId: randomUUID(), apiVersion: API_VERSION } },
      };
    }),
  );
  server.keepAliveTimeout = 5_000;
  capConnectionsPerAddress(server, options.maxConnectionsPerAddress, () =>
    JSON.stringify({
      error: { code: 'service.unavailable', message: tooManyConnectionsMessage(options.maxConnectionsPerAddress) },
      meta: { requestId: randomUUID(), apiVersion: API_VERSION },
    }),
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${options.host}:${port}`;
  jobs.resumeAll();
  webhooks.resume();
  const messaging = await startMessagingService(ctx);

  return {
    origin,
    createBaseUrl: `${origin}/api/v1`,
    apiKey: seeded.apiKey,
    login: seeded.login,
    supportLogin: seeded.supportLogin,
    adminToken,
    messagingBaseUrl: messaging.baseUrl,
    messagingApiKey: messaging.apiKey,
    async close() {
      jobs.stop();
      webhooks.stop();
      await messaging.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
      lock.release();
    },
  };
}
