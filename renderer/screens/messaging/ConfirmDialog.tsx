// A question that must be answered before something irreversible (sending messages that may
// already have gone out): the safe choice has the focus, Escape answers it.
import { useRef, type ReactNode } from 'react';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** danger (default) where the answer may repeat what already went out; primary for a plain send. */
  confirmVariant?: 'danger' | 'primary';
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  confirmVariant = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const textId = `messaging-confirm-text`;
  return (
    <Dialog
      role="alertdialog"
      title={title}
      descriptionId={textId}
      initialFocus={cancel}
      onClose={onCancel}
      footer={
        <>
          <Button ref={cancel} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div id={textId}>{children}</div>
    </Dialog>
  );
}
