// Which screen the left rail shows (remembered across reloads by placeMemory.ts).
import { create } from 'zustand';
import { SCREEN_NAMES, type ScreenName } from '../../shared/ipc/placeNames.ts';

export const SCREENS = SCREEN_NAMES;
export type { ScreenName };

interface NavigationState {
  screen: ScreenName;
  go(screen: ScreenName): void;
}

export const useNavigation = create<NavigationState>()((set) => ({
  screen: 'Projects',
  go: (screen) => set({ screen }),
}));
