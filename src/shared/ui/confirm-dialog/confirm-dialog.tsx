import { Button } from '../button';
import { Sheet } from '../sheet';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  /** The question's texts while it is asked (`Confirmation.$dialog` of shared/lib); null: closed. */
  texts: { title: string; message: string; confirm: string; cancel: string; destructive?: boolean } | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The in-app "Are you sure?" (where Telegram does not draw the dialog: a browser, the dev mock): a sheet with the
 * question, the confirming button (red for an action that ends something) and "Cancel". Escape, the backdrop and
 * Telegram's back button cancel.
 */
export function ConfirmDialog({ texts, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Sheet
      open={texts !== null}
      onClose={onCancel}
      title={texts?.title ?? ''}
      footer={
        texts && (
          <div className={styles.actions}>
            <Button variant={texts.destructive ? 'destructive' : 'primary'} fullWidth onClick={onConfirm}>
              {texts.confirm}
            </Button>
            <Button variant="secondary" fullWidth onClick={onCancel}>
              {texts.cancel}
            </Button>
          </div>
        )
      }
    >
      <p className={styles.message}>{texts?.message}</p>
    </Sheet>
  );
}
