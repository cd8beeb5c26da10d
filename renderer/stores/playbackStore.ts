// The transport: whether the timeline plays and how fast (Space, J/K/L), the range I and O
// mark (rendered by "Render preview", looped when the loop is on). Keys and buttons only
// call these actions; the monitor's engine (renderer/preview/previewEngine.ts) makes the
// picture and sound follow, and moves the playhead (timelineViewStore) as it plays. The
// playhead and the timeline's length are handed in: this store reads no other.
import { create } from 'zustand';

export interface PlayRange {
  readonly startMs: number;
  readonly endMs: number;
}

/** The fastest shuttle: J or L pressed again goes 1×, 2×, 4×. */
export const MAX_SHUTTLE = 4;
/** A range is at least this long. */
const MIN_RANGE_MS = 100;

interface PlaybackState {
  /** 0 paused; 1 forwards, 2 and 4 faster; negative backwards (J). */
  rate: number;
  /** What I and O marked; null when nothing is. */
  range: PlayRange | null;
  /** Play the range over and over. */
  loop: boolean;
  /** Space: plays at 1× when paused, pauses otherwise. */
  togglePlay(): void;
  play(rate?: number): void;
  /** K. */
  pause(): void;
  /** L (1) or J (−1): starts that way, or goes faster that way (up to 4×). */
  shuttle(direction: 1 | -1): void;
  /** I and O: the range starts or ends at the playhead (`atMs`); a range starting there ends within the timeline. */
  markIn(atMs: number, durationMs: number): void;
  markOut(atMs: number): void;
  setRange(range: PlayRange | null): void;
  toggleLoop(): void;
  reset(): void;
}

export const usePlayback = create<PlaybackState>()((set, get) => ({
  rate: 0,
  range: null,
  loop: false,
  togglePlay: () => set({ rate: get().rate === 0 ? 1 : 0 }),
  play: (rate = 1) => set({ rate }),
  pause: () => set({ rate: 0 }),
  shuttle(direction) {
    const rate = get().rate;
    set({ rate: Math.sign(rate) === direction ? direction * Math.min(MAX_SHUTTLE, Math.abs(rate) * 2) : direction });
  },
  markIn(at, durationMs) {
    const end = get().range?.endMs ?? Math.min(durationMs, at + 5000);
    set({ range: { startMs: at, endMs: Math.max(end, at + MIN_RANGE_MS) } });
  },
  markOut(at) {
    const start = get().range?.startMs ?? Math.max(0, at - 5000);
    set({ range: { startMs: Math.max(0, Math.min(start, at - MIN_RANGE_MS)), endMs: Math.max(at, MIN_RANGE_MS) } });
  },
  setRange: (range) => set({ range }),
  toggleLoop: () => set({ loop: !get().loop }),
  reset: () => set({ rate: 0, range: null, loop: false }),
}));
