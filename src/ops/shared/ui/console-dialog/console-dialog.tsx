import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import styles from './console-dialog.module.css';

export interface ConsoleDialogProps {
  open: boolean;
  title: ReactNode;
  /** A sentence under the title. */
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons at the bottom, in reading order (the main one last). */
  actions: ReactNode;
  /** A form: its submit button (in `actions`) or Enter in a field calls this. Without it, a plain dialog. */
  onSubmit?: () => void;
  /** Wider, for a record's details. */
  wide?: boolean;
  onClose: () => void;
}

/**
 * The console's modal (native <dialog>: focus is trapped and returned, Escape closes it): a title, its content and its
 * buttons. ActionDialog is this with a form; a record's details use it as it is.
 */
export function ConsoleDialog({ open, title, description, children, actions, onSubmit, wide, onClose }: ConsoleDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  const content = (
    <>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {description && <p className={styles.description}>{description}</p>}
      {children}
      <div className={styles.actions}>{actions}</div>
    </>
  );
  return (
    <dialog ref={ref} className={wide ? `${styles.dialog} ${styles.wide}` : styles.dialog} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      {onSubmit ? (
        <form className={styles.body} onSubmit={submit}>
          {content}
        </form>
      ) : (
        <div className={styles.body}>{content}</div>
      )}
    </dialog>
  );
}
