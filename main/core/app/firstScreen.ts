// The first screen's state (shared/ipc/firstScreen.ts) read straight from the data folder,
// before the core is built: whether a workspace was chosen (the first-launch marker), and the
// screen shown last and the theme (the settings file). Read-only and forgiving: the core reads
// the same files again with their schema and recovery, and the page corrects itself from the
// contract's answers; a missing or damaged file gives the defaults here. Nothing else of the
// settings is read, and the keychain not at all: no secret can be in it.
import { readFileSync } from 'node:fs';
import { isScreenName, isThemeChoice, type FirstScreen } from '../../../shared/ipc/firstScreen.ts';
import { settingsFilePath } from '../settings/settingsFile.ts';
import { isFirstLaunchAt } from '../workspace/firstLaunch.ts';

function storedSettings(userDataDir: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(readFileSync(settingsFilePath(userDataDir), 'utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const field = (value: unknown, name: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;

export function readFirstScreenAt(userDataDir: string): FirstScreen {
  const settings = storedSettings(userDataDir);
  const screen = field(settings.place, 'screen');
  const theme = field(settings.preferences, 'theme');
  return {
    firstLaunch: isFirstLaunchAt(userDataDir),
    screen: isScreenName(screen) ? screen : null,
    theme: isThemeChoice(theme) ? theme : 'dark',
  };
}
