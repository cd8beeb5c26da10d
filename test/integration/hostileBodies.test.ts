// Issue 22, items 1 and 5: no request body brings the local service down or holds it. A body
// over its limit that the client then abandons (chunked or with a Content-Length, closed at
// every stage) once killed the process from a timer; slow bodies held every file descriptor.
// Raw sockets, so the bytes and the moment of the hang-up are exactly the test's.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let createPort: number;
let messagingPort: number;
let uploadPath: string;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  createPort = Number(new URL(sandbox.origin).port);
  messagingPort = Number(new URL(sandbox.messagingBaseUrl).port);
  uploadPath = new URL(await startUpload(sandbox, 'bodies', 4 * 1024 * 1024)).pathname;
});
afterAll(() => sandbox?.stop({ removeData: true }));

/** A project and a resumable upload into it, not yet sent a byte: the upload's URL. */
async function startUpload(service: RunningSandbox, name: string, length: number): Promise<string> {
  const auth = { authorization: `Bearer ${service.apiKey}` };
  const project = await fetch(`${service.createBaseUrl}/projects`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const projectId = ((await project.json()) as { data: { id: number } }).data.id;
  const meta = `filename ${btoa('a.wav')},filetype ${btoa('audio/wav')},projectId ${btoa(String(projectId))}`;
  const upload = await fetch(`${service.createBaseUrl}/uploads`, {
    method: 'POST',
    headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': meta },
  });
  expect(upload.status).toBe(201);
  return upload.headers.get('location')!;
}

/** Every kind of body the two ports read: JSON, multipart, tus, the Messaging API's forms. */
function targets(): { port: number; head: string }[] {
  const key = `Authorization: Bearer ${sandbox.apiKey}\r\n`;
  const host = 'Host: 127.0.0.1\r\n';
  return [
    { port: createPort, head: `POST /session HTTP/1.1\r\n${host}Content-Type: application/json\r\n` },
    { port: createPort, head: `POST /api/v1/projects HTTP/1.1\r\n${host}${key}Content-Type: application/json\r\n` },
    {
      port: createPort,
      head: `POST /api/v1/assets HTTP/1.1\r\n${host}${key}Content-Type: multipart/form-data; boundary=XyZ\r\n`,
    },
    {
      port: createPort,
      head: `PATCH ${uploadPath} HTTP/1.1\r\n${host}${key}Tus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\n`,
    },
    {
      port: messagingPort,
      head: `POST /app/smsapi/sms/post HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\n`,
    },
    { port: messagingPort, head: `POST /contacts_api HTTP/1.1\r\n${host}Content-Type: application/json\r\n` },
  ];
}

const BIG = Math.floor(1.2 * 1024 * 1024);
type Stage = 'after-head' | 'mid-body' | 'at-answer' | 'after-answer';
const STAGES: Stage[] = ['after-head', 'mid-body', 'at-answer', 'after-answer'];

/**
 * Sends a head and a 1.2 MiB body (one chunk, or by Content-Length) and hangs up at `stage`:
 * right after the head, halfway through the body, the moment an answer arrives, or a little later.
 */
function abandon(port: number, head: string, chunked: boolean, stage: Stage): Promise<void> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve();
    };
    const timer = setTimeout(done, 3_000);
    socket.on('error', done);
    socket.on('close', done);
    const framing = chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${BIG}\r\n`;
    socket.write(`${head}${framing}\r\n`);
    if (stage === 'after-head') return void setTimeout(done, 20);
    if (chunked) socket.write(`${BIG.toString(16)}\r\n`);
    const body = Buffer.alloc(BIG, 0x61);
    if (stage === 'mid-body') {
      socket.write(body.subarray(0, BIG >> 1), () => setTimeout(done, 20));
      return;
    }
    socket.write(body);
    socket.once('data', () => (stage === 'at-answer' ? done() : setTimeout(done, 300)));
  });
}

async function answers(): Promise<void> {
  expect(sandbox.process.exitCode, sandbox.stderr().slice(-3000)).toBeNull();
  const create = await fetch(`${sandbox.createBaseUrl}/`);
  expect(create.status).toBe(200);
  const messaging = await fetch(`${sandbox.messagingBaseUrl}/openapi.json`);
  expect(messaging.status).toBe(200);
}

async function inBatches(plans: (() => Promise<void>)[]): Promise<void> {
  for (let i = 0; i < plans.length; i += 10) {
    await Promise.all(plans.slice(i, i + 10).map((plan) => plan()));
    await answers();
  }
  // The refusals' drain (2 s) and linger (1 s) timers have all fired by now.
  await new Promise((r) => setTimeout(r, 3_500));
  await answers();
  expect(sandbox.stderr()).not.toMatch(/TypeError|uncaught/i);
}

describe('a body abandoned mid-way', () => {
  it('POST /session with a 1.2 MiB chunk, closed when the 413 comes, a hundred times: the service answers throughout', async () => {
    const session = targets()[0]!;
    await inBatches(Array.from({ length: 100 }, () => () => abandon(session.port, session.head, true, 'at-answer')));
  }, 120_000);

  it('every route that reads a body, chunked and by length, hung up at every stage: the service answers throughout', async () => {
    const plans: (() => Promise<void>)[] = [];
    for (const target of targets())
      for (const chunked of [true, false])
        for (const stage of STAGES) plans.push(() => abandon(target.port, target.head, chunked, stage));
    await inBatches(plans);
  }, 120_000);
});

describe('every operation the service documents', () => {
  let own: RunningSandbox;
  beforeAll(async () => {
    own = await startSandboxProcess();
  });
  afterAll(() => own?.stop({ removeData: true }));

  it('each write operation of both /openapi.json documents, hung up mid-body and at the answer: the service answers throughout', async () => {
    const auth = `Authorization: Bearer ${own.apiKey}\r\n`;
    const create = (await (
      await fetch(`${own.createBaseUrl}/openapi.json`, { headers: { authorization: `Bearer ${own.apiKey}` } })
    ).json()) as {
      data: { paths: Record<string, Record<string, unknown>> };
    };
    const messaging = (await (await fetch(`${own.messagingBaseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const ops: { port: number; head: string }[] = [];
    const ownCreatePort = Number(new URL(own.origin).port);
    for (const [path, methods] of Object.entries(create.data.paths)) {
      // Any value fits a path parameter here: a missing resource is refused with its body unread, which is the point.
      const target = `/api/v1${path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000001')}`;
      for (const method of Object.keys(methods).filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))) {
        ops.push({
          port: ownCreatePort,
          head: `${method.toUpperCase()} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Idempotency-Key: ${crypto.randomUUID()}\r\nContent-Type: application/json\r\n`,
        });
      }
    }
    for (const [path, methods] of Object.entries(messaging.paths)) {
      if (!('post' in methods)) continue;
      ops.push({
        port: Number(new URL(own.messagingBaseUrl).port),
        head: `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n`,
      });
    }
    expect(ops.length).toBeGreaterThan(30);
    const plans: (() => Promise<void>)[] = [];
    for (const [i, op] of ops.entries()) {
      plans.push(() => abandon(op.port, op.head, i % 2 === 0, 'at-answer'));
      plans.push(() => abandon(op.port, op.head, i % 2 === 1, 'mid-body'));
    }
    for (let i = 0; i < plans.length; i += 10) {
      await Promise.all(plans.slice(i, i + 10).map((plan) => plan()));
      expect(own.process.exitCode, own.stderr().slice(-3000)).toBeNull();
    }
    await new Promise((r) => setTimeout(r, 3_500));
    expect(own.process.exitCode, own.stderr().slice(-3000)).toBeNull();
    expect((await fetch(`${own.createBaseUrl}/`)).status).toBe(200);
    expect((await fetch(`${own.messagingBaseUrl}/openapi.json`)).status).toBe(200);
    expect(own.stderr()).not.toMatch(/TypeError|uncaught/i);
  }, 120_000);
});

/** Opens a connection from `localAddress` and starts a request whose body trickles in. */
function slowBody(port: number, localAddress: string, head: string): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.write(`${head}Content-Length: 1000000\r\n\r\nx`);
      resolve(socket);
    });
    socket.once('close', () => resolve(socket));
  });
}

/** The first bytes the server sends on a socket (its answer), or '' when it closes without one. */
function firstAnswer(socket: Socket, timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve(text), timeoutMs);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

/** A byte every half second on a started body until the server answers (or 10 s): its answer, and how long it took. */
async function trickledAnswer(socket: Socket): Promise<{ answer: string; waitedMs: number }> {
  const trickle = setInterval(() => socket.writable && socket.write('x'), 500);
  const started = Date.now();
  const answer = await firstAnswer(socket, 10_000);
  clearInterval(trickle);
  socket.destroy();
  return { answer, waitedMs: Date.now() - started };
}

describe('slow clients', () => {
  it('2,000 slow bodies held from other addresses: a normal request is answered; one address past its cap is refused 503', async () => {
    // No key: a key's rate budget would refuse them before their bodies are read.
    const head = `POST /session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n`;
    const held: Socket[] = [];
    try {
      // Eight other loopback addresses, 250 each: every one under the cap of 512.
      for (let a = 2; a <= 9; a++) {
        held.push(
          ...(await Promise.all(Array.from({ length: 250 }, () => slowBody(createPort, `127.0.0.${a}`, head)))),
        );
      }
      expect(held.filter((s) => !s.destroyed)).toHaveLength(2_000);
      const started = Date.now();
      const res = await fetch(`${sandbox.createBaseUrl}/projects`, {
        headers: { authorization: `Bearer ${sandbox.apiKey}` },
      });
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);

      // One more address opens 520: the 512 it may hold are held, the rest refused with a reason.
      const flood = await Promise.all(Array.from({ length: 520 }, () => slowBody(createPort, '127.0.0.10', head)));
      held.push(...flood);
      const answers = await Promise.all(flood.map((s) => firstAnswer(s, 1_500)));
      const refused = answers.filter((a) => a.startsWith('HTTP/1.1 503'));
      expect(refused).toHaveLength(8);
      expect(refused[0]).toContain('holds 512 connections');
      expect((await fetch(`${sandbox.createBaseUrl}/`)).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  }, 60_000);
});

describe('a request that does not arrive in time', () => {
  let timed: RunningSandbox;
  beforeAll(async () => {
    timed = await startSandboxProcess({ args: ['--request-timeout-ms', '3000'] });
  });
  afterAll(() => timed?.stop({ removeData: true }));

  it('a body sent one byte at a time is answered 408 request.timeout when the request timeout passes, on both ports', async () => {
    const ports = [Number(new URL(timed.origin).port), Number(new URL(timed.messagingBaseUrl).port)];
    const heads = [
      `POST /session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n`,
      `POST /contacts_api HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n`,
    ];
    for (const [i, port] of ports.entries()) {
      const { answer, waitedMs } = await trickledAnswer(await slowBody(port, '127.0.0.1', heads[i]!));
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      if (i === 0) expect(answer).toContain('request.timeout');
      expect(waitedMs).toBeLessThan(8_000);
    }
    expect(timed.process.exitCode).toBeNull();
  }, 30_000);

  it('a stalled tus PATCH is answered 408 too, and the upload resumes from the offset HEAD gives', async () => {
    const tus = { authorization: `Bearer ${timed.apiKey}`, 'tus-resumable': '1.0.0' };
    const location = await startUpload(timed, 'stalled upload', 1024 * 1024);
    const head = `PATCH ${new URL(location).pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${timed.apiKey}\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\n`;
    const socket = await slowBody(Number(new URL(timed.origin).port), '127.0.0.1', head);
    socket.write(Buffer.alloc(4096, 0x61));
    const { answer, waitedMs } = await trickledAnswer(socket);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(waitedMs).toBeLessThan(8_000);

    const offset = await fetch(location, { method: 'HEAD', headers: tus });
    expect(offset.status).toBe(200);
    const at = Number(offset.headers.get('upload-offset'));
    expect(at).toBeGreaterThanOrEqual(0);
    const resumed = await fetch(location, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': String(at), 'content-type': 'application/offset+octet-stream' },
      body: Buffer.alloc(8192, 0x62),
    });
    expect(resumed.status).toBe(204);
    expect(Number(resumed.headers.get('upload-offset'))).toBe(at + 8192);
    expect(timed.process.exitCode).toBeNull();
  }, 30_000);

  it('a head that never ends is answered 408 too', async () => {
    const socket = connect(Number(new URL(timed.origin).port), '127.0.0.1');
    socket.on('error', () => {});
    socket.write('GET /api/v1/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const answer = await firstAnswer(socket, 10_000);
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('request.timeout');
  }, 30_000);
});
