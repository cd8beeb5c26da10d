// The app's preferences (theme, panel sizes): dark unless chosen otherwise, panel sizes
// merged and kept across a restart, bad values refused by the contract, and the saved
// theme served as the script that sets it before the first paint.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrowserServer } from '../../main/browserMode/browserServer.ts';
import { checkArg } from '../../main/core/app/dispatch.ts';
import { createEventBus } from '../../main/core/app/eventBus.ts';
import { preferencesHandlers } from '../../main/core/app/preferencesHandlers.ts';
import { THEME_BOOT_PATH, themeBootScript } from '../../main/core/app/themeBoot.ts';
import { ConfSettingsBackend } from '../../main/core/settings/settingsBackend.ts';
import { openSettings } from '../../main/core/settings/settingsService.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'clipdesk-preferences-'));
  folders.push(folder);
  return folder;
}
const open = (cwd: string) => openSettings(new ConfSettingsBackend({ cwd }));

describe('preferences', () => {
  it('start dark, with no panel sizes', async () => {
    const handlers = preferencesHandlers({ settings: open(tempFolder()) });
    expect(await handlers['preferences.get'](undefined)).toEqual({ theme: 'dark', panels: {} });
  });

  it('keep the theme and merge panel sizes, across a restart', async () => {
    const folder = tempFolder();
    const handlers = preferencesHandlers({ settings: open(folder) });
    await handlers['preferences.update']({ theme: 'light' });
    await handlers['preferences.update']({ panels: { 'timeline.bin': 260, 'timeline.inspector': 300 } });
    // One panel resized later: the other's size stays.
    await handlers['preferences.update']({ panels: { 'timeline.bin': 200 } });
    const reopened = preferencesHandlers({ settings: open(folder) });
    expect(await reopened['preferences.get'](undefined)).toEqual({
      theme: 'light',
      panels: { 'timeline.bin': 200, 'timeline.inspector': 300 },
    });
  });

  it('are refused with what to change when the renderer sends a bad value', () => {
    expect(() => checkArg('preferences.update', { theme: 'purple' })).toThrow(/theme/);
    expect(() => checkArg('preferences.update', { panels: { 'Bin width!': 200 } })).toThrow(/"timeline.bin"/);
    expect(() => checkArg('preferences.update', { panels: { 'timeline.bin': 1.5 } })).toThrow(/whole number/);
    expect(() => checkArg('preferences.update', { panels: { 'timeline.bin': 90_000 } })).toThrow(/8000/);
  });
});

describe('the theme before the first paint', () => {
  it('is a script that sets data-theme on <html>', () => {
    const element = { dataset: {} as Record<string, string> };
    new Function('document', themeBootScript('light'))({ documentElement: element });
    expect(element.dataset.theme).toBe('light');
  });

  it('is served by browser mode with the theme saved now, never cached', async () => {
    const rendererDir = tempFolder();
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Clipdesk</title>');
    let theme: 'dark' | 'light' = 'dark';
    const core = {
      events: createEventBus(),
      dispatch: async () => ({ ok: true as const, value: null }),
      themeBootScript: () => themeBootScript(theme),
    };
    const server = await startBrowserServer({ core, rendererDir, port: 0 });
    const get = () =>
      new Promise<{ status: number; type: string; cache: string; body: string }>((resolve, reject) => {
        const req = request(`${server.origin}${THEME_BOOT_PATH}`, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              type: String(res.headers['content-type']),
              cache: String(res.headers['cache-control']),
              body,
            }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const first = await get();
      expect(first).toMatchObject({ status: 200, cache: 'no-store' });
      expect(first.type).toMatch(/^text\/javascript/);
      expect(first.body).toContain('"dark"');
      theme = 'light';
      expect((await get()).body).toContain('"light"');
    } finally {
      await server.close();
    }
  });
});
