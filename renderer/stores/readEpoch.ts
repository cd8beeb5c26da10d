// A list read page by page belongs to the workspace (and the first page) it was read for:
// a reset or a new first read starts a new epoch, and an answer that comes back after that
// is dropped instead of landing in the list shown now.
export interface ReadEpoch {
  /** Starts a new epoch (a reset, a new first page) and returns it. */
  next(): number;
  /** The epoch reads begun now belong to. */
  current(): number;
  /** True while nothing newer began since `epoch`. */
  still(epoch: number): boolean;
}

export function createReadEpoch(): ReadEpoch {
  let epoch = 0;
  return {
    next: () => ++epoch,
    current: () => epoch,
    still: (at) => at === epoch,
  };
}
