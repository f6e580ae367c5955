/** A modal confirmation: the browser's own <dialog> (focus kept inside, Escape closes it), named by its title. */
import { type ReactNode, useEffect, useId, useRef } from 'react';

export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  danger?: boolean;
}) {
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
      className="confirm"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      {props.children}
      <div className="actions">
        <button type="button" className={props.danger ? 'danger' : undefined} disabled={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={props.onClose}>
          Go back
        </button>
      </div>
    </dialog>
  );
}
