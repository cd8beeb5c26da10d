// The project the Media and Generate screens work on: chosen once, kept while the user moves
// between screens (a new workspace starts with none).
import { create } from 'zustand';

interface CurrentProjectState {
  projectId: number | null;
  choose(projectId: number | null): void;
}

export const useCurrentProject = create<CurrentProjectState>()((set) => ({
  projectId: null,
  choose: (projectId) => set({ projectId }),
}));
