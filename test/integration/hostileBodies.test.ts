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
  const auth = { authorization: `Bearer ${sandbox.apiKey}` };
  const project = await fetch(`${sandbox.createBaseUrl}/projects`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bodies' }),
  });
  const projectId = ((await project.json()) as { data: { id: number } }).data.id;
  const meta = `filename ${btoa('a.wav')},filetype ${btoa('audio/wav')},projectId ${btoa(String(projectId))}`;
  const upload = await fetch(`${sandbox.createBaseUrl}/uploads`, {
    method: 'POST',
    headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': String(4 * 1024 * 1024), 'upload-metadata': meta },
  });
  expect(upload.status).toBe(201);
  uploadPath = new URL(upload.headers.get('location')!).pathname;
});
afterAll(() => sandbox?.stop({ removeData: true }));

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
