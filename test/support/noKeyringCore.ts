// The core on a session with no Secret Service, for noKeychain.test.ts (run with
// DBUS_SESSION_BUS_ADDRESS pointing nowhere): uses the local workspace, then tries to add a
// remote account. Prints `RESULT {json}`.
//   node noKeyringCore.ts <userDataDir> <remoteCreateBaseUrl> <remoteApiKey>
import { createCore } from '../../main/core/app/createCore.ts';

const [userDataDir, remoteUrl, remoteKey] = process.argv.slice(2);
const core = createCore({ userDataDir: userDataDir!, env: process.env, webhooks: null });
const result: Record<string, unknown> = {};
try {
  const local = await core.handlers['workspaces.useLocal'](undefined);
  result.local = { active: local.active, keyPresent: local.keys.create.present };
  result.project = (await core.handlers['projects.create']({ name: 'Without a keychain', aspectRatio: '16:9' })).name;
  try {
    await core.handlers['workspaces.addRemote']({ name: 'Studio', createBaseUrl: remoteUrl!, apiKey: remoteKey! });
    result.remote = 'added';
  } catch (err) {
    result.remote = { code: (err as { code: string }).code, message: (err as Error).message };
  }
} catch (err) {
  result.failed = { code: (err as { code?: string }).code, message: (err as Error).message };
} finally {
  await core.close();
}
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
