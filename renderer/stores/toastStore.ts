// Toasts: every failure the user should see, with its code, message and request ID.
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import { isKeyProblemCode } from '../../shared/errorCodes.ts';
import { asAppError } from '../client/clipdesk.ts';

export interface Toast {
  readonly id: number;
  /** What the user was doing, e.g. "Renaming the project". */
  readonly title: string;
  readonly error: AppError | null;
  readonly message: string;
}

interface ToastState {
  toasts: Toast[];
  /** `error` is whatever was caught: an AppError is shown as it is, anything else as client.internal. */
  showError(title: string, error: unknown): void;
  showInfo(title: string, message: string): void;
  dismiss(id: number): void;
}

const MAX_TOASTS = 5;
let nextId = 1;

export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  showError(title, caught) {
    const error = asAppError(caught);
    // A refused key has its own prompt (KeyProblemPrompt), named once, not a toast per request.
    if (isKeyProblemCode(error.code)) return;
    set((s) => ({ toasts: [...s.toasts, { id: nextId++, title, error, message: error.message }].slice(-MAX_TOASTS) }));
  },
  showInfo: (title, message) =>
    set((s) => ({ toasts: [...s.toasts, { id: nextId++, title, error: null, message }].slice(-MAX_TOASTS) })),
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** The one way to show a failure: `showError('Renaming the project', err)` with what was caught. */
export const showError = (title: string, error: unknown): void => useToasts.getState().showError(title, error);
