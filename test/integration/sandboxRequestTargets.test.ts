// Nothing a client sends takes the local service down: through either port, any request
// target, header or body gets an answer in the API's own format (a malformed target 400,
// a malformed percent-encoding in a path parameter 400, a request line too long for the
// server its documented code), and the process stays up to answer the next request. Raw
// sockets, so the bytes are exactly what the test generated (fast-check).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownErrorCode } from '../../shared/errorCodes.ts';
import { rawExchange, type RawAnswer } from '../support/rawHttp.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';
import { bounded } from '../unit/properties/propertySupport.ts';

let sandbox: RunningSandbox;
let createPort: number;
let messagingPort: number;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  createPort = Number(new URL(sandbox.origin).port);
  messagingPort = Number(new URL(sandbox.messagingBaseUrl).port);
});
afterAll(() => sandbox?.stop({ removeData: true }));

function get(target: string, extra = ''): string {
  return `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;
}

/** The Create API's error envelope, or the Messaging API's result, with the code given. */
function expectCreateError(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status, answer.body).toBe(status);
  expect(JSON.parse(answer.body).error.code).toBe(code);
}
function expectMessagingResult(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status, answer.body).toBe(status);
  expect(JSON.parse(answer.body)).toMatchObject({ status: 'Error', code });
}

async function stillUp(): Promise<void> {
  expect(sandbox.process.exitCode, sandbox.stderr().slice(-2000)).toBeNull();
  expect((await fetch(`${sandbox.createBaseUrl}/`)).status).toBe(200);
  expect((await fetch(`${sandbox.messagingBaseUrl}/openapi.json`)).status).toBe(200);
}

describe('a malformed request target', () => {
  it('gets 400 through the Create API port, and the service stays up', async () => {
    for (const target of ['//[', 'http://[::1/', '//[::1/x', 'http://%zz/']) {
      expectCreateError(await rawExchange(createPort, get(target)), 400, 'request.invalid');
    }
    await stillUp();
  });

  it('gets 400 through the Messaging API port, and the service stays up', async () => {
    for (const target of ['//[', 'http://[::1/', '//[::1/x']) {
      expectMessagingResult(await rawExchange(messagingPort, get(target)), 400, '400');
    }
    await stillUp();
  });

  it('a malformed percent-encoding in a path parameter is 400, not 500', async () => {
    const auth = `Authorization: Bearer ${sandbox.apiKey}\r\n`;
    expectCreateError(await rawExchange(createPort, get('/api/v1/projects/%ZZ', auth)), 400, 'request.invalid_id');
    expectCreateError(await rawExchange(createPort, get('/api/v1/projects/%E0%A4%A', auth)), 400, 'request.invalid_id');
    expectCreateError(await rawExchange(createPort, get('/api/v1/projects/%FF', auth)), 400, 'request.invalid_id');
  });

  it('a request line longer than the server reads gets the documented answer, not a reset', async () => {
    const long = `/app/smsapi/sms/get?msg=${'x'.repeat(100_000)}`;
    // A client still writing when the server gives up must read the answer, not a reset.
    const messaging = await fetch(`${sandbox.messagingBaseUrl}${long}`);
    expect(messaging.status).toBe(414);
    expect(await messaging.json()).toMatchObject({ status: 'Error', code: '414' });
    const create = await fetch(`${sandbox.createBaseUrl}/projects?after=${'x'.repeat(100_000)}`);
    expect(create.status).toBe(400);
    expect((await create.json()).error.code).toBe('request.invalid');
    // A GET send of the most a request may carry (1000 numbers, 740 characters) fits.
    const numbers = Array.from({ length: 1000 }, (_, i) => `+1555${String(i).padStart(7, '0')}`).join(',');
    const query = new URLSearchParams({
      key: 'wrong',
      senderid: '+15550100',
      contacts: numbers,
      msg: '😀'.repeat(370),
      type: 'text',
    });
    const full = await fetch(`${sandbox.messagingBaseUrl}/app/smsapi/sms/get?${query}`);
    expect((await full.json()).code).toBe('02');
    await stillUp();
  });
});

// What a fuzzer throws at a request line, headers and a body.
const targetChar = fc.constantFrom(
  ...'/?#[]@!$&\'()*+,;=%:.-_~ aZ09\\"<>{}|^`'.split(''),
  '\u00e9',
  '\u00ff',
  '\u0000',
  '\t',
);
const target = fc.oneof(
  fc.string({ unit: targetChar, maxLength: 40 }).map((s) => `/${s}`),
  fc.string({ unit: targetChar, maxLength: 40 }),
  fc.constantFrom('*', 'http://[::1/', 'http://a:b@[/', '//[', 'https://%/', '/%', '/%%%', '/api/v1/projects/%ZZ'),
  fc.string({ unit: targetChar, maxLength: 30 }).map((s) => `/api/v1/projects/${s}`),
  fc.string({ unit: targetChar, maxLength: 30 }).map((s) => `/app/smsapi/sms/get?${s}`),
);
const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'BREW', 'get');
const headerName = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,20}$/);
const headerValue = fc.string({
  unit: fc.constantFrom(...'aZ09 ;,=/"\\:'.split(''), '\u00ff', '\r', '\n', '\u0000'),
  maxLength: 40,
});
const header = fc.oneof(
  fc.tuple(headerName, headerValue).map(([n, v]) => `${n}: ${v}\r\n`),
  fc.constantFrom(
    'Content-Type: application/json\r\n',
    'Content-Type: multipart/form-data; boundary=x\r\n',
    'Content-Type: application/x-www-form-urlencoded\r\n',
    'Transfer-Encoding: chunked\r\n',
    'Content-Length: 5\r\n',
    'Content-Length: -1\r\n',
    'Authorization: Bearer \r\n',
    'Expect: 100-continue\r\n',
  ),
);
const body = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom('{', '{"name":"x"}', 'msg=%FF&key=1', '0\r\n\r\n', '--x\r\n\r\n--x--').map((s) => Buffer.from(s)),
);
const request = fc.record({ method, target, headers: fc.array(header, { maxLength: 5 }), body });

describe('raw-socket fuzzing of targets, headers and bodies', () => {
  for (const which of ['Create API', 'Messaging API'] as const) {
    it(`the ${which} answers every request in its own format, or refuses it as HTTP, and stays up`, async () => {
      const port = which === 'Create API' ? createPort : messagingPort;
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const head = Buffer.from(
            `${r.method} ${r.target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${r.headers.join('')}\r\n`,
            'latin1',
          );
          const answer = await rawExchange(port, Buffer.concat([head, r.body]), { head: r.method === 'HEAD' });
          // Never a hang; a dropped connection only where the bytes were not HTTP at all.
          expect(answer.ending, `${r.method} ${JSON.stringify(r.target)}`).not.toBe('timeout');
          if (answer.status !== null && answer.body.startsWith('{')) {
            const parsed = JSON.parse(answer.body);
            if (which === 'Create API' && parsed.error) {
              expect(isKnownErrorCode(parsed.error.code), answer.body).toBe(true);
              expect(answer.status).not.toBe(500);
            }
            if (which === 'Messaging API') {
              expect(parsed.code, answer.body).toBeTypeOf('string');
              expect(parsed.code).not.toBe('500');
            }
          }
          expect(sandbox.process.exitCode, sandbox.stderr().slice(-2000)).toBeNull();
        }),
        bounded(150, 90_000),
      );
      await stillUp();
    });
  }
});
