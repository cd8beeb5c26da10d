// Toasts close as people expect: a notice or a success after a few seconds (not while the
// pointer or the focus holds the list), an error or a warning only when dismissed; a
// failure is never shown as a success; the same toast twice is one toast.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_CLOSES_AFTER_MS, useToasts } from '../../renderer/stores/toastStore.ts';

const toasts = () => useToasts.getState().toasts;
const titles = () => toasts().map((t) => t.title);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  useToasts.getState().hold(false);
  for (const t of toasts()) useToasts.getState().dismiss(t.id);
  vi.useRealTimers();
});

describe('toasts', () => {
  it('close a notice and a success after a few seconds; an error and a warning stay', () => {
    const s = useToasts.getState();
    s.showSuccess('Export saved', 'Saved to /tmp/a.mp4.');
    s.showInfo('Heads up', 'Something worth knowing.');
    s.showWarning('Split at playhead: not possible', 'Track "Video 1" is locked.');
    s.showError('Renaming the project', { code: 'client.internal', message: 'It broke.' });
    expect(TOAST_CLOSES_AFTER_MS).toBeGreaterThanOrEqual(4000);
    vi.advanceTimersByTime(TOAST_CLOSES_AFTER_MS - 1);
    expect(titles()).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(titles()).toEqual(['Split at playhead: not possible', 'Renaming the project']);
    vi.advanceTimersByTime(10 * 60_000);
    expect(titles()).toEqual(['Split at playhead: not possible', 'Renaming the project']);
  });

  it('wait while held, and give each its whole time again when let go', () => {
    const s = useToasts.getState();
    s.showSuccess('Captions saved', 'Saved.');
    vi.advanceTimersByTime(TOAST_CLOSES_AFTER_MS - 100);
    s.hold(true);
    vi.advanceTimersByTime(60_000);
    expect(titles()).toEqual(['Captions saved']);
    s.hold(false);
    vi.advanceTimersByTime(TOAST_CLOSES_AFTER_MS - 1);
    expect(titles()).toEqual(['Captions saved']);
    vi.advanceTimersByTime(1);
    expect(titles()).toEqual([]);
  });

  it('say what did not happen as a warning, never as a success', () => {
    useToasts.getState().showWarning('Not cancelled', 'The job had already ended.');
    expect(toasts()[0]).toMatchObject({ kind: 'warning', closesAfterMs: null });
  });

  it('show the same toast once, as the latest', () => {
    const s = useToasts.getState();
    s.showWarning('Delete clip: not possible', 'Track "Video 1" is locked.');
    s.showWarning('Split at playhead: not possible', 'Track "Video 1" is locked.');
    s.showWarning('Delete clip: not possible', 'Track "Video 1" is locked.');
    expect(titles()).toEqual(['Split at playhead: not possible', 'Delete clip: not possible']);
  });
});
