// `npm run sandbox -- --port <n|0> --data <dir> [--wallet <usd>] [--job-seconds <s>]`
// Prints one line `SANDBOX READY {json}` once it listens; stops cleanly on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { startSandbox } from './server.ts';

const USAGE = 'usage: npm run sandbox -- --port <n|0> --data <dir> [--wallet <usd>] [--job-seconds <s>]';

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseNumber(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number from ${min} to ${max}, not "${raw}"`);
  return n;
}

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      wallet: { type: 'string' },
      'job-seconds': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  }).values;
} catch (err) {
  fail((err as Error).message);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (!args.data) fail('--data <dir> is required: the folder where the sandbox keeps its database and media');

const sandbox = await startSandbox({
  port: parseNumber('port', args.port, 0, 0, 65535),
  dataDir: resolve(args.data),
  walletUsd: parseNumber('wallet', args.wallet, 100, 0, 1e9),
  jobSeconds: parseNumber('job-seconds', args['job-seconds'], 2, 0, 3600),
});

const ready = {
  createBaseUrl: sandbox.createBaseUrl,
  apiKey: sandbox.apiKey,
  login: sandbox.login,
  origin: sandbox.origin,
  adminToken: sandbox.adminToken,
  messagingBaseUrl: sandbox.messagingBaseUrl,
  messagingApiKey: sandbox.messagingApiKey,
  pid: process.pid,
};
process.stdout.write(`SANDBOX READY ${JSON.stringify(ready)}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => process.exit(0));
  });
}
