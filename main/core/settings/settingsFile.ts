// Where the settings document lives in the app's data folder, named without conf or zod:
// browser mode's page reads the first screen's part of it before the core is built.
import { join } from 'node:path';

/** conf's configName: the file is `<folder>/settings.json`. */
export const SETTINGS_CONFIG_NAME = 'settings';

export const settingsFilePath = (folder: string, configName = SETTINGS_CONFIG_NAME): string =>
  join(folder, `${configName}.json`);
