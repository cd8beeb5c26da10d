// The app's embedded service must not outlive the app. Signals are not enough: a parent that
// is SIGKILLed (or crashes) sends none, and every restart of the app would add another
// service on the same data folder. So the child watches its parent itself: when it is
// re-parented (its parent died) or the parent's pid no longer answers, it stops.
export const PARENT_POLL_MS = 500;

export function watchParent(parentPid: number, onGone: () => void, intervalMs = PARENT_POLL_MS): () => void {
  const alive = (): boolean => {
    if (process.ppid !== parentPid) return false;
    try {
      process.kill(parentPid, 0);
      return true;
    } catch (err) {
      // EPERM: it exists but is not ours to signal (still alive).
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  const timer = setInterval(() => {
    if (alive()) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
