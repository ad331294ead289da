import { useEffect, useRef, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '../button';
import styles from './load-more.module.css';

export interface LoadMoreProps {
  /** Ask for the next page (callers ignore it while one is loading). */
  onLoadMore: () => void;
  loading?: boolean;
  /** Text of the button, e.g. "Load more". */
  label: ReactNode;
  variant?: ButtonVariant;
  /** Start loading this far before the end of the list is visible. */
  rootMargin?: string;
}

/**
 * The end of a paged list: an IntersectionObserver sentinel loads the next page as the user scrolls there, and a real
 * "Load more" button does the same for keyboards, screen readers and browsers without the observer.
 */
export function LoadMore({ onLoadMore, loading = false, label, variant = 'secondary', rootMargin = '200px' }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    }, { rootMargin });
    observer.observe(node);
    return () => observer.disconnect();
  }, [rootMargin]);
  return (
    <div className={styles.root}>
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" data-testid="load-more-sentinel" />
      <Button variant={variant} fullWidth onClick={() => onLoadMore()} loading={loading}>
        {label}
      </Button>
    </div>
  );
}
