// A real child process standing in for a tunnel client (cloudflared, ngrok) in tests:
// it prints their kinds of log lines with the URLs it is given and does what the steps say.
//
//   node fakeTunnel.ts --port <n> [--runs-file <path>] [--pid-file <path>] step…
//
// Steps, in order: `cloudflared:<url>` (cloudflared's boxed banner, on stderr),
// `ngrok:<url>` (ngrok's `--log stdout` line), `noise` (log lines whose links are not
// tunnels), `wait:<file>` (until the file exists; then it is removed), `exit:<code>`.
// After the last step it keeps running until it is killed. In a URL, {port} is the
// --port value and {run} counts the starts recorded in --runs-file (1, 2, …).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const argv = process.argv.slice(2);
let port = '';
let runsFile: string | null = null;
let pidFile: string | null = null;
const steps: string[] = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--port') port = argv[++i] ?? '';
  else if (argv[i] === '--runs-file') runsFile = argv[++i] ?? null;
  else if (argv[i] === '--pid-file') pidFile = argv[++i] ?? null;
  else steps.push(argv[i]!);
}

let run = 1;
if (runsFile) {
  run = (existsSync(runsFile) ? Number(readFileSync(runsFile, 'utf8')) : 0) + 1;
  writeFileSync(runsFile, String(run));
}

if (pidFile) writeFileSync(pidFile, String(process.pid));

const stamp = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const fill = (url: string) => url.replaceAll('{port}', port).replaceAll('{run}', String(run));

function cloudflared(url: string): void {
  const lines = [
    'INF Thank you for trying Cloudflare Tunnel. Doing so, without a Cloudflare account, is a quick way to experiment and try it out. However, be aware that these account-less Tunnels have no uptime guarantee. If you intend to use Tunnels in production you should use a pre-created named tunnel by following: https://developers.cloudflare.com/cloudflare-one/connections/connect-networks/',
    'INF Requesting new quick Tunnel on trycloudflare.com...',
    'INF +--------------------------------------------------------------------------------------------+',
    'INF |  Your quick Tunnel has been created! Visit it at (it may take some seconds to be reachable):  |',
    `INF |  ${url.padEnd(90)}|`,
    'INF +--------------------------------------------------------------------------------------------+',
    `INF Version 2024.8.2 (Checksum 1c2d)`,
    `INF Registered tunnel connection connIndex=0 connection=8a1f event=0 ip=198.41.200.13 location=ams08 protocol=quic`,
  ];
  for (const line of lines) process.stderr.write(`${stamp()} ${line}\n`);
}

function ngrok(url: string): void {
  process.stdout.write(`t=${stamp()} lvl=info msg="no configuration paths supplied"\n`);
  process.stdout.write(`t=${stamp()} lvl=info msg="starting web service" obj=web addr=127.0.0.1:4040 allow_hosts=[]\n`);
  process.stdout.write(
    `t=${stamp()} lvl=info msg="started tunnel" obj=tunnels name=command_line addr=http://localhost:${port} url=${url}\n`,
  );
}

function noise(): void {
  process.stderr.write(
    `${stamp()} INF Thank you for trying Cloudflare Tunnel: https://developers.cloudflare.com/cloudflare-one/connections/connect-networks/\n`,
  );
  process.stderr.write(`${stamp()} INF Terms of use: https://www.cloudflare.com/website-terms/\n`);
  process.stdout.write(`t=${stamp()} lvl=info msg="starting web service" obj=web addr=http://127.0.0.1:4040\n`);
  process.stdout.write(`t=${stamp()} lvl=warn msg="local service" url=https://localhost:${port}\n`);
}

async function waitForFile(path: string): Promise<void> {
  while (!existsSync(path)) await new Promise((r) => setTimeout(r, 20));
  rmSync(path, { force: true });
}

for (const step of steps) {
  const [name, ...rest] = step.split(':');
  const value = rest.join(':');
  if (name === 'cloudflared') cloudflared(fill(value));
  else if (name === 'ngrok') ngrok(fill(value));
  else if (name === 'noise') noise();
  else if (name === 'wait') await waitForFile(value);
  else if (name === 'exit') process.exit(Number(value));
  else throw new Error(`fakeTunnel: unknown step ${step}`);
}
setInterval(() => {}, 60_000);
