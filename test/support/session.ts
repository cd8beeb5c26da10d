// Signs in to the sandbox's central session the way a browser page on its origin would.
import type { RunningSandbox } from './sandboxProcess.ts';

export interface SignedIn {
  cookie: string;
  csrfToken: string;
  /** A same-origin session request (Origin + CSRF token on writes unless overridden). */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: any }>;
}

/** `as`: sign in as another person (the support login, optionally acting on behalf of someone). */
export async function signIn(
  sandbox: Pick<RunningSandbox, 'origin' | 'createBaseUrl' | 'login'>,
  as: { email: string; password: string; impersonate?: string } = sandbox.login,
): Promise<SignedIn> {
  const res = await fetch(`${sandbox.origin}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(as),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const { data } = (await res.json()) as { data: { csrfToken: string } };
  return {
    cookie,
    csrfToken: data.csrfToken,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = {
        cookie,
        origin: sandbox.origin,
        'x-csrf-token': data.csrfToken,
        ...options.headers,
      };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const r = await fetch(`${sandbox.createBaseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await r.text();
      return { status: r.status, headers: r.headers, body: text ? JSON.parse(text) : undefined };
    },
  };
}
