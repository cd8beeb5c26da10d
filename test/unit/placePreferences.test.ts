// Where the user was (issue 21): the screen, each workspace's open project and each project's
// timeline zoom are kept with the preferences, merged, kept across a restart, bounded, and
// refused with what to change when the renderer sends a bad value.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkArg } from '../../main/core/app/dispatch.ts';
import { preferencesHandlers } from '../../main/core/app/preferencesHandlers.ts';
import { ConfSettingsBackend } from '../../main/core/settings/settingsBackend.ts';
import { openSettings } from '../../main/core/settings/settingsService.ts';
import { TIMELINE_ZOOMS_MAX } from '../../shared/ipc/preferencesView.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'clipdesk-place-'));
  folders.push(folder);
  return folder;
}
const open = (cwd: string) => preferencesHandlers({ settings: openSettings(new ConfSettingsBackend({ cwd })) });

describe('where the user was', () => {
  it('starts nowhere in particular', async () => {
    expect(await open(tempFolder())['preferences.place'](undefined)).toEqual({
      screen: null,
      openProjects: {},
      timelineZooms: {},
    });
  });

  it('keeps the screen, and merges open projects and zooms, across a restart', async () => {
    const folder = tempFolder();
    const handlers = open(folder);
    await handlers['preferences.updatePlace']({ screen: 'Timeline' });
    await handlers['preferences.updatePlace']({ openProjects: { local: 4, 'acme-1': 9 } });
    await handlers['preferences.updatePlace']({ openProjects: { local: 7 } });
    await handlers['preferences.updatePlace']({ timelineZooms: { 'local/7': 0.8, 'local/4': 0.05 } });
    await handlers['preferences.updatePlace']({ timelineZooms: { 'local/7': 1.6 } });
    // The theme and panels are another request's: unchanged by these.
    expect(await handlers['preferences.get'](undefined)).toEqual({ theme: 'dark', panels: {} });
    expect(await open(folder)['preferences.place'](undefined)).toEqual({
      screen: 'Timeline',
      openProjects: { local: 7, 'acme-1': 9 },
      timelineZooms: { 'local/4': 0.05, 'local/7': 1.6 },
    });
  });

  it(`keeps the ${TIMELINE_ZOOMS_MAX} most recently zoomed projects`, async () => {
    const handlers = open(tempFolder());
    for (let id = 1; id <= TIMELINE_ZOOMS_MAX + 5; id += 1)
      await handlers['preferences.updatePlace']({ timelineZooms: { [`local/${id}`]: 0.1 } });
    // Zooming project 1 again makes it recent: 2 to 6 are the oldest, forgotten.
    await handlers['preferences.updatePlace']({ timelineZooms: { 'local/1': 0.2 } });
    const { timelineZooms } = await handlers['preferences.place'](undefined);
    expect(Object.keys(timelineZooms)).toHaveLength(TIMELINE_ZOOMS_MAX);
    expect(timelineZooms['local/1']).toBe(0.2);
    expect(timelineZooms['local/6']).toBeUndefined();
    expect(timelineZooms['local/7']).toBe(0.1);
  });

  it('refuses bad values with what to change', () => {
    expect(() => checkArg('preferences.updatePlace', { screen: 'Home' })).toThrow(/Projects, Media/);
    expect(() => checkArg('preferences.updatePlace', { openProjects: { local: -1 } })).toThrow(/positive/);
    expect(() => checkArg('preferences.updatePlace', { openProjects: { 'Not An Id': 1 } })).toThrow(/workspace id/);
    expect(() => checkArg('preferences.updatePlace', { timelineZooms: { 'local/3': 0 } })).toThrow(/more than 0/);
    expect(() => checkArg('preferences.updatePlace', { timelineZooms: { 'local/3': 1e6 } })).toThrow(/at most 100/);
    expect(() => checkArg('preferences.updatePlace', { timelineZooms: { project3: 1 } })).toThrow(
      /<workspace id>\/<project id>/,
    );
    expect(() => checkArg('preferences.updatePlace', { history: [] })).toThrow();
  });
});
