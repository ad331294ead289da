import type { ReactNode } from 'react';
import { cn } from '@/shared/lib';
import styles from './page.module.css';

export interface PageProps {
  /** Visible h1 of the screen. */
  title?: ReactNode;
  /** Elements at the end of the header row (e.g. a language switch). */
  headerEnd?: ReactNode;
  children: ReactNode;
  /** Sticky bottom area for the main action(s). */
  footer?: ReactNode;
  /**
   * A form-level message (an `Alert`, e.g. "Sign Up Error: wait 42 s") shown in the sticky footer right above
   * the action, so it is in view when the button is pressed, never scrolled away below or behind the footer.
   */
  footerNotice?: ReactNode;
  /** Add the device safe areas as padding (set false inside the app shell, which already does it). */
  safeArea?: boolean;
  className?: string;
}

/** A screen: optional header (title + end slot), scrollable content and an optional sticky footer. */
export function Page({ title, headerEnd, children, footer, footerNotice, safeArea = true, className }: PageProps) {
  return (
    <div className={cn(styles.page, safeArea && styles.safe, className)}>
      {(title || headerEnd) && (
        <header className={styles.header}>
          {title && <h1 className={styles.title}>{title}</h1>}
          {headerEnd && <div className={styles.headerEnd}>{headerEnd}</div>}
        </header>
      )}
      <div className={styles.content}>{children}</div>
      {(footer || footerNotice) && (
        <div className={styles.footer}>
          {footerNotice && (
            <div className={styles.footerNotice}>{footerNotice}</div>
          )}
          {footer}
        </div>
      )}
    </div>
  );
}
