// Which screen the left rail shows (remembered across reloads by placeMemory.ts): at start, the
// one the page says was shown last, so the first screen is the right one before any answer.
import { create } from 'zustand';
import { SCREEN_NAMES, type ScreenName } from '../../shared/ipc/placeNames.ts';
import { firstScreen } from '../client/firstScreen.ts';

export const SCREENS = SCREEN_NAMES;
export type { ScreenName };

interface NavigationState {
  screen: ScreenName;
  go(screen: ScreenName): void;
}

export const useNavigation = create<NavigationState>()((set) => ({
  screen: firstScreen?.screen ?? 'Projects',
  go: (screen) => set({ screen }),
}));
