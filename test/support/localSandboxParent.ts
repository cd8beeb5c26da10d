// A stand-in for the app process in orphans.test.ts: starts the local sandbox exactly as the
// core does (main/core/workspace/localSandbox.ts) and prints `PARENT READY {sandboxPid}`, then
// waits to be killed.
//   node localSandboxParent.ts <dataDir>
import { resolve } from 'node:path';
import { createLocalSandbox } from '../../main/core/workspace/localSandbox.ts';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: localSandboxParent.ts <dataDir>');
const sandbox = createLocalSandbox({
  script: resolve(import.meta.dirname, '../../sandbox/main.ts'),
  dataDir,
  port: 0,
  saveKeys: async () => {},
  log: (line) => void process.stderr.write(`${line}\n`),
});
const address = await sandbox.ensureStarted();
process.stdout.write(`PARENT READY ${JSON.stringify({ sandboxPid: address.pid })}\n`);
setInterval(() => {}, 60_000);
