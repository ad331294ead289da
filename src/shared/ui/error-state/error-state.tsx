import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/lib';
import { Button } from '../button';
import { IconAlert } from '../icon';
import styles from '../state/state.module.css';

export interface ErrorStateProps {
  /** What failed ("Failed to fetch wallet"); not shown when it says the same as `message`. */
  title?: ReactNode;
  message: ReactNode;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
  retryLabel?: ReactNode;
  retrying?: boolean;
  /** Extra actions under the retry button. */
  children?: ReactNode;
  className?: string;
}

export function ErrorState({ title, message, onRetry, retryLabel, retrying, children, className }: ErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <div className={cn(styles.root, className)} role="alert">
      <div className={cn(styles.icon, styles.danger)}>
        <IconAlert size={32} />
      </div>
      {title && title !== message && <h2 className={styles.title}>{title}</h2>}
      <p className={styles.text}>{message}</p>
      {(onRetry || children) && (
        <div className={styles.actions}>
          {onRetry && (
            <Button fullWidth onClick={onRetry} loading={retrying}>
              {retryLabel ?? t('actions.retry')}
            </Button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}
