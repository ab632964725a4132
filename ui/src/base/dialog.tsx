import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it, and
 * focus returns to what opened it.
 */
export function Dialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

/** Asks before an action that cannot be undone; its button is named Confirm. */
export function ConfirmDialog({
  title,
  children,
  onConfirm,
  onClose,
  busy,
}: {
  title: string;
  children: ReactNode;
  onConfirm(): void;
  onClose(): void;
  busy?: boolean;
}) {
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="dialog-body">{children}</div>
      <div className="actions">
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          Confirm
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

/** A form's submit button and Cancel. */
export function FormActions({ submit, onCancel, busy }: { submit: string; onCancel(): void; busy?: boolean }) {
  return (
    <div className="actions">
      <button type="submit" className="primary" disabled={busy}>
        {submit}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
