import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '@/shared/lib';
import { IconChevronRight } from '../icon';
import styles from './list.module.css';

export function List({ className, ...rest }: HTMLAttributes<HTMLUListElement>) {
  return <ul {...rest} className={cn(styles.list, className)} />;
}

export interface ListItemProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Leading icon/avatar (decorative). */
  icon?: ReactNode;
  /** Right-hand value: an amount, a badge, a status. */
  trailing?: ReactNode;
  /** Makes the row a real `<button>`. */
  onClick?: () => void;
  /** Makes the row a real link (router). */
  to?: string;
  /** Show a chevron (defaults to true for links). */
  chevron?: boolean;
  disabled?: boolean;
  className?: string;
}

export function ListItem({ title, subtitle, icon, trailing, onClick, to, chevron, disabled, className }: ListItemProps) {
  const body = (
    <>
      {icon && <span className={styles.icon}>{icon}</span>}
      <span className={styles.text}>
        <span className={styles.title}>{title}</span>
        {subtitle && <span className={styles.subtitle}>{subtitle}</span>}
      </span>
      {trailing !== undefined && <span className={styles.trailing}>{trailing}</span>}
      {(chevron ?? Boolean(to)) && <IconChevronRight className={styles.chevron} size={18} />}
    </>
  );
  let row: ReactNode;
  if (to && !disabled) {
    row = (
      <Link to={to} className={cn(styles.row, styles.interactive)}>
        {body}
      </Link>
    );
  } else if (onClick) {
    row = (
      <button type="button" onClick={onClick} disabled={disabled} className={cn(styles.row, styles.interactive)}>
        {body}
      </button>
    );
  } else {
    row = <div className={styles.row}>{body}</div>;
  }
  return <li className={cn(styles.item, className)}>{row}</li>;
}
