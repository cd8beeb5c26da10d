// The soak tests' own look at the sandbox while its faults are on: the test's checks and
// setup must see through the 503s, dropped connections and rate limits that the app under
// test is made to suffer, so they try again until they get a real answer.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiCall } from './sandboxProcess.ts';

/**
 * Calls until the answer is neither a fault (503, 429 or a dropped connection) nor missing.
 * Only for reads, and for setup writes a fault stops before the service handles them
 * (the sandbox's faults act before any route).
 */
export async function steadyCall(
  call: ApiCall,
  method: string,
  path: string,
  options: Parameters<ApiCall>[2] = {},
  timeoutMs = 90_000,
): ReturnType<ApiCall> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    try {
      const res = await call(method, path, options);
      if (res.status !== 503 && res.status !== 429) return res;
      last = `${res.status} ${JSON.stringify(res.body)}`;
      await sleep(Math.min(5_000, Number(res.headers.get('retry-after') ?? 0) * 1000 + 20));
    } catch (err) {
      last = String(err);
      await sleep(20);
    }
  }
  throw new Error(`${method} ${path} got no steady answer in ${timeoutMs} ms: ${last}`);
}

/** GET of raw bytes (an asset's content), tried again on faults like steadyCall. */
export async function steadyBytes(url: string, apiKey: string, timeoutMs = 90_000): Promise<Buffer> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status === 200) return body;
      last = `${res.status} ${body.subarray(0, 200).toString()}`;
      if (res.status !== 503 && res.status !== 429) break;
      await sleep(Math.min(5_000, Number(res.headers.get('retry-after') ?? 0) * 1000 + 20));
    } catch (err) {
      last = String(err);
      await sleep(20);
    }
  }
  throw new Error(`GET ${url} failed: ${last}`);
}
