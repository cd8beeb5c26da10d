// The app's preferences in the renderer: the colour theme (applied to <html> at once, saved
// in the settings file), the sizes of the editor's resizable panels and each project's
// timeline zoom (kept here while the user drags or zooms, saved shortly after the last change
// so a drag is one write), the screen and open project (saved as they change), and the keymap
// (the shortcuts' set and the keys the user changed; renderer/keymap runs it).
import { create } from 'zustand';
import type { ScreenName } from '../../shared/ipc/placeNames.ts';
import type { OpenProjects, PanelSizes, ThemeChoice, TimelineZooms } from '../../shared/ipc/preferencesView.ts';
import type { RequestArg } from '../../shared/ipc.ts';
import type { KeymapSettings } from '../../shared/keymap/keymapSchema.ts';
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
  /** The screen shown last, as read at start (null: none saved yet). */
  screen: ScreenName | null;
  openProjects: OpenProjects;
  timelineZooms: TimelineZooms;
  keymap: KeymapSettings;
  loaded: boolean;
  /** The preferences were read, or reading them failed: what was saved is known either way. */
  settled: boolean;
  load(): Promise<void>;
  saveScreen(screen: ScreenName): void;
  saveOpenProject(workspaceId: string, projectId: number): void;
  /** Kept at once; saved once the user stops zooming. */
  saveZoom(key: string, pxPerMs: number): void;
  setTheme(theme: ThemeChoice): Promise<void>;
  /** The new size shows at once; it is saved once the user stops changing it. */
  setPanelSize(panel: string, size: number): void;
  /** The keys work at once; a keymap main refuses is taken back, and the refusal shown. */
  setKeymap(keymap: KeymapSettings): Promise<void>;
}

let unsavedPanels: PanelSizes = {};
let saveTimer: number | undefined;
let unsavedZooms: TimelineZooms = {};
let zoomTimer: number | undefined;

function save(what: string, change: RequestArg<'preferences.update'>): void {
  invoke('preferences.update', change).catch((err: unknown) => showError(`Saving ${what}`, err));
}

function savePlace(what: string, change: RequestArg<'preferences.updatePlace'>): void {
  invoke('preferences.updatePlace', change).catch((err: unknown) => showError(`Saving ${what}`, err));
}

export const usePreferences = create<PreferencesState>()((set, get) => ({
  theme: themeOnPage(),
  panels: {},
  screen: null,
  openProjects: {},
  timelineZooms: {},
  keymap: { preset: 'default', changed: {} },
  loaded: false,
  settled: false,

  async load() {
    try {
      const [preferences, place, keymap] = await Promise.all([
        invoke('preferences.get'),
        invoke('preferences.place'),
        invoke('preferences.keymap'),
      ]);
      applyTheme(preferences.theme);
      // Sizes changed before the answer came stay.
      set((s) => ({
        theme: preferences.theme,
        panels: { ...preferences.panels, ...s.panels },
        screen: place.screen,
        openProjects: { ...place.openProjects, ...s.openProjects },
        timelineZooms: { ...place.timelineZooms, ...s.timelineZooms },
        keymap,
        loaded: true,
        settled: true,
      }));
    } catch (err) {
      set({ settled: true });
      showError('Reading your preferences', err);
    }
  },

  saveScreen(screen) {
    if (get().screen === screen) return;
    set({ screen });
    savePlace('the screen shown', { screen });
  },

  saveOpenProject(workspaceId, projectId) {
    if (get().openProjects[workspaceId] === projectId) return;
    set((s) => ({ openProjects: { ...s.openProjects, [workspaceId]: projectId } }));
    savePlace('the open project', { openProjects: { [workspaceId]: projectId } });
  },

  saveZoom(key, pxPerMs) {
    if (get().timelineZooms[key] === pxPerMs) return;
    set((s) => ({ timelineZooms: { ...s.timelineZooms, [key]: pxPerMs } }));
    unsavedZooms = { ...unsavedZooms, [key]: pxPerMs };
    window.clearTimeout(zoomTimer);
    zoomTimer = window.setTimeout(() => {
      const timelineZooms = unsavedZooms;
      unsavedZooms = {};
      savePlace('the timeline zoom', { timelineZooms });
    }, SAVE_PANELS_AFTER_MS);
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

  async setKeymap(keymap) {
    const before = get().keymap;
    set({ keymap });
    try {
      await invoke('preferences.updateKeymap', keymap);
    } catch (err) {
      set({ keymap: before });
      showError('Saving the shortcuts', err);
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
      save('the panel sizes', { panels });
    }, SAVE_PANELS_AFTER_MS);
  },
}));

/** A panel's size: the one saved, else `fallback`. */
export function usePanelSize(panel: string, fallback: number): number {
  return usePreferences((s) => s.panels[panel] ?? fallback);
}
