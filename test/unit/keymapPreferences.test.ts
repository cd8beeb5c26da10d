// The keymap is main's (issue 25, editable shortcuts): kept in the settings file across a
// restart, checked when the renderer sends it, and a damaged one reads as the default keys.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkArg } from '../../main/core/app/dispatch.ts';
import { preferencesHandlers } from '../../main/core/app/preferencesHandlers.ts';
import { ConfSettingsBackend } from '../../main/core/settings/settingsBackend.ts';
import { openSettings } from '../../main/core/settings/settingsService.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'clipdesk-keymap-'));
  folders.push(folder);
  return folder;
}
const open = (cwd: string) => preferencesHandlers({ settings: openSettings(new ConfSettingsBackend({ cwd })) });

describe('the keymap in the settings file', () => {
  it('starts on the default set, and keeps a change across a restart', async () => {
    const folder = tempFolder();
    expect(await open(folder)['preferences.keymap'](undefined)).toEqual({ preset: 'default', changed: {} });
    const keymap = { preset: 'premiere' as const, changed: { snapping: ['Alt+N'] } };
    expect(await open(folder)['preferences.updateKeymap'](keymap)).toEqual(keymap);
    expect(await open(folder)['preferences.keymap'](undefined)).toEqual(keymap);
  });

  it('refuses a keymap whose keys are not keys or are given twice, saying which', () => {
    expect(() => checkArg('preferences.updateKeymap', { preset: 'default', changed: { split: ['Hyper+K'] } })).toThrow(
      /"Hyper" in "Hyper\+K" is not a modifier/,
    );
    expect(() =>
      checkArg('preferences.updateKeymap', { preset: 'default', changed: { split: ['S'], snapping: ['S'] } }),
    ).toThrow(/S is given to both "split" and "snapping"/);
  });

  it('reads a damaged keymap as the default keys and keeps the rest of the file', async () => {
    const folder = tempFolder();
    await open(folder)['preferences.update']({ theme: 'light' });
    const path = join(folder, 'settings.json');
    const stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    writeFileSync(path, JSON.stringify({ ...stored, keymap: { preset: 'vim', changed: 7 } }));
    const handlers = open(folder);
    expect(await handlers['preferences.keymap'](undefined)).toEqual({ preset: 'default', changed: {} });
    expect((await handlers['preferences.get'](undefined)).theme).toBe('light');
  });
});
