import type { ReactNode } from 'react';
import { cn } from '@/shared/lib';
import { IconInbox } from '../icon';
import styles from '../state/state.module.css';

export interface EmptyStateProps {
  title: ReactNode;
  text?: ReactNode;
  icon?: ReactNode;
  /** A call to action, e.g. a Button. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, text, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cn(styles.root, className)}>
      <div className={styles.icon}>{icon ?? <IconInbox size={32} />}</div>
      <h2 className={styles.title}>{title}</h2>
      {text && <p className={styles.text}>{text}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
