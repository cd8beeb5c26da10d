// Toasts: what happened in the background, said once. Four kinds, so a failure never looks
// like a success: an error (an AppError, with its code and request ID), a warning (an
// action that did not happen, said in words: "Split: not possible"), a notice (info) and a
// success. Notices and successes close themselves after a few seconds, but not while the
// pointer or the focus is on the list (Toasts.tsx says so with hold()); errors and warnings
// stay until dismissed. The same toast shown again replaces the one before instead of stacking.
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import { isKeyProblemCode } from '../../shared/errorCodes.ts';
import { asAppError } from '../client/clipdesk.ts';

export type ToastKind = 'error' | 'warning' | 'info' | 'success';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  /** What the user was doing, e.g. "Renaming the project". */
  readonly title: string;
  readonly error: AppError | null;
  readonly message: string;
  /** How long it stays on its own; null: until dismissed. */
  readonly closesAfterMs: number | null;
}

interface ToastState {
  toasts: Toast[];
  /** `error` is whatever was caught: an AppError is shown as it is, anything else as client.internal. */
  showError(title: string, error: unknown): void;
  /** An action that did not happen, and why (stays until dismissed). */
  showWarning(title: string, message: string): void;
  /** Something worth knowing that is neither a success nor a failure. */
  showInfo(title: string, message: string): void;
  /** Something the user asked for is done (a file saved, a template published). */
  showSuccess(title: string, message: string): void;
  dismiss(id: number): void;
  /** While held (the pointer or the focus on the list), nothing closes on its own; released, each gets its whole time again. */
  hold(held: boolean): void;
}

const MAX_TOASTS = 5;
/** Long enough to read two lines twice. */
export const TOAST_CLOSES_AFTER_MS = 8000;
let nextId = 1;

export const useToasts = create<ToastState>()((set, get) => {
  const clocks = new Map<number, ReturnType<typeof setTimeout>>();
  let held = false;

  function startClock(toast: Toast): void {
    if (toast.closesAfterMs === null || held) return;
    clocks.set(
      toast.id,
      setTimeout(() => get().dismiss(toast.id), toast.closesAfterMs),
    );
  }
  function stopClocks(keep: (id: number) => boolean = () => false): void {
    for (const [id, clock] of clocks)
      if (!keep(id)) {
        clearTimeout(clock);
        clocks.delete(id);
      }
  }
  function show(kind: ToastKind, title: string, message: string, error: AppError | null = null): void {
    const closesAfterMs = kind === 'info' || kind === 'success' ? TOAST_CLOSES_AFTER_MS : null;
    const toast: Toast = { id: nextId++, kind, title, error, message, closesAfterMs };
    const toasts = [
      ...get().toasts.filter((t) => !(t.kind === kind && t.title === title && t.message === message)),
      toast,
    ].slice(-MAX_TOASTS);
    set({ toasts });
    stopClocks((id) => toasts.some((t) => t.id === id));
    startClock(toast);
  }
  return {
    toasts: [],
    showError(title, caught) {
      const error = asAppError(caught);
      // A refused key has its own prompt (KeyProblemPrompt), named once, not a toast per request.
      if (isKeyProblemCode(error.code)) return;
      show('error', title, error.message, error);
    },
    showWarning: (title, message) => show('warning', title, message),
    showInfo: (title, message) => show('info', title, message),
    showSuccess: (title, message) => show('success', title, message),
    dismiss(id) {
      stopClocks((other) => other !== id);
      set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
    },
    hold(now) {
      if (now === held) return;
      held = now;
      stopClocks();
      if (!held) get().toasts.forEach(startClock);
    },
  };
});

/** The one way to show a failure: `showError('Renaming the project', err)` with what was caught. */
export const showError = (title: string, error: unknown): void => useToasts.getState().showError(title, error);
