// Dispatch for one base path: match, authenticate, rate-limit, validate, run, answer.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Principal } from '../auth/principal.ts';
import { ApiError } from './apiError.ts';
import { discardUnreadBody } from './discardUnreadBody.ts';
import { sendData, sendError } from './envelope.ts';
import { readJsonBody } from './readBody.ts';
import { HANDLED, type Route } from './route.ts';

interface CompiledRoute {
  route: Route;
  regex: RegExp;
  names: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const pattern = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, regex: new RegExp(`^${pattern}/?$`), names };
}

function parseParam(name: string, raw: string, kind: 'int' | 'uuid' | 'string'): string | number {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    // %ZZ, a lone %, or bytes that are not UTF-8 once decoded.
    throw new ApiError(
      kind === 'string' ? 'request.invalid' : 'request.invalid_id',
      `Path parameter ${name} is not valid percent-encoding: write a byte as % and two hex digits, of UTF-8 text.`,
    );
  }
  if (kind === 'int') {
    const n = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > CREATE_LIMITS.idMax) {
      throw new ApiError(
        'request.invalid_id',
        `Path parameter ${name} must be a whole number from 1 to ${CREATE_LIMITS.idMax}.`,
      );
    }
    return n;
  }
  if (kind === 'uuid' && !UUID.test(value)) {
    throw new ApiError('request.invalid_id', `Path parameter ${name} must be a UUID.`);
  }
  return value;
}

/** Turns a zod failure into one message that names each bad field. */
export function describeZodError(error: z.ZodError, where: string): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length ? issue.path.join('.') : where;
    return `${path}: ${issue.message}`;
  });
  return `Invalid ${where}. ${parts.join('; ')}`;
}

function validate<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ApiError('request.invalid', describeZodError(result.error, where), {
      details: { issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
    });
  }
  return result.data;
}

export interface RouterDeps {
  routes: Route[];
  authenticator: Authenticator;
  /** Called for every request made with an API key before the handler runs; throws rate.limited. */
  chargeRate(principal: Principal): void;
  /** Hook for fault injection (latency, 503s, dropped connections); may answer itself. */
  beforeRequest?(req: IncomingMessage, res: ServerResponse, requestId: string, url: URL): Promise<boolean>;
  log?(line: string): void;
}

export function createRouter(deps: RouterDeps) {
  const compiled = deps.routes.map(compile);

  return async function handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    const requestId = randomUUID();
    try {
      if (deps.beforeRequest && (await deps.beforeRequest(req, res, requestId, url))) return;
      const method = (req.method ?? 'GET').toUpperCase();
      const matches = compiled
        .map((c) => ({ c, m: c.regex.exec(path) }))
        .filter((x): x is { c: CompiledRoute; m: RegExpExecArray } => x.m !== null);
      if (matches.length === 0) throw new ApiError('route.not_found', `No operation at ${path}.`);
      const hit = matches.find((x) => x.c.route.method === method || (method === 'HEAD' && x.c.route.method === 'GET'));
      if (!hit) {
        const allow = [...new Set(matches.map((x) => x.c.route.method))].join(', ');
        throw new ApiError('route.method_not_allowed', `${method} is not allowed here; allowed: ${allow}.`, {
          headers: { allow },
        });
      }
      const { route } = hit.c;

      const params: Record<string, string | number> = {};
      hit.c.names.forEach((name, i) => {
        params[name] = parseParam(name, hit.m[i + 1]!, route.params?.[name] ?? 'int');
      });

      let principal = undefined as unknown as Principal;
      if (route.auth !== 'none') {
        principal = deps.authenticator.authenticate(req, route.auth);
        if (principal.kind === 'key') deps.chargeRate(principal);
        if (principal.kind === 'session' && method !== 'GET' && method !== 'HEAD') {
          deps.authenticator.checkSessionWrite(req, principal);
        }
      }

      let idempotencyKey = '';
      if (route.idempotent) {
        const header = req.headers['idempotency-key'];
        if (typeof header !== 'string' || header === '') throw new ApiError('idempotency.key_missing');
        if (!UUID.test(header)) throw new ApiError('idempotency.key_invalid');
        idempotencyKey = header.toLowerCase();
      }

      const query = route.query ? validate(route.query, Object.fromEntries(url.searchParams), 'query') : {};
      let body: unknown = undefined;
      if (route.body && typeof route.body !== 'string') {
        body = validate(route.body, await readJsonBody(req), 'body');
      } else if (!route.body && method !== 'GET' && method !== 'HEAD') {
        // Operations without a body still read (and so bound) whatever was sent.
        await readJsonBody(req);
      }

      const reply = await route.handler({ req, res, url, requestId, params, query, body, principal, idempotencyKey });
      if (reply === HANDLED) return;
      sendData(res, requestId, reply.status ?? 200, reply.data, reply.pagination, reply.headers);
    } catch (err) {
      if (res.headersSent) {
        res.destroy(err as Error);
        return;
      }
      if (err instanceof ApiError) {
        sendError(res, requestId, err);
      } else {
        deps.log?.(`request ${requestId} failed: ${(err as Error).stack ?? err}`);
        sendError(res, requestId, new ApiError('server.internal'));
      }
      // A refused upload must not be read to its end just to keep the connection.
      discardUnreadBody(req, res);
    }
  };
}
