// Which screen the left rail shows.
import { create } from 'zustand';

export const SCREENS = [
  'Projects',
  'Media',
  'Generate',
  'Timeline',
  'Exports',
  'Jobs',
  'Messaging',
  'Settings',
] as const;
export type ScreenName = (typeof SCREENS)[number];

interface NavigationState {
  screen: ScreenName;
  go(screen: ScreenName): void;
}

export const useNavigation = create<NavigationState>()((set) => ({
  screen: 'Projects',
  go: (screen) => set({ screen }),
}));
