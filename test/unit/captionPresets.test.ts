// Caption style presets kept in the app's settings (preferences.captionPresets): saved by
// name, replaced by a save under the same name, deleted with a null style, kept across a
// restart; a bad style or name refused by the contract, naming what to change.
import { mkdtempSync, rmSync } from 'node:fs';
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
const open = (cwd: string) => openSettings(new ConfSettingsBackend({ cwd }));

describe('caption presets', () => {
  it('are saved by name, replaced, deleted, and kept across a restart', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'clipdesk-presets-'));
    folders.push(folder);
    const handlers = preferencesHandlers({ settings: open(folder) });
    expect(await handlers['preferences.captionPresets'](undefined)).toEqual({});
    const tiktok = { uppercase: true, activeWordColor: '#00FF66', activeWordScale: 1.2, boxOpacity: 0 };
    await handlers['preferences.saveCaptionPreset']({ name: 'Shorts', style: tiktok });
    await handlers['preferences.saveCaptionPreset']({ name: 'Plain', style: { fontSizePx: 48 } });
    await handlers['preferences.saveCaptionPreset']({ name: 'Plain', style: { fontSizePx: 60 } });
    const reopened = preferencesHandlers({ settings: open(folder) });
    expect(await reopened['preferences.captionPresets'](undefined)).toEqual({
      Shorts: tiktok,
      Plain: { fontSizePx: 60 },
    });
    expect(await reopened['preferences.saveCaptionPreset']({ name: 'Plain', style: null })).toEqual({ Shorts: tiktok });
  });

  it('refuses a style out of range and a name that is empty or too long', () => {
    expect(() => checkArg('preferences.saveCaptionPreset', { name: 'Big', style: { fontSizePx: 900 } })).toThrow(
      /fontSizePx.*at most 300/,
    );
    expect(() => checkArg('preferences.saveCaptionPreset', { name: ' ', style: {} })).toThrow(/needs a name/);
    expect(() => checkArg('preferences.saveCaptionPreset', { name: 'x'.repeat(41), style: {} })).toThrow(/40/);
  });
});
