import type { ReactNode } from 'react';
import { cn } from '@/shared/lib';
import styles from './summary-list.module.css';

export interface SummaryRow {
  id: string;
  label: ReactNode;
  value: ReactNode;
  /** A total: separated by a line, bold. */
  total?: boolean;
  /** Bold value without the separator. */
  strong?: boolean;
}

export interface SummaryListProps {
  rows: readonly SummaryRow[];
  /** Horizontal padding for use directly on a Section card. */
  inset?: boolean;
  className?: string;
}

/** Label → value lines (fees, limits, charges) as a description list; values are right-aligned numbers. */
export function SummaryList({ rows, inset, className }: SummaryListProps) {
  return (
    <dl className={cn(styles.list, inset && styles.inset, className)}>
      {rows.map((row) => (
        <div key={row.id} className={cn(styles.row, row.total && styles.total, row.strong && styles.strong)} data-row={row.id}>
          <dt className={styles.label}>{row.label}</dt>
          <dd className={styles.value}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
