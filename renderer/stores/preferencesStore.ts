// The app's preferences in the renderer: the colour theme (applied to <html> at once, saved
// in the settings file) and the sizes of the editor's resizable panels (kept here while
// the user drags, saved shortly after the last change so a drag is one write).
import { create } from 'zustand';
import type { PanelSizes, ThemeChoice } from '../../shared/ipc/preferencesView.ts';
import { invoke } from '../client/clipdesk.ts';
import { showError } from './toastStore.ts';

const SAVE_PANELS_AFTER_MS = 400;

/** Sets the theme on the page (tokens.css reads data-theme); /theme-boot.js did so before the first paint. */
export function applyTheme(theme: ThemeChoice): void {
  document.documentElement.dataset.theme = theme;
}

function themeOnPage(): ThemeChoice {
  const value = document.documentElement.dataset.theme;
  return value === 'light' || value === 'system' ? value : 'dark';
}

interface PreferencesState {
  theme: ThemeChoice;
  panels: PanelSizes;
  loaded: boolean;
  load(): Promise<void>;
  setTheme(theme: ThemeChoice): Promise<void>;
  /** The new size shows at once; it is saved once the user stops changing it. */
  setPanelSize(panel: string, size: number): void;
}

let unsavedPanels: PanelSizes = {};
let saveTimer: number | undefined;

export const usePreferences = create<PreferencesState>()((set, get) => ({
  theme: themeOnPage(),
  panels: {},
  loaded: false,

  async load() {
    try {
      const preferences = await invoke('preferences.get');
      applyTheme(preferences.theme);
      // Sizes changed before the answer came stay.
      set((s) => ({ theme: preferences.theme, panels: { ...preferences.panels, ...s.panels }, loaded: true }));
    } catch (err) {
      showError('Reading your preferences', err);
    }
  },

  async setTheme(theme) {
    const before = get().theme;
    applyTheme(theme);
    set({ theme });
    try {
      await invoke('preferences.update', { theme });
    } catch (err) {
      applyTheme(before);
      set({ theme: before });
      showError('Saving the theme', err);
    }
  },

  setPanelSize(panel, size) {
    const rounded = Math.round(size);
    if (get().panels[panel] === rounded) return;
    set((s) => ({ panels: { ...s.panels, [panel]: rounded } }));
    unsavedPanels = { ...unsavedPanels, [panel]: rounded };
    window.clearTimeout(saveTimer);
    saveTimer = window.setTimeout(() => {
      const panels = unsavedPanels;
      unsavedPanels = {};
      invoke('preferences.update', { panels }).catch((err: unknown) => showError('Saving the panel sizes', err));
    }, SAVE_PANELS_AFTER_MS);
  },
}));

/** A panel's size: the one saved, else `fallback`. */
export function usePanelSize(panel: string, fallback: number): number {
  return usePreferences((s) => s.panels[panel] ?? fallback);
}
