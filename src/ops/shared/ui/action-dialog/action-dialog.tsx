import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Button, type ButtonVariant } from '@/shared/ui';
import { ConsoleDialog } from '../console-dialog';

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
 * A modal form for one operator action (a ConsoleDialog with Cancel and the confirm button). The confirm button submits
 * the form, so Enter in a field confirms too.
 */
export function ActionDialog({ open, title, description, children, confirmLabel, confirmVariant = 'primary', pending, error, onConfirm, onClose }: ActionDialogProps) {
  const { t } = useTranslation('ops-common');
  return (
    <ConsoleDialog
      open={open}
      title={title}
      description={description}
      onClose={onClose}
      onSubmit={() => {
        if (!pending) onConfirm();
      }}
      actions={
        <>
          <Button variant="secondary" size="m" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant={confirmVariant} size="m" loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error}
    </ConsoleDialog>
  );
}
