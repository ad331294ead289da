import type { ReactNode } from 'react';
import { cn } from '@/shared/lib';
import { IconAlert } from '../icon';
import styles from './alert.module.css';

type AlertTone = 'info' | 'warning' | 'danger' | 'success';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Actions under the text (links, buttons). */
  action?: ReactNode;
  className?: string;
}

/**
 * An inline message box: form-level errors, account notices. `danger` is announced at once
 * (role="alert"); the other tones are polite (role="status").
 */
export function Alert({ tone = 'info', title, children, action, className }: AlertProps) {
  return (
    <div className={cn(styles.alert, styles[tone], className)} role={tone === 'danger' ? 'alert' : 'status'}>
      <span className={styles.icon} aria-hidden>
        <IconAlert size={20} />
      </span>
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div className={styles.text}>{children}</div>}
        {action && <div className={styles.action}>{action}</div>}
      </div>
    </div>
  );
}
