import type { ReactNode } from 'react';
import styles from './details.module.css';

/** Label → value pairs (a <dl>): a record's fields. */
export function Details({ items }: { items: ReadonlyArray<{ label: ReactNode; value: ReactNode; key?: string }> }) {
  return (
    <dl className={styles.list}>
      {items.map((item, index) => (
        <div className={styles.row} key={item.key ?? index}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={styles.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
