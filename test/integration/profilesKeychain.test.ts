// Two Clipdesk profiles of one OS user share the real keychain (one Secret Service, one service
// name): each keeps its own entries, named by its profile id, so neither breaks the other's local
// workspace, open together or one after the other. An entry from before entries had profile
// names is adopted once, by the profile that wrote it, never by a new one. A local workspace
// whose key stops working says so (key.problem, also for a key made for another address) and
// repairs itself with one request. Runs inside scripts/test.sh's private keyring.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { EventName, RequestArg, RequestName, RequestResult } from '../../shared/ipc.ts';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import { profileIdOf, workspaceAccount } from '../support/profileKeychain.ts';

const SERVICE = `Clipdesk-profiles-test-${randomUUID()}`;
const dirs: string[] = [];
const cores = new Set<Core>();

afterEach(async () => {
  await Promise.all([...cores].map((core) => core.close()));
  cores.clear();
});
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

function newProfileDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-profile-'));
  dirs.push(dir);
  return dir;
}

function openCore(userDataDir: string) {
  const events: { name: EventName; payload: unknown }[] = [];
  const core = createCore({
    userDataDir,
    env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE, CLIPDESK_SANDBOX_JOB_SECONDS: '0.3' },
  });
  core.events.subscribe((name, payload) => void events.push({ name, payload }));
  cores.add(core);
  return { core, events };
}

async function close(core: Core): Promise<void> {
  cores.delete(core);
  await core.close();
}

function ask<N extends RequestName>(core: Core, name: N, arg: RequestArg<N>): Promise<RequestResult<N>> {
  return core.handlers[name](arg);
}

async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function projectNames(core: Core): Promise<string[]> {
  return (await ask(core, 'projects.list', {})).items.map((p) => p.name);
}

describe('two profiles of one OS user', () => {
  it('each keep a working local workspace, open together, one restarted, and alternately', async () => {
    const dirA = newProfileDir();
    const dirB = newProfileDir();
    const a = openCore(dirA);
    await ask(a.core, 'workspaces.useLocal', undefined);
    await ask(a.core, 'projects.create', { name: 'Made in A', aspectRatio: '16:9' });

    // B starts while A is open: before entries were named by profile, this overwrote A's key.
    const b = openCore(dirB);
    await ask(b.core, 'workspaces.useLocal', undefined);
    await ask(b.core, 'projects.create', { name: 'Made in B', aspectRatio: '16:9' });

    expect(await projectNames(a.core)).toEqual(['Made in A']);
    expect(await projectNames(b.core)).toEqual(['Made in B']);
    expect(await ask(a.core, 'keys.problems', undefined)).toEqual([]);

    // Two entries, each named by its profile's id; none unscoped.
    expect(profileIdOf(dirA)).not.toBe(profileIdOf(dirB));
    const accounts = (await keytar.findCredentials(SERVICE)).map((c) => c.account);
    expect(accounts).toEqual(expect.arrayContaining([workspaceAccount(dirA), workspaceAccount(dirB)]));
    expect(accounts).not.toContain('workspace:local');

    // B restarts (its sandbox on another port, its key saved again) while A keeps working.
    await close(b.core);
    const b2 = openCore(dirB);
    expect(await projectNames(b2.core)).toEqual(['Made in B']);
    await ask(a.core, 'projects.create', { name: 'A again', aspectRatio: '1:1' });
    expect((await projectNames(a.core)).sort()).toEqual(['A again', 'Made in A']);

    // Alternately: one closed while the other starts, and back.
    await close(a.core);
    expect(await projectNames(b2.core)).toEqual(['Made in B']);
    await close(b2.core);
    const a2 = openCore(dirA);
    expect((await projectNames(a2.core)).sort()).toEqual(['A again', 'Made in A']);
    const b3 = openCore(dirB);
    expect(await projectNames(b3.core)).toEqual(['Made in B']);
    expect((await projectNames(a2.core)).sort()).toEqual(['A again', 'Made in A']);
  });

  it('an entry written before profiles had ids is adopted once by the profile that wrote it, never by a new one', async () => {
    const oldDir = newProfileDir();
    const old = openCore(oldDir);
    const before = await ask(old.core, 'workspaces.useLocal', undefined);
    await ask(old.core, 'projects.create', { name: 'Older', aspectRatio: '16:9' });
    await close(old.core);
    // What an older Clipdesk left: the entry under `workspace:local`, settings without a profile.
    const entry = (await keytar.getPassword(SERVICE, workspaceAccount(oldDir)))!;
    await keytar.deletePassword(SERVICE, workspaceAccount(oldDir));
    await keytar.setPassword(SERVICE, 'workspace:local', entry);
    const settingsPath = join(oldDir, 'settings.json');
    const { profile: _dropped, ...olderSettings } = JSON.parse(readFileSync(settingsPath, 'utf8'));
    writeFileSync(settingsPath, JSON.stringify(olderSettings));

    // A profile made since never takes it.
    const fresh = openCore(newProfileDir());
    await ask(fresh.core, 'workspaces.useLocal', undefined);
    expect(await projectNames(fresh.core)).toEqual([]);
    expect(await keytar.getPassword(SERVICE, 'workspace:local')).toBe(entry);

    // The older profile adopts it: the same master secret, so the same key, and the old entry is gone.
    const again = openCore(oldDir);
    expect(await projectNames(again.core)).toEqual(['Older']);
    const view = await ask(again.core, 'workspaces.current', undefined);
    expect(view.keys.create.lastFour).toBe(before.keys.create.lastFour);
    expect(JSON.parse((await keytar.getPassword(SERVICE, workspaceAccount(oldDir)))!).serviceMasterSecret).toEqual(
      JSON.parse(entry).serviceMasterSecret,
    );
    expect(await keytar.getPassword(SERVICE, 'workspace:local')).toBeNull();
    expect(JSON.parse(readFileSync(settingsPath, 'utf8')).profile).toMatchObject({ adoptsUnscopedKeychain: false });
  });
});

describe('a local workspace whose key stops working', () => {
  /** Rewrites the stored Create API key of the profile's local workspace as an outside hand would. */
  async function tamper(dir: string, change: (key: { secret: string; origin: string | null }) => void) {
    const account = workspaceAccount(dir);
    const stored = JSON.parse((await keytar.getPassword(SERVICE, account))!);
    change(stored.createApiKey);
    await keytar.setPassword(SERVICE, account, JSON.stringify(stored));
  }

  it('is announced as a key problem (also a key made for another address), blocks paid work with the reason, and one repair makes it work again', async () => {
    const dir = newProfileDir();
    const { core, events } = openCore(dir);
    await ask(core, 'workspaces.useLocal', undefined);
    // The app writes the webhook endpoint's secret into the same entry once its receiver is
    // registered: an outside change made before that would be overwritten by the app's own
    // read-change-write, so the tampering waits for it (a loaded machine registers late).
    await waitFor(async () => {
      const stored = JSON.parse((await keytar.getPassword(SERVICE, workspaceAccount(dir))) ?? '{}');
      return Object.keys(stored.webhookSecrets ?? {}).length > 0 ? true : undefined;
    });
    const project = await ask(core, 'projects.create', { name: 'Repaired', aspectRatio: '16:9' });
    const [model] = await ask(core, 'models.list', { kind: 'image' });

    // The key was checked against another address (what the second profile's start used to do).
    await tamper(dir, (key) => void (key.origin = 'http://127.0.0.1:1'));
    const refused = await core.dispatch('projects.list', {});
    expect(refused).toMatchObject({ ok: false, error: { code: 'workspace.key_origin' } });
    const problems = await ask(core, 'keys.problems', undefined);
    expect(problems).toEqual([
      expect.objectContaining({ workspaceId: 'local', code: 'workspace.key_origin', workspaceName: 'Local sandbox' }),
    ]);

    // Paid work waits, and says why.
    const intent = await ask(core, 'generations.submit', {
      input: { projectId: project.id, sceneId: project.scenes[0]!.id, modelId: model!.id, prompt: 'after the repair' },
    });
    const blocked = await waitFor(async () => {
      const { rows } = await ask(core, 'jobs.overview', undefined);
      return rows.find((row) => row.intentId === intent.id && row.error?.code === 'workspace.key_origin');
    });
    expect(blocked.phase).toBe('sending');

    const repaired = await ask(core, 'workspaces.repairLocalKey', undefined);
    expect(repaired).toMatchObject({ id: 'local', active: true, keys: { create: { present: true } } });
    expect(await ask(core, 'keys.problems', undefined)).toEqual([]);
    expect(events.filter((e) => e.name === 'key.problem').at(-1)!.payload).toEqual({
      workspaceId: 'local',
      problem: null,
    });
    expect(await projectNames(core)).toEqual(['Repaired']);
    const done = await waitFor(async () => {
      const { rows } = await ask(core, 'jobs.overview', undefined);
      return rows.find((row) => row.intentId === intent.id && row.phase === 'finished');
    });
    expect(done.state).toBe('completed');
    expect((await ask(core, 'generations.list', { projectId: project.id })).items).toHaveLength(1);

    // A key the service does not know (another's): refused, announced, repaired the same way.
    await tamper(dir, (key) => void (key.secret = `cd_${'x'.repeat(40)}`));
    expect(await core.dispatch('projects.list', {})).toMatchObject({
      ok: false,
      error: { code: 'auth.invalid_key', status: 401 },
    });
    await waitFor(async () =>
      (await ask(core, 'keys.problems', undefined)).some((p) => p.code === 'auth.invalid_key') ? true : undefined,
    );
    await ask(core, 'workspaces.repairLocalKey', undefined);
    expect(await ask(core, 'keys.problems', undefined)).toEqual([]);
    expect(await projectNames(core)).toEqual(['Repaired']);
  });
});

describe('the Jobs screen after a restart', () => {
  it('still names the project and cost of a paid job (kept in the journal, not only in memory)', async () => {
    const dir = newProfileDir();
    const first = openCore(dir);
    await ask(first.core, 'workspaces.useLocal', undefined);
    const project = await ask(first.core, 'projects.create', { name: 'Costed', aspectRatio: '16:9' });
    const [model] = await ask(first.core, 'models.list', { kind: 'image' });
    const intent = await ask(first.core, 'generations.submit', {
      input: { projectId: project.id, sceneId: project.scenes[0]!.id, modelId: model!.id, prompt: 'a paid picture' },
    });
    const before = await waitFor(async () => {
      const { rows } = await ask(first.core, 'jobs.overview', undefined);
      return rows.find((row) => row.intentId === intent.id && row.phase === 'finished' && row.costUsd !== null);
    });
    expect(before.costUsd).toBeGreaterThan(0);
    await close(first.core);

    const again = openCore(dir);
    const { rows } = await ask(again.core, 'jobs.overview', undefined);
    expect(rows.find((row) => row.intentId === intent.id)).toMatchObject({
      phase: 'finished',
      projectId: project.id,
      costUsd: before.costUsd,
    });
  });
});
