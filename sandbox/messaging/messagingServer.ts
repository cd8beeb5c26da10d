// The Messaging API (spec/messaging-api.md) on its own loopback port, in the sandbox's
// process and database: calendar events, contacts, and text/MMS messages. It is a legacy-style
// API, so it has its own answer shape ({status, code, message}, see resultReply.ts) rather
// than the Create API's envelope. GET /openapi.json describes it.
//
// Faults: ctx.faults.latencyMs delays every operation; ctx.faults.dropShare drops the
// connection unanswered *after* the operation took effect (the hardest case for a client:
// it cannot know whether the messages went out); the sandbox-only backendErrorShare answers
// 500 before anything is done.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { resultHttpStatus, type MessagingOperation } from '../../shared/messagingCodes.ts';
import type { SandboxContext } from '../context.ts';
import { sendJson } from '../http/envelope.ts';
import { answerClientError, quotedTarget, requestUrl } from '../http/requestTarget.ts';
import { calendarOperation } from './calendarApi.ts';
import { contactsOperation } from './contactsApi.ts';
import { adminTokenMatches, messagingAdminRoutes, type AdminRoute, type MessagingFaults } from './messagingAdmin.ts';
import { createMessagingKeys } from './messagingKey.ts';
import { buildMessagingOpenApi } from './messagingOpenApi.ts';
import { createMessagingTables } from './messagingTables.ts';
import type { Operation } from './operation.ts';
import { firstTextProblem } from '../../shared/textRules.ts';
import { discardUnreadBody } from '../http/discardUnreadBody.ts';
import { capConnectionsPerAddress, serverTimingOptions, tooManyConnectionsMessage } from '../http/connectionLimits.ts';
import { PayloadError, readBodyFields, readQueryFields, type RequestFields } from './requestFields.ts';
import { ResultError, resultBody, sendResult } from './resultReply.ts';
import { bulkOperation } from './smsBulk.ts';
import { listOperation } from './smsList.ts';
import { sendOperations } from './smsSend.ts';

/**
 * The request line and headers the service reads: enough for the largest valid GET send
 * (1000 numbers and 740 characters, all percent-encoded, come to some 32 KiB); beyond it the
 * answer is 414.
 */
export const MAX_REQUEST_HEAD_BYTES = 64 * 1024;

export interface MessagingService {
  baseUrl: string;
  apiKey: string;
  close(): Promise<void>;
}

export async function startMessagingService(ctx: SandboxContext): Promise<MessagingService> {
  createMessagingTables(ctx.db);
  const keys = createMessagingKeys(ctx.db, ctx.clock, ctx.secrets);
  const faults: MessagingFaults = { backendErrorShare: 0 };
  const operations: Operation[] = [
    calendarOperation(ctx),
    contactsOperation(ctx),
    ...sendOperations(ctx),
    bulkOperation(ctx),
    listOperation(ctx),
  ];
  const adminRoutes = messagingAdminRoutes(ctx, keys, faults);
  let baseUrl = '';

  function answerError(res: ServerResponse, table: MessagingOperation, requestId: string, err: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof ResultError) {
      sendResult(res, resultBody(table, err.code, err.message, requestId, err.extra));
      return;
    }
    ctx.log(`messaging request ${requestId} failed: ${(err as Error).stack ?? err}`);
    sendResult(
      res,
      resultBody(
        table,
        '500',
        'Backend error: the service failed unexpectedly; try again, and quote the request ID if it persists.',
        requestId,
      ),
    );
  }

  async function runOperation(
    op: Operation,
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    requestId: string,
  ): Promise<void> {
    if (ctx.faults.latencyMs > 0) await sleep(ctx.faults.latencyMs);
    let request: RequestFields;
    try {
      if (op.source === 'query') {
        req.resume();
        request = readQueryFields(req.url ?? '/');
      } else {
        request = await readBodyFields(req, { file: op.file, jsonOnly: op.source === 'json' });
      }
    } catch (err) {
      if (err instanceof PayloadError) throw new ResultError(op.payloadCode, `Invalid request payload. ${err.message}`);
      throw err;
    }
    const badText = firstTextProblem(request.fields);
    if (badText) {
      throw new ResultError(op.payloadCode, `Invalid request payload. The field ${badText.path} ${badText.problem}.`);
    }
    if (faults.backendErrorShare > 0 && Math.random() < faults.backendErrorShare) {
      throw new ResultError('500', 'Backend error: nothing was changed; try again later.');
    }
    const { [op.keyField]: key, ...fields } = request.fields;
    if (op.keyField === 'apiKey' && key === undefined && fields.key !== undefined && !req.headers.authorization) {
      throw new ResultError('01', 'No API key provided: the calendar takes the key in the apiKey field, not key.');
    }
    keys.check(key, req.headers.authorization, op.keyField);
    const result = await op.handle({ fields, file: request.file });
    const body = resultBody(op.table, result.code, result.message, requestId, result.extra);
    if (ctx.faults.dropShare > 0 && Math.random() < ctx.faults.dropShare) {
      req.socket?.destroy();
      return;
    }
    sendResult(res, body);
  }

  async function runAdmin(
    route: AdminRoute,
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
  ): Promise<void> {
    if (!adminTokenMatches(ctx, req)) {
      req.resume();
      throw new ResultError('401', 'Sandbox admin calls need the X-Sandbox-Admin token from the READY line.');
    }
    const { message, extra } = await route.handle(req);
    sendResult(res, resultBody('admin', '00', message, requestId, extra));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    const url = requestUrl(req.url, baseUrl);
    if (!url) {
      req.resume();
      const message = `The request target ${quotedTarget(req.url)} is not a valid URL: percent-encode the path and query.`;
      sendResult(res, resultBody('route', '400', message, requestId));
      return;
    }
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    const admin = path.startsWith('/_sandbox/');
    const candidates: { method: string; table: MessagingOperation; run(): Promise<void> }[] = [];
    if (path === '/openapi.json') {
      const document = () => buildMessagingOpenApi(baseUrl, operations, adminRoutes);
      candidates.push({ method: 'GET', table: 'route', run: async () => sendJson(res, 200, document()) });
    }
    for (const op of operations.filter((o) => o.path === path)) {
      candidates.push({ method: op.method, table: op.table, run: () => runOperation(op, req, res, url, requestId) });
    }
    for (const route of adminRoutes.filter((r) => r.path === path)) {
      candidates.push({ method: route.method, table: 'admin', run: () => runAdmin(route, req, res, requestId) });
    }
    const hit = candidates.find((c) => c.method === method);
    try {
      if (candidates.length === 0) {
        throw new ResultError('404', `No operation at ${path}${admin ? '' : '; see /openapi.json'}.`);
      }
      if (!hit) {
        const allow = [...new Set(candidates.map((c) => c.method))].join(', ');
        req.resume();
        sendResult(res, resultBody('route', '405', `${method} is not allowed here; use ${allow}.`, requestId), {
          allow,
        });
        return;
      }
      await hit.run();
    } catch (err) {
      answerError(res, hit?.table ?? 'route', requestId, err);
      // The rest of a refused body is read only so far (discardUnreadBody), then the connection goes.
      discardUnreadBody(req, res);
    }
  }

  const timing = serverTimingOptions(ctx.options);
  const server = createServer({ maxHeaderSize: MAX_REQUEST_HEAD_BYTES, ...timing }, (req, res) =>
    // Whatever one request does, the service answers it and stays up.
    handle(req, res).catch((err: unknown) => answerError(res, 'route', randomUUID(), err)),
  );
  server.on('clientError', (error, socket) =>
    answerClientError(error, socket as Socket, ({ tooLarge, timedOut }) => {
      if (timedOut) {
        const seconds = Math.round(ctx.options.requestTimeoutMs / 1000);
        const message = `The request did not arrive within ${seconds} s: send it again.`;
        return { status: 408, reason: 'Request Timeout', body: resultBody('route', '400', message, randomUUID()) };
      }
      const body = tooLarge
        ? resultBody(
            'route',
            '414',
            `The request line and headers are longer than ${MAX_REQUEST_HEAD_BYTES / 1024} KiB: send the fields in a POST body instead.`,
            randomUUID(),
          )
        : resultBody('route', '400', 'The request is not HTTP this service can read.', randomUUID());
      return { status: resultHttpStatus(body.code), reason: tooLarge ? 'URI Too Long' : 'Bad Request', body };
    }),
  );
  server.keepAliveTimeout = 5_000;
  capConnectionsPerAddress(server, ctx.options.maxConnectionsPerAddress, () =>
    JSON.stringify(
      resultBody('route', '500', tooManyConnectionsMessage(ctx.options.maxConnectionsPerAddress), randomUUID()),
    ),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(ctx.options.messagingPort, ctx.options.host, () => resolve());
  });
  baseUrl = `http://${ctx.options.host}:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    get apiKey() {
      return keys.current();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
