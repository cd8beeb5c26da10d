// The saved caption style presets (the app's settings, through main): read once, and every
// save seen by each Inspector section that offers them.
import { create } from 'zustand';
import type { CaptionPresets } from '../../shared/ipc/preferencesView.ts';
import type { CaptionStyle } from '../../shared/timeline/captionStyle.ts';
import { invoke } from '../client/clipdesk.ts';
import { showError } from './toastStore.ts';

interface CaptionPresetsState {
  presets: CaptionPresets;
  loaded: boolean;
  load(): void;
  /** Saves `style` under `name` (replacing one of that name); true once saved. */
  save(name: string, style: CaptionStyle): Promise<boolean>;
}

export const useCaptionPresets = create<CaptionPresetsState>()((set, get) => ({
  presets: {},
  loaded: false,
  load() {
    if (get().loaded) return;
    set({ loaded: true });
    invoke('preferences.captionPresets').then(
      (presets) => set({ presets }),
      (err: unknown) => {
        set({ loaded: false });
        showError('Reading caption presets', err);
      },
    );
  },
  async save(name, style) {
    try {
      set({ presets: await invoke('preferences.saveCaptionPreset', { name, style }) });
      return true;
    } catch (err) {
      showError('Saving the caption preset', err);
      return false;
    }
  },
}));
