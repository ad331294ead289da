import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/shared/lib';
import styles from './section.module.css';

export interface SectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Small text under the section (explanations, legal). */
  footer?: ReactNode;
  /** Draw the content on a card surface (default) or flat. */
  inset?: boolean;
}

/** A titled group of content, Telegram-settings style. */
export function Section({ title, footer, inset = true, className, children, ...rest }: SectionProps) {
  const titleId = useId();
  return (
    <section {...rest} className={cn(styles.section, className)} aria-labelledby={title ? titleId : undefined}>
      {title && (
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      )}
      <div className={inset ? styles.card : undefined}>{children}</div>
      {footer && <p className={styles.footer}>{footer}</p>}
    </section>
  );
}

interface CardProps extends HTMLAttributes<HTMLDivElement> {
  padded?: boolean;
  children?: ReactNode;
}

function Card({ padded = true, className, ...rest }: CardProps) {
  return <div {...rest} className={cn(styles.card, padded && styles.padded, className)} />;
}
