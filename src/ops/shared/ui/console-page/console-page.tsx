import type { ReactNode } from 'react';
import styles from './console-page.module.css';

export interface ConsolePageProps {
  /** The page's h1. */
  title: ReactNode;
  /** A line under the title. */
  lead?: ReactNode;
  /** Controls at the end of the title row (filters, a primary action). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A console screen: title row, then its content (made for a desktop, usable on a phone). */
export function ConsolePage({ title, lead, actions, children }: ConsolePageProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** A titled block of a page (h2). */
export function Panel({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.panel}>
      <header className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>{title}</h2>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </section>
  );
}
