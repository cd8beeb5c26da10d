// Upload benchmark: the app's core uploader (main/core/uploads) against curl, sending the
// same bytes to the same real sandbox on 127.0.0.1 in the same run.
//  - resumable (tus): the app with its default chunk size (one PATCH per chunk, each a slot
//    of the key's 120 a minute) against curl creating the upload the same way and sending
//    the whole file in one PATCH; both end when the Asset is known.
//  - multipart (POST /assets) at the largest size it takes (100 MiB) against `curl -F`.
// The app runs in a child process of its own, so its peak RSS is its own; shown for two
// file sizes, it should not grow with the file. The files are WAVs of silence (a header and
// PCM), which the sandbox sniffs and ffprobe reads like any upload.
//
//   BENCH_UPLOAD_SIZES_MIB  resumable file sizes, MiB (default 256,1024)
//   BENCH_MULTIPART_MIB     multipart file size, MiB (default 100, the largest POST /assets takes)
//   BENCH_UPLOAD_RUNS       runs of each (default 3; the median is shown)
//   BENCH_UPLOAD_CHUNK_MIB  the app's tus chunk size, MiB (default: the app's own)
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_CHUNK_BYTES } from '../main/core/uploads/uploader.ts';
import { issueKeys, jsonClient, newProject, ROOT, startBenchSandbox } from './support/benchSandbox.ts';
import { envInt, envInts, fixed, heading, median, MiB, note, ratio, summary, table } from './support/report.ts';
import { writeSilentWav } from './support/silentWav.ts';
import type { UploadChildConfig, UploadChildResult } from './support/uploadChild.ts';

const run = promisify(execFile);
const sizesMiB = envInts('BENCH_UPLOAD_SIZES_MIB', [256, 1024]);
const multipartMiB = envInt('BENCH_MULTIPART_MIB', 100);
const runs = envInt('BENCH_UPLOAD_RUNS', 3);
const chunkMiB = envInt('BENCH_UPLOAD_CHUNK_MIB', DEFAULT_CHUNK_BYTES / MiB);
const TIME = '/usr/bin/time';

interface Measured {
  elapsedMs: number;
  /** Peak RSS of the sender's process, bytes (null when it could not be read). */
  maxRssBytes: number | null;
  /** CPU time the sender spent (user + system), ms: what it takes from the sandbox on a shared machine. */
  cpuMs: number | null;
  statuses: number[];
}

async function appUpload(config: UploadChildConfig): Promise<Measured & { growthBytes: number }> {
  const { stdout } = await run(process.execPath, [join(ROOT, 'bench/support/uploadChild.ts'), JSON.stringify(config)], {
    cwd: ROOT,
    maxBuffer: 1024 * 1024,
  }).catch((err: { stdout?: string; stderr?: string }) => {
    throw new Error(`the app's upload failed: ${err.stdout ?? ''}${err.stderr ?? ''}`);
  });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as UploadChildResult;
  return {
    elapsedMs: result.elapsedMs,
    maxRssBytes: result.maxRssAfterBytes,
    growthBytes: result.maxRssAfterBytes - result.maxRssBeforeBytes,
    cpuMs: result.cpuMs,
    statuses: result.statuses,
  };
}

/** Runs curl (under /usr/bin/time -v where it is installed, for its peak RSS); returns stdout and the peak. */
async function curl(args: string[]): Promise<{ stdout: string; maxRssBytes: number | null; cpuMs: number | null }> {
  const timed = existsSync(TIME);
  const [program, argv] = timed ? [TIME, ['-v', 'curl', ...args]] : ['curl', args];
  const child = spawn(program, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`curl ${args.join(' ')} exited with ${code}: ${stderr.slice(-2000)}`);
  const kib = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
  const system = /System time \(seconds\): ([\d.]+)/.exec(stderr);
  const cpuMs = user && system ? (Number(user[1]) + Number(system[1])) * 1000 : null;
  return { stdout, maxRssBytes: kib ? Number(kib[1]) * 1024 : null, cpuMs };
}

/** `-w` output appended after the body: the HTTP status, and for tus the headers we need. */
const STATUS_MARK = '\nHTTP_STATUS:';
function splitStatus(stdout: string): { status: number; text: string } {
  const at = stdout.lastIndexOf(STATUS_MARK);
  return { status: Number(stdout.slice(at + STATUS_MARK.length).trim()), text: stdout.slice(0, at) };
}

const b64 = (value: string) => Buffer.from(value).toString('base64');

/** curl: create the upload as the app does (tus POST with the same metadata), PATCH the whole file, read the Asset. */
async function curlTus(
  baseUrl: string,
  apiKey: string,
  path: string,
  sizeBytes: number,
  projectId: number,
): Promise<Measured> {
  const auth = ['-H', `Authorization: Bearer ${apiKey}`, '-H', 'Tus-Resumable: 1.0.0'];
  const metadata = `filename ${b64(basename(path))},filetype ${b64('audio/wav')},projectId ${b64(String(projectId))}`;
  const started = performance.now();
  const created = await curl([
    '-sS',
    '-X',
    'POST',
    ...auth,
    '-H',
    `Upload-Length: ${sizeBytes}`,
    '-H',
    `Upload-Metadata: ${metadata}`,
    '-o',
    '/dev/null',
    '-w',
    '%header{location}\\n%{http_code}',
    `${baseUrl}/uploads`,
  ]);
  const [location, createdStatus] = created.stdout.trim().split('\n');
  if (createdStatus !== '201' || !location) throw new Error(`curl: creating the upload answered ${createdStatus}`);
  // -T streams the file from disk with a Content-Length; no Expect: 100-continue round trip.
  const patched = await curl([
    '-sS',
    '-X',
    'PATCH',
    ...auth,
    '-H',
    'Upload-Offset: 0',
    '-H',
    'Content-Type: application/offset+octet-stream',
    '-H',
    'Expect:',
    '-T',
    path,
    '-o',
    '/dev/null',
    '-w',
    '%header{clipdesk-asset-id}\\n%{http_code}',
    location,
  ]);
  const [assetId, patchStatus] = patched.stdout.trim().split('\n');
  if (patchStatus !== '204' || !assetId) throw new Error(`curl: the PATCH answered ${patchStatus}`);
  const asset = await curl(['-sS', ...auth, '-w', `${STATUS_MARK}%{http_code}`, `${baseUrl}/assets/${assetId}`]);
  const answered = splitStatus(asset.stdout);
  if (answered.status !== 200) throw new Error(`curl: reading the asset answered ${answered.status}`);
  const cpu = [created, patched, asset].map((c) => c.cpuMs);
  return {
    elapsedMs: performance.now() - started,
    maxRssBytes: patched.maxRssBytes,
    cpuMs: cpu.includes(null) ? null : cpu.reduce((a, b) => a! + b!, 0),
    statuses: [201, 204, 200],
  };
}

/** curl: one multipart POST /assets with the owner first, then the file. */
async function curlMultipart(baseUrl: string, apiKey: string, path: string, projectId: number): Promise<Measured> {
  const started = performance.now();
  const posted = await curl([
    '-sS',
    '-H',
    `Authorization: Bearer ${apiKey}`,
    '-H',
    'Expect:',
    '-F',
    `projectId=${projectId}`,
    '-F',
    `file=@${path};type=audio/wav`,
    '-w',
    `${STATUS_MARK}%{http_code}`,
    `${baseUrl}/assets`,
  ]);
  const answered = splitStatus(posted.stdout);
  if (answered.status !== 201)
    throw new Error(`curl: POST /assets answered ${answered.status}: ${answered.text.slice(0, 500)}`);
  return {
    elapsedMs: performance.now() - started,
    maxRssBytes: posted.maxRssBytes,
    cpuMs: posted.cpuMs,
    statuses: [201],
  };
}

const mbPerS = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);
const mib = (bytes: number | null) => (bytes === null ? '—' : fixed(bytes / MiB, 0));
/** The median CPU time of the runs, in seconds. */
const cpuSeconds = (runs: Measured[]) =>
  runs.some((r) => r.cpuMs === null) ? '—' : fixed(median(runs.map((r) => r.cpuMs!)) / 1000, 2);

interface Case {
  label: string;
  path: string;
  sizeBytes: number;
  resumable: boolean;
}

async function main(): Promise<void> {
  heading(
    'Upload: the app (main/core/uploads) against curl, same bytes, same sandbox',
    `Throughput is file bytes ÷ the time from the call to the Asset being known (sandbox side included:\n` +
      `it sniffs, hashes and probes the file). tus chunk size ${chunkMiB} MiB${chunkMiB * MiB === DEFAULT_CHUNK_BYTES ? " (the app's default)" : ''}; ` +
      `curl sends one PATCH. ${runs} run(s) each; medians shown.`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-bench-upload-'));
  const sandbox = await startBenchSandbox();
  try {
    const cases: Case[] = [
      ...sizesMiB.map((size) => ({
        label: `tus ${size} MiB`,
        path: join(dir, `silence-${size}mib.wav`),
        sizeBytes: size * MiB,
        resumable: true,
      })),
      {
        label: `multipart ${multipartMiB} MiB`,
        path: join(dir, `silence-${multipartMiB}mib.wav`),
        sizeBytes: multipartMiB * MiB,
        resumable: false,
      },
    ];
    for (const c of cases) await writeSilentWav(c.path, c.sizeBytes);

    // Each app run gets a fresh key, so the budget of its process is the only one spending it.
    const keys = await issueKeys(sandbox, [
      'curl',
      ...cases.flatMap((c) => Array.from({ length: runs }, (_, r) => `app ${c.label} #${r + 1}`)),
    ]);
    const curlKey = keys.shift()!;
    const projectId = await newProject(jsonClient(sandbox.createBaseUrl, sandbox.apiKey), 'Upload benchmark');

    const rows: (string | number)[][] = [
      [
        'case',
        'app MB/s',
        'curl MB/s',
        'app/curl',
        'app requests',
        'app peak RSS MiB',
        'RSS growth MiB',
        'curl peak RSS MiB',
        'app CPU s',
        'curl CPU s',
      ],
    ];
    const results: { label: string; app: number; curl: number; rss: number; resumable: boolean }[] = [];
    let statuses429 = 0;
    for (const c of cases) {
      const app: Awaited<ReturnType<typeof appUpload>>[] = [];
      const viaCurl: Measured[] = [];
      for (let r = 0; r < runs; r++) {
        // Alternating who goes first, so neither always meets a cooler page cache.
        const curlRun = () =>
          c.resumable
            ? curlTus(sandbox.createBaseUrl, curlKey, c.path, c.sizeBytes, projectId)
            : curlMultipart(sandbox.createBaseUrl, curlKey, c.path, projectId);
        const appRun = () =>
          appUpload({
            baseUrl: sandbox.createBaseUrl,
            apiKey: keys.shift()!,
            path: c.path,
            projectId,
            resumable: c.resumable,
            chunkSizeBytes: chunkMiB * MiB,
          });
        if (r % 2 === 0) {
          viaCurl.push(await curlRun());
          app.push(await appRun());
        } else {
          app.push(await appRun());
          viaCurl.push(await curlRun());
        }
      }
      for (const a of app) {
        const refused = a.statuses.filter((s) => s >= 400);
        statuses429 += a.statuses.filter((s) => s === 429).length;
        if (refused.length > 0) throw new Error(`the app's ${c.label} upload met ${refused.join(', ')}`);
      }
      const appRate = median(app.map((a) => mbPerS(c.sizeBytes, a.elapsedMs)));
      const curlRate = median(viaCurl.map((m) => mbPerS(c.sizeBytes, m.elapsedMs)));
      const peak = Math.max(...app.map((a) => a.maxRssBytes ?? 0));
      results.push({ label: c.label, app: appRate, curl: curlRate, rss: peak, resumable: c.resumable });
      rows.push([
        c.label,
        fixed(appRate, 0),
        fixed(curlRate, 0),
        ratio(appRate, curlRate),
        app[0]!.statuses.length,
        mib(peak),
        mib(Math.max(...app.map((a) => a.growthBytes))),
        mib(Math.max(...viaCurl.map((m) => m.maxRssBytes ?? 0)) || null),
        cpuSeconds(app),
        cpuSeconds(viaCurl),
      ]);
      note(
        `${c.label}: app ${app.map((a) => `${(a.elapsedMs / 1000).toFixed(2)} s`).join(', ')}; curl ${viaCurl.map((m) => `${(m.elapsedMs / 1000).toFixed(2)} s`).join(', ')}`,
      );
    }
    note('');
    table(rows);
    const tus = results.filter((r) => r.resumable);
    const smallest = tus[0]!;
    const largest = tus.at(-1)!;
    note(
      `Peak RSS of the app: ${mib(smallest.rss)} MiB for ${smallest.label}, ${mib(largest.rss)} MiB for ${largest.label} ` +
        `(${ratio(largest.rss, smallest.rss)} for a ${(sizesMiB.at(-1)! / sizesMiB[0]!).toFixed(0)}× larger file). 429 answers: ${statuses429}.`,
    );
    const multipart = results.find((r) => !r.resumable)!;
    summary(
      'upload',
      `${largest.label}: app ${fixed(largest.app, 0)} MB/s vs curl ${fixed(largest.curl, 0)} MB/s (${ratio(largest.app, largest.curl)}); ` +
        `${multipart.label}: ${ratio(multipart.app, multipart.curl)}; app peak RSS ${mib(smallest.rss)} → ${mib(largest.rss)} MiB ` +
        `(${sizesMiB[0]} → ${sizesMiB.at(-1)} MiB file); 429s: ${statuses429}`,
    );
  } finally {
    await sandbox.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
