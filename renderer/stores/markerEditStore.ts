// Which marker's editor is open (the M key opens it on the marker it adds; a click on a
// marker opens it too). One small store, so the shortcut table and the ruler share it.
import { create } from 'zustand';

interface MarkerEditState {
  /** The marker whose editor is open, or null. */
  editingId: string | null;
  open(markerId: string): void;
  close(): void;
}

export const useMarkerEdit = create<MarkerEditState>()((set) => ({
  editingId: null,
  open: (markerId) => set({ editingId: markerId }),
  close: () => set({ editingId: null }),
}));
