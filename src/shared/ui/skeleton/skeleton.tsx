import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/lib';
import styles from './skeleton.module.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}

/** One shimmering placeholder block (decorative: hidden from assistive tech). */
export function Skeleton({ width = '100%', height = 16, radius, className }: SkeletonProps) {
  return (
    <span
      aria-hidden
      data-skeleton=""
      className={cn(styles.block, className)}
      style={{ width, height, borderRadius: radius }}
    />
  );
}

/**
 * SPEC §2: what a lazily loaded screen shows while its code loads: a header bar, three large blocks and
 * one button bar. Announced once as "Loading…" (role=status).
 */
export function ScreenSkeleton({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.screen} role="status" aria-busy="true" aria-label={label ?? t('status.loading')} data-testid="screen-skeleton">
      <div data-part="header">
        <Skeleton height={28} width="55%" radius={10} />
      </div>
      <div className={styles.blocks} data-part="blocks">
        <Skeleton height={132} radius={16} />
        <Skeleton height={132} radius={16} />
        <Skeleton height={132} radius={16} />
      </div>
      <div className={styles.buttonBar} data-part="button">
        <Skeleton height={48} radius={12} />
      </div>
    </div>
  );
}
