// Soak of the local service under hostile clients (issue 22), 30 s: 400 slow bodies trickling
// in from other loopback addresses, clients that hang up mid-body over and over on both ports,
// and decompression bombs and undecodable media uploaded again and again, while a normal
// client keeps working (projects, a real image upload, reads): every one of its requests is
// answered, in time, and the resident memory of the service with all its children stays under
// MEMORY_BOUND, sampled every 100 ms from /proc.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { declaredPng, sampleClaimMp4 } from '../support/craftedMedia.ts';
import { makeFixtureDir, makePng } from '../support/mediaFixtures.ts';
import { treeRss } from '../support/processTree.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

const SOAK_MS = 30_000;
const MiB = 1024 * 1024;
/** The service and its ffmpeg/ffprobe children together, resident. */
const MEMORY_BOUND = 512 * MiB;
/** The slowest answer the normal client accepts. */
const ANSWER_WITHIN_MS = 5_000;

let sandbox: RunningSandbox;
let call: ApiCall;
let projectId: number;
const fixtures = makeFixtureDir();

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  projectId = (await call('POST', '/projects', { body: { name: 'Soak' } })).body.data.id;
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Holds `count` connections whose bodies arrive one byte a second, from 127.0.0.2 upwards. */
function slowBodies(port: number, count: number, until: () => boolean): Promise<void>[] {
  return Array.from({ length: count }, (_, i) =>
    (async () => {
      while (until()) {
        const socket: Socket = connect({ port, host: '127.0.0.1', localAddress: `127.0.0.${2 + (i % 8)}` });
        socket.on('error', () => {});
        socket.write(
          'POST /session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
        );
        while (until() && !socket.destroyed) {
          socket.write('x');
          await sleep(1_000);
        }
        socket.destroy();
      }
    })(),
  );
}

/** Sends 1.2 MiB bodies (chunked or by length) and hangs up halfway or at the answer, again and again. */
async function hangUps(ports: number[], until: () => boolean): Promise<void> {
  const size = Math.floor(1.2 * MiB);
  const body = Buffer.alloc(size, 0x61);
  for (let i = 0; until(); i++) {
    await new Promise<void>((resolve) => {
      const socket = connect(ports[i % ports.length]!, '127.0.0.1');
      const done = () => {
        socket.destroy();
        resolve();
      };
      socket.on('error', done);
      socket.on('close', done);
      socket.on('data', done);
      setTimeout(done, 2_000);
      const chunked = i % 2 === 0;
      const path = ports[i % ports.length] === ports[0] ? '/session' : '/contacts_api';
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`}\r\n\r\n${chunked ? `${size.toString(16)}\r\n` : ''}`,
      );
      if (i % 3 === 0) socket.write(body.subarray(0, size >> 1), () => setTimeout(done, 10));
      else socket.write(body);
    });
  }
}

/** Uploads each hostile file in turn; every one must be refused (413 or 415). */
async function bombs(
  files: { bytes: Buffer; name: string }[],
  until: () => boolean,
  refusals: number[],
): Promise<void> {
  for (let i = 0; until(); i++) {
    const file = files[i % files.length]!;
    const form = new FormData();
    form.append('projectId', String(projectId));
    form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
    refusals.push((await call('POST', '/assets', { form })).status);
    await sleep(1_500);
  }
}

it('slow bodies, hang-ups and bombs for 30 s: a normal client is answered throughout, memory stays bounded', async () => {
  const createPort = Number(new URL(sandbox.origin).port);
  const messagingPort = Number(new URL(sandbox.messagingBaseUrl).port);
  const hostile = [
    { bytes: declaredPng(16_000, 16_000, { bitDepth: 16 }), name: 'bomb.png' },
    { bytes: await sampleClaimMp4(fixtures.dir), name: 'claims.mp4' },
    { bytes: declaredPng(100, 100, { idat: Buffer.from('not deflate') }), name: 'garbage.png' },
  ];
  const image = await makePng(fixtures.dir, { width: 320, height: 240 });
  const { readFileSync } = await import('node:fs');
  const imageBytes = readFileSync(image);

  const end = Date.now() + SOAK_MS;
  const going = () => Date.now() < end;
  let peakRss = 0;
  const memory = (async () => {
    while (going()) {
      peakRss = Math.max(peakRss, treeRss(sandbox.pid));
      await sleep(100);
    }
  })();
  const refusals: number[] = [];
  const attackers = [
    ...slowBodies(createPort, 400, going),
    hangUps([createPort, messagingPort], going),
    bombs(hostile, going, refusals),
  ];

  const slowest: { what: string; ms: number; status: number }[] = [];
  for (let i = 0; going(); i++) {
    const started = Date.now();
    let res: { status: number };
    let what: string;
    if (i % 4 === 0) {
      what = 'POST /projects';
      res = await call('POST', '/projects', { body: { name: `Normal ${i}` } });
    } else if (i % 4 === 1) {
      what = 'POST /assets (a real PNG)';
      const form = new FormData();
      form.append('projectId', String(projectId));
      form.append('file', new Blob([new Uint8Array(imageBytes)]), 'normal.png');
      res = await call('POST', '/assets', { form });
    } else if (i % 4 === 2) {
      what = 'GET /projects';
      res = await call('GET', '/projects');
    } else {
      what = 'GET messaging /openapi.json';
      res = await fetch(`${sandbox.messagingBaseUrl}/openapi.json`);
      await (res as Response).arrayBuffer();
    }
    const ms = Date.now() - started;
    slowest.push({ what, ms, status: res.status });
    expect([200, 201], `${what} answered ${res.status}`).toContain(res.status);
    expect(ms, `${what} took ${ms} ms`).toBeLessThan(ANSWER_WITHIN_MS);
    await sleep(800);
  }
  await Promise.all([...attackers, memory]);

  expect(sandbox.process.exitCode, sandbox.stderr().slice(-2000)).toBeNull();
  expect(slowest.length).toBeGreaterThan(15);
  expect(refusals.length).toBeGreaterThan(5);
  for (const status of refusals) expect([413, 415]).toContain(status);
  expect(peakRss, `peak resident memory ${Math.round(peakRss / MiB)} MiB`).toBeLessThan(MEMORY_BOUND);
  console.log(
    `soak: ${slowest.length} normal requests, slowest ${Math.max(...slowest.map((s) => s.ms))} ms; ${refusals.length} bombs refused; peak RSS ${Math.round(peakRss / MiB)} MiB`,
  );
}, 90_000);
