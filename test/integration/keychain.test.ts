// The keychain against the REAL Secret Service: scripts/test.sh runs every test
// inside `dbus-run-session` with an unlocked gnome-keyring. Each run files its
// entries under its own service name and removes them at the end.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { Keychain } from '../../main/core/keychain/keychain.ts';
import { KeytarSecretStore } from '../../main/core/keychain/keytarSecretStore.ts';

const SERVICE = `Clipdesk-test-${randomUUID()}`;
const keychain = () => new Keychain(new KeytarSecretStore(SERVICE));
const CREATE_KEY = 'cd_live_4f9a1c2e8b7d6a5f3e2d1c0b';
const MESSAGING_KEY = 'msg_7e6d5c4b3a291807zz91';

afterAll(async () => {
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('the keychain', () => {
  it('keeps keys in the Secret Service and shows only last four and expiry', async () => {
    const chain = keychain();
    const created = await chain.store('studio', { kind: 'createApiKey' }, CREATE_KEY, { expiresAt: '2030-01-31' });
    await chain.store('studio', { kind: 'messagingApiKey' }, MESSAGING_KEY);
    await chain.store('studio', { kind: 'webhookSecret', endpointId: 'wh_1' }, 'whsec_aaaaaaaaaaaaaaaa1111');

    expect(created).toEqual({ present: true, lastFour: '1c0b', expiresAt: '2030-01-31T00:00:00.000Z' });
    // A fresh service object (as after a restart) reads what the Secret Service holds.
    const info = await keychain().describe('studio');
    expect(info).toEqual({
      createApiKey: { present: true, lastFour: '1c0b', expiresAt: '2030-01-31T00:00:00.000Z' },
      messagingApiKey: { present: true, lastFour: 'zz91', expiresAt: null },
      webhookSecrets: { wh_1: { present: true, lastFour: '1111', expiresAt: null } },
    });
    expect(JSON.stringify(info)).not.toContain(CREATE_KEY);
    expect(JSON.stringify(info)).not.toContain(MESSAGING_KEY);

    expect(await keychain().readSecretForRequest('studio', { kind: 'createApiKey' })).toBe(CREATE_KEY);
    expect(await keychain().readSecretForRequest('studio', { kind: 'webhookSecret', endpointId: 'wh_1' })).toBe(
      'whsec_aaaaaaaaaaaaaaaa1111',
    );
    // It really is in the OS keychain, under this service and the workspace's account.
    expect(await keytar.getPassword(SERVICE, 'workspace:studio')).toContain(CREATE_KEY);
  });

  it('replaces and forgets one secret without touching the others, and other workspaces', async () => {
    const chain = keychain();
    await chain.store('w-a', { kind: 'createApiKey' }, CREATE_KEY);
    await chain.store('w-a', { kind: 'messagingApiKey' }, MESSAGING_KEY);
    await chain.store('w-b', { kind: 'createApiKey' }, 'cd_live_other_workspace_key_9999');

    await chain.store('w-a', { kind: 'createApiKey' }, 'cd_live_replacement_key_0042', {
      expiresAt: new Date('2031-06-01T12:00:00Z'),
    });
    expect((await chain.describe('w-a')).createApiKey).toEqual({
      present: true,
      lastFour: '0042',
      expiresAt: '2031-06-01T12:00:00.000Z',
    });
    expect(await chain.readSecretForRequest('w-a', { kind: 'createApiKey' })).toBe('cd_live_replacement_key_0042');

    expect(await chain.forget('w-a', { kind: 'createApiKey' })).toBe(true);
    expect(await chain.forget('w-a', { kind: 'createApiKey' })).toBe(false);
    expect((await chain.describe('w-a')).createApiKey).toEqual({ present: false, lastFour: null, expiresAt: null });
    expect(await chain.readSecretForRequest('w-a', { kind: 'createApiKey' })).toBeNull();
    expect(await chain.readSecretForRequest('w-a', { kind: 'messagingApiKey' })).toBe(MESSAGING_KEY);
    expect(await chain.readSecretForRequest('w-b', { kind: 'createApiKey' })).toBe('cd_live_other_workspace_key_9999');

    // Forgetting the last secret removes the workspace's entry from the keychain.
    await chain.forget('w-a', { kind: 'messagingApiKey' });
    expect(await keytar.getPassword(SERVICE, 'workspace:w-a')).toBeNull();
    expect(await chain.forgetWorkspace('w-b')).toBe(true);
    expect(await chain.describe('w-b')).toEqual({
      createApiKey: { present: false, lastFour: null, expiresAt: null },
      messagingApiKey: { present: false, lastFour: null, expiresAt: null },
      webhookSecrets: {},
    });
  });

  it('keeps every secret when many are stored at once', async () => {
    const chain = keychain();
    const endpoints = Array.from({ length: 8 }, (_, i) => `wh_${i}`);
    await Promise.all(
      endpoints.map((id, i) =>
        chain.store('busy', { kind: 'webhookSecret', endpointId: id }, `whsec_parallel_secret_${i}000`),
      ),
    );
    const info = await chain.describe('busy');
    expect(Object.keys(info.webhookSecrets).sort()).toEqual(endpoints);
    for (const [i, id] of endpoints.entries()) {
      expect(await chain.readSecretForRequest('busy', { kind: 'webhookSecret', endpointId: id })).toBe(
        `whsec_parallel_secret_${i}000`,
      );
    }
  });

  it('trims a pasted line break, and refuses a key it could not send', async () => {
    const chain = keychain();
    await chain.store('paste', { kind: 'createApiKey' }, `${CREATE_KEY}\n`);
    expect(await chain.readSecretForRequest('paste', { kind: 'createApiKey' })).toBe(CREATE_KEY);

    const empty = await failure(chain.store('paste', { kind: 'messagingApiKey' }, '   '));
    expect(empty).toMatchObject({
      code: 'keychain.invalid_secret',
      message: 'The Messaging API key is empty: paste the whole key.',
    });
    const broken = await failure(chain.store('paste', { kind: 'createApiKey' }, 'cd_live_half\nother_half'));
    expect(broken.message).toContain('spaces or line breaks');
    const badDate = await failure(
      chain.store('paste', { kind: 'createApiKey' }, CREATE_KEY, { expiresAt: 'next tuesday' }),
    );
    expect(badDate.message).toContain('is not a date');
    // The refused writes changed nothing.
    expect(await chain.readSecretForRequest('paste', { kind: 'createApiKey' })).toBe(CREATE_KEY);
  });

  it('shows no last four of a short secret', async () => {
    const info = await keychain().store('short', { kind: 'webhookSecret', endpointId: 'wh_s' }, 'abc123');
    expect(info).toEqual({ present: true, lastFour: null, expiresAt: null });
  });

  it('reports an entry it did not write, and lets the user forget it', async () => {
    await keytar.setPassword(SERVICE, 'workspace:foreign', 'not json at all');
    const err = await failure(keychain().describe('foreign'));
    expect(err).toMatchObject({ code: 'keychain.entry_unreadable', status: null, requestId: null, retryAfterMs: null });
    expect(err.message).toContain('forget this workspace');
    await keychain().forgetWorkspace('foreign');
    expect((await keychain().describe('foreign')).createApiKey.present).toBe(false);
  });
});

describe('without a Secret Service', () => {
  it('fails with keychain.unavailable, saying what is missing and what to install', async () => {
    const store = resolve(import.meta.dirname, '../../main/core/keychain/keytarSecretStore.ts');
    const script = `
      const { KeytarSecretStore } = await import(${JSON.stringify(store)});
      try {
        await new KeytarSecretStore(${JSON.stringify(SERVICE)}).get('workspace:any');
        console.log(JSON.stringify({ unexpected: 'no error' }));
      } catch (err) {
        console.log(JSON.stringify(err));
      }`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: `unix:path=/nonexistent/clipdesk-${randomUUID()}/bus`,
    };
    delete env.DISPLAY;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env,
      timeout: 30_000,
    });
    const error = JSON.parse(stdout.trim());
    expect(error).toMatchObject({ code: 'keychain.unavailable', status: null, requestId: null, retryAfterMs: null });
    expect(error.message).toContain('No system keychain (Secret Service) is running');
    expect(error.message).toContain('gnome-keyring');
    expect(error.message).toContain('Could not connect');
  });
});
