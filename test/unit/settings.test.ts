// Settings are validated, kept per folder, and never silently lost.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfSettingsBackend } from '../../main/core/settings/settingsBackend.ts';
import { openSettings, SettingsValidationError } from '../../main/core/settings/settingsService.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'clipdesk-settings-'));
  folders.push(folder);
  return folder;
}

const open = (cwd: string) => openSettings(new ConfSettingsBackend({ cwd }));
const settingsFile = (cwd: string) => join(cwd, 'settings.json');
const backups = (cwd: string) => readdirSync(cwd).filter((name) => name.startsWith('settings.invalid-'));

const remote = {
  id: 'studio',
  name: 'Studio account',
  kind: 'remote' as const,
  createBaseUrl: 'https://create.example.com/v1',
  messagingBaseUrl: 'https://messaging.example.com',
  tunnel: { mode: 'command' as const, command: 'cloudflared tunnel --url http://127.0.0.1:4567' },
  defaultCountry: 'GB',
  senderId: '+44 7700 900123',
};

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(SettingsValidationError);
    return (err as Error).message;
  }
  throw new Error('expected the change to be refused');
}

describe('settings', () => {
  it('starts with the local sandbox workspace and stores it in the given folder', () => {
    const cwd = tempFolder();
    const settings = open(cwd);
    expect(settings.warning).toBeNull();
    expect(settings.activeWorkspace()).toMatchObject({
      id: 'local',
      kind: 'local',
      dataFolder: null,
      port: 0,
      tunnel: { mode: 'loopback' },
    });
    expect(JSON.parse(readFileSync(settingsFile(cwd), 'utf8')).activeWorkspaceId).toBe('local');
  });

  it('gives each profile its own id, kept across restarts; only settings from before ids may adopt unscoped keychain entries', () => {
    const fresh = tempFolder();
    const first = open(fresh).profile();
    expect(first).toEqual({ id: expect.stringMatching(/^[0-9a-f]{16}$/), adoptsUnscopedKeychain: false });
    expect(open(fresh).profile()).toEqual(first);
    expect(open(tempFolder()).profile().id).not.toBe(first.id);

    // A file an older Clipdesk wrote (no profile): that profile used the unscoped entries.
    const older = tempFolder();
    writeFileSync(
      settingsFile(older),
      JSON.stringify({
        version: 1,
        workspaces: [{ id: 'local', name: 'Local sandbox', kind: 'local' }],
        activeWorkspaceId: 'local',
      }),
    );
    const settings = open(older);
    const profile = settings.profile();
    expect(profile.adoptsUnscopedKeychain).toBe(true);
    settings.markUnscopedKeychainAdopted();
    expect(open(older).profile()).toEqual({ id: profile.id, adoptsUnscopedKeychain: false });
  });

  it('keeps workspaces, preferences and window state across restarts, per folder', () => {
    const cwd = tempFolder();
    const first = open(cwd);
    first.saveWorkspace(remote);
    first.setActiveWorkspace('studio');
    first.setPreferences({ theme: 'light', mediaCacheLimitBytes: 2 * 1024 ** 3 });
    first.setWindowState({ width: 1600, height: 900, x: 10, y: 20, maximized: true });

    const again = open(cwd).get();
    expect(again.activeWorkspaceId).toBe('studio');
    expect(again.workspaces.map((w) => w.id)).toEqual(['local', 'studio']);
    expect(again.workspaces[1]).toEqual(remote);
    expect(again.preferences).toEqual({
      theme: 'light',
      panels: {},
      confirmPaidWork: true,
      notifyWhenJobsFinish: true,
      mediaCacheLimitBytes: 2 * 1024 ** 3,
      captionPresets: {},
    });
    expect(again.window).toEqual({ width: 1600, height: 900, x: 10, y: 20, maximized: true });

    // Another profile's folder shares nothing.
    expect(
      open(tempFolder())
        .get()
        .workspaces.map((w) => w.id),
    ).toEqual(['local']);
  });

  it('requires https for a remote workspace unless the host is this computer, naming the field', () => {
    const cwd = tempFolder();
    const settings = open(cwd);
    const before = readFileSync(settingsFile(cwd), 'utf8');

    expect(refusal(() => settings.saveWorkspace({ ...remote, createBaseUrl: 'http://create.example.com' }))).toContain(
      'workspace.createBaseUrl: The Create API base URL must use https unless its host is this computer',
    );
    expect(refusal(() => settings.saveWorkspace({ ...remote, messagingBaseUrl: 'not a url' }))).toContain(
      'workspace.messagingBaseUrl: The Messaging API base URL must be a full http(s) URL',
    );
    expect(
      refusal(() => settings.saveWorkspace({ ...remote, createBaseUrl: 'https://create.example.com/?key=secret' })),
    ).toContain('must not carry a query');
    // A refused change leaves the file as it was.
    expect(readFileSync(settingsFile(cwd), 'utf8')).toBe(before);

    for (const host of ['127.0.0.1:8080', 'localhost:3000', '[::1]:9000']) {
      expect(settings.saveWorkspace({ ...remote, createBaseUrl: `http://${host}` })).toMatchObject({
        createBaseUrl: `http://${host}`,
      });
    }
  });

  it('explains other refused changes by field', () => {
    const settings = open(tempFolder());
    expect(refusal(() => settings.saveWorkspace({ ...remote, tunnel: { mode: 'command', command: '  ' } }))).toContain(
      'workspace.tunnel.command: The tunnel command must not be empty',
    );
    expect(refusal(() => settings.saveWorkspace({ ...remote, defaultCountry: 'XX' }))).toContain(
      'workspace.defaultCountry',
    );
    expect(refusal(() => settings.saveWorkspace({ ...remote, senderId: 'ACME' }))).toContain(
      'workspace.senderId: The sender ID is a phone number',
    );
    expect(refusal(() => settings.setActiveWorkspace('nowhere'))).toContain(
      'activeWorkspaceId: No workspace has the id "nowhere"',
    );
    expect(refusal(() => settings.setWindowState({ width: 100 }))).toContain(
      'window.width: The window is at least 400 pixels wide',
    );
    expect(refusal(() => settings.removeWorkspace('local'))).toContain('Keep at least one workspace');
  });

  it('activates another workspace when the active one is removed', () => {
    const settings = open(tempFolder());
    settings.saveWorkspace(remote);
    settings.setActiveWorkspace('studio');
    settings.removeWorkspace('studio');
    expect(settings.get().activeWorkspaceId).toBe('local');
  });

  it('moves a file that is not JSON aside, uses defaults, and says where the old file went', () => {
    const cwd = tempFolder();
    writeFileSync(settingsFile(cwd), '{"version": 1, "workspaces": [');
    const settings = open(cwd);

    expect(settings.warning?.code).toBe('settings.recovered');
    expect(settings.warning?.backupPath).toBe(join(cwd, backups(cwd)[0]!));
    expect(settings.warning?.message).toContain(settings.warning!.backupPath);
    expect(readFileSync(settings.warning!.backupPath, 'utf8')).toBe('{"version": 1, "workspaces": [');
    expect(settings.get().workspaces.map((w) => w.id)).toEqual(['local']);
    // The file is valid again: the next start has nothing to recover.
    expect(open(cwd).warning).toBeNull();
  });

  it('keeps every valid part of an invalid file and backs the whole file up', () => {
    const cwd = tempFolder();
    const stored = {
      version: 1,
      workspaces: [
        remote,
        { ...remote, id: 'broken', createBaseUrl: 'http://plain.example.com' },
        { id: 'local', name: 'Local sandbox', kind: 'local' },
      ],
      activeWorkspaceId: 'broken',
      preferences: { theme: 'light' },
      window: { width: 'wide' },
    };
    writeFileSync(settingsFile(cwd), JSON.stringify(stored));
    const settings = open(cwd);

    expect(settings.get().workspaces.map((w) => w.id)).toEqual(['studio', 'local']);
    expect(settings.get().activeWorkspaceId).toBe('studio');
    expect(settings.get().preferences.theme).toBe('light');
    expect(settings.get().window.width).toBe(1280);
    expect(settings.warning?.problems.join('\n')).toContain('workspaces.1.createBaseUrl');
    expect(settings.warning?.problems.join('\n')).toContain('window.width');
    expect(JSON.parse(readFileSync(settings.warning!.backupPath, 'utf8'))).toEqual(stored);
  });

  it('refuses a file from a newer Clipdesk without losing it', () => {
    const cwd = tempFolder();
    writeFileSync(settingsFile(cwd), JSON.stringify({ version: 2, workspaces: [], somethingNew: true }));
    const settings = open(cwd);
    expect(settings.warning?.problems).toContain('version: The file is version 2; this Clipdesk reads version 1');
    expect(JSON.parse(readFileSync(settings.warning!.backupPath, 'utf8')).somethingNew).toBe(true);
    expect(settings.get().workspaces.map((w) => w.id)).toEqual(['local']);
  });

  it('reads a file written before newer fields existed, with no warning and no backup', () => {
    const cwd = tempFolder();
    writeFileSync(
      settingsFile(cwd),
      JSON.stringify({
        version: 1,
        workspaces: [{ id: 'local', name: 'Mine', kind: 'local' }],
        activeWorkspaceId: 'local',
      }),
    );
    const settings = open(cwd);
    expect(settings.warning).toBeNull();
    expect(backups(cwd)).toEqual([]);
    expect(settings.get().preferences.confirmPaidWork).toBe(true);
    expect(settings.activeWorkspace()).toMatchObject({
      name: 'Mine',
      tunnel: { mode: 'none' },
      defaultCountry: null,
      senderId: null,
    });
    expect(existsSync(settingsFile(cwd))).toBe(true);
  });
});
