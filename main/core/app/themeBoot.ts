// The theme before the first paint: a one-line script both shells serve at THEME_BOOT_PATH
// from the saved preference, which index.html loads (synchronously, in <head>) before any
// style is applied, so a light-theme user never sees a dark flash (and the reverse). The
// page's Content-Security-Policy allows only its own scripts, so this is a file, not inline.
import type { ThemeChoice } from '../../../shared/ipc/preferencesView.ts';

export const THEME_BOOT_PATH = '/theme-boot.js';

export function themeBootScript(theme: ThemeChoice): string {
  return `document.documentElement.dataset.theme = ${JSON.stringify(theme)};\n`;
}
