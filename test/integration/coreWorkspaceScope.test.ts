// A request of the page acts on the active workspace only: cancelling paid work journaled for
// another workspace is refused as not found, and that work stays in the journal, waiting.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../main/core/app/createCore.ts';
import { checkedSubmission } from '../../main/core/jobs/submission.ts';
import { openJournal } from '../../main/core/journal/journal.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

const SERVICE = `Clipdesk-scope-test-${randomUUID()}`;
const dirs: string[] = [];
let sandbox: RunningSandbox | undefined;

afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

describe('jobs.cancelIntent', () => {
  it('refuses work of another workspace, which stays journaled', async () => {
    sandbox = await startSandboxProcess();
    const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-scope-'));
    dirs.push(userDataDir);
    // Paid work another workspace journaled while offline.
    const before = openJournal({ dataDir: userDataDir });
    const request = checkedSubmission('export', {}, { projectId: 1, clips: [{ assetId: 1 }] });
    const other = before.intents.create({ kind: 'export', workspaceId: 'studio-elsewhere', request });
    before.close();

    const core = createCore({ userDataDir, env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE }, webhooks: null });
    try {
      await core.handlers['workspaces.addRemote']({
        name: 'Active one',
        createBaseUrl: sandbox.createBaseUrl,
        apiKey: sandbox.apiKey,
      });
      await expect(core.handlers['jobs.cancelIntent']({ intentId: other.id })).rejects.toMatchObject({
        code: 'intent.not_found',
      });
    } finally {
      await core.close();
    }
    const after = openJournal({ dataDir: userDataDir });
    expect(after.intents.get(other.id)).toMatchObject({ state: 'pending', workspaceId: 'studio-elsewhere' });
    after.close();
  });
});
