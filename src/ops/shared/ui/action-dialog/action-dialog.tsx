import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Button, type ButtonVariant } from '@/shared/ui';
import styles from './action-dialog.module.css';

export interface ActionDialogProps {
  open: boolean;
  title: ReactNode;
  /** What the action does, in a sentence. */
  description?: ReactNode;
  /** The form's fields. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  confirmVariant?: ButtonVariant;
  pending?: boolean;
  /** A form-level error (an Alert). */
  error?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A modal form for one operator action (native <dialog>: focus is trapped and returned, Escape closes it). The
 * confirm button submits the form, so Enter in a field confirms too.
 */
export function ActionDialog({ open, title, description, children, confirmLabel, confirmVariant = 'primary', pending, error, onConfirm, onClose }: ActionDialogProps) {
  const { t } = useTranslation('ops-common');
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
    if (!pending) onConfirm();
  };
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <form className={styles.form} onSubmit={submit}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {description && <p className={styles.description}>{description}</p>}
        {children}
        {error}
        <div className={styles.actions}>
          <Button variant="secondary" size="m" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant={confirmVariant} size="m" loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
