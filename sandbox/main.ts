// `npm run sandbox -- --port <n|0> --data <dir> [options]` (see USAGE and README.md).
// Prints one line `SANDBOX READY {json}` once it listens; stops cleanly on SIGINT/SIGTERM, and
// with --parent-pid also when that process is gone (the app that started it died).
// Refuses (exit 3) a data folder another sandbox is using. With --master-secret-stdin it reads
// the master secret its keys and webhook signing secrets are derived from as the first line of
// standard input (never argv or the environment, which other local users can read); without it,
// a new one at each start, so keys change at each start.
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { masterSecretProblem } from './auth/serviceSecrets.ts';
import { FAULT_RANGES, type FaultSettings } from './faults/faultSettings.ts';
import { DataFolderInUse } from './dataFolderLock.ts';
import { MAX_CONNECTIONS_PER_ADDRESS, REQUEST_TIMEOUT_MS } from './http/connectionLimits.ts';
import type { JobBudget } from './jobs/jobBudget.ts';
import { watchParent } from './parentWatch.ts';
import { startSandbox } from './server.ts';

// Its database holds the account's data: readable by this user alone (files 0600, folders 0700).
process.umask(0o077);

const USAGE = [
  'usage: npm run sandbox -- --port <n|0> --data <dir> [--messaging-port <n|0>] [--wallet <usd>] [--job-seconds <s>]',
  '         [--allow-insecure-webhooks] [--webhook-retry-base-ms <ms>]',
  '         [--latency-ms <ms>] [--unavailable-share <0..1>] [--retry-after <s>] [--drop-share <0..1>]',
  '         [--job-fail-share <0..1>] [--job-slow-factor <x>] [--duplicate-webhooks] [--parent-pid <pid>]',
  '         [--master-secret-stdin] [--request-timeout-ms <ms>] [--max-connections-per-address <n>]',
  '         [--job-budget-base-ms <ms>] [--job-budget-per-media-second-ms <ms>] [--transcribe-chunk-ms <ms>]',
].join('\n');

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseNumber(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
  int = false,
): number {
  if (raw === undefined) return fallback;
  const n = raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n) || n < min || n > max || (int && !Number.isInteger(n))) {
    fail(`--${name} must be ${int ? 'a whole number' : 'a number'} from ${min} to ${max}, not "${raw}"`);
  }
  return n;
}

const faultFlags = Object.fromEntries(Object.values(FAULT_RANGES).map((r) => [r.flag, { type: 'string' as const }]));

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string' },
      'messaging-port': { type: 'string' },
      data: { type: 'string' },
      wallet: { type: 'string' },
      'job-seconds': { type: 'string' },
      'allow-insecure-webhooks': { type: 'boolean' },
      'webhook-retry-base-ms': { type: 'string' },
      'duplicate-webhooks': { type: 'boolean' },
      'parent-pid': { type: 'string' },
      'master-secret-stdin': { type: 'boolean' },
      'request-timeout-ms': { type: 'string' },
      'job-budget-base-ms': { type: 'string' },
      'job-budget-per-media-second-ms': { type: 'string' },
      'transcribe-chunk-ms': { type: 'string' },
      'max-connections-per-address': { type: 'string' },
      ...faultFlags,
      help: { type: 'boolean' },
    },
    strict: true,
  }).values as Record<string, string | boolean | undefined>;
} catch (err) {
  fail((err as Error).message);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (typeof args.data !== 'string' || !args.data)
  fail('--data <dir> is required: the folder where the sandbox keeps its database and media');

const str = (name: string): string | undefined => args[name] as string | undefined;
const faults: Partial<FaultSettings> = {};
for (const [key, range] of Object.entries(FAULT_RANGES) as [
  keyof typeof FAULT_RANGES,
  (typeof FAULT_RANGES)[keyof typeof FAULT_RANGES],
][]) {
  const raw = str(range.flag);
  if (raw !== undefined) faults[key] = parseNumber(range.flag, raw, 0, range.min, range.max, range.int);
}
if (args['duplicate-webhooks']) faults.duplicateWebhooks = true;

const parentPid = parseNumber('parent-pid', str('parent-pid'), 0, 1, 2 ** 31 - 1, true);

/** The first line of standard input, the master secret (the app writes it from the keychain). */
async function readMasterSecret(): Promise<string> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let first: string | undefined;
  for await (const line of lines) {
    first = line.trim();
    break;
  }
  lines.close();
  process.stdin.destroy();
  if (first === undefined) fail('--master-secret-stdin: standard input ended before the line with the master secret');
  const problem = masterSecretProblem(first);
  if (problem) fail(`--master-secret-stdin: ${problem}`);
  return first;
}
const masterSecret = args['master-secret-stdin'] ? await readMasterSecret() : undefined;

// Temporary files (render parts, the recogniser's sound) go to the data folder's tmp/, which is
// emptied at each start (jobs/leftovers.ts): never /tmp, where a killed run's files stay.
const dataDir = resolve(args.data);
process.env.TMPDIR = join(dataDir, 'tmp');
const jobBudget: Partial<JobBudget> = {};
if (str('job-budget-base-ms') !== undefined)
  jobBudget.baseMs = parseNumber('job-budget-base-ms', str('job-budget-base-ms'), 0, 100, 86_400_000, true);
if (str('job-budget-per-media-second-ms') !== undefined) {
  jobBudget.perMediaSecondMs = parseNumber(
    'job-budget-per-media-second-ms',
    str('job-budget-per-media-second-ms'),
    0,
    0,
    3_600_000,
    true,
  );
}

// Benchmarks set the admin token to reach the /_sandbox controls of a sandbox the app started.
const adminToken = process.env.CLIPDESK_SANDBOX_ADMIN_TOKEN;
if (adminToken !== undefined && adminToken.length < 24)
  fail('CLIPDESK_SANDBOX_ADMIN_TOKEN must be at least 24 characters (or unset for a random one)');

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
try {
  sandbox = await startSandbox({
    port: parseNumber('port', str('port'), 0, 0, 65535, true),
    messagingPort: parseNumber('messaging-port', str('messaging-port'), 0, 0, 65535, true),
    dataDir,
    jobBudget,
    walletUsd: parseNumber('wallet', str('wallet'), 100, 0, 1e9),
    jobSeconds: parseNumber('job-seconds', str('job-seconds'), 2, 0, 3600),
    allowInsecureWebhooks: args['allow-insecure-webhooks'] === true,
    webhookRetryBaseMs: parseNumber('webhook-retry-base-ms', str('webhook-retry-base-ms'), 1000, 10, 60_000, true),
    requestTimeoutMs: parseNumber(
      'request-timeout-ms',
      str('request-timeout-ms'),
      REQUEST_TIMEOUT_MS,
      1000,
      3_600_000,
      true,
    ),
    maxConnectionsPerAddress: parseNumber(
      'max-connections-per-address',
      str('max-connections-per-address'),
      MAX_CONNECTIONS_PER_ADDRESS,
      1,
      100_000,
      true,
    ),
    faults,
    ...(str('transcribe-chunk-ms') !== undefined && {
      transcribeChunkMs: parseNumber('transcribe-chunk-ms', str('transcribe-chunk-ms'), 0, 2_000, 600_000, true),
    }),
    ...(masterSecret === undefined ? {} : { masterSecret }),
    ...(adminToken === undefined ? {} : { adminToken }),
  });
} catch (err) {
  if (!(err instanceof DataFolderInUse)) throw err;
  process.stderr.write(`sandbox: ${err.message}\n`);
  process.exit(3);
}

const ready = {
  createBaseUrl: sandbox.createBaseUrl,
  apiKey: sandbox.apiKey,
  login: sandbox.login,
  supportLogin: sandbox.supportLogin,
  origin: sandbox.origin,
  adminToken: sandbox.adminToken,
  messagingBaseUrl: sandbox.messagingBaseUrl,
  messagingApiKey: sandbox.messagingApiKey,
  pid: process.pid,
};
process.stdout.write(`SANDBOX READY ${JSON.stringify(ready)}\n`);

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  void sandbox.close().then(() => process.exit(0));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
if (parentPid) {
  watchParent(parentPid, () => {
    process.stderr.write(`[sandbox] process ${parentPid}, which started this sandbox, is gone: stopping\n`);
    stop();
  });
}
