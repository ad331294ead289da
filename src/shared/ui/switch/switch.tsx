import { useId, type ReactNode } from 'react';
import { cn } from '@/shared/lib';
import styles from './switch.module.css';

export interface SwitchProps {
  /** What the switch turns on; the whole row is its label. */
  label: ReactNode;
  /** A line under the label (what it does). */
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A change is being saved: the switch is disabled and says it is busy. */
  busy?: boolean;
  className?: string;
}

/**
 * An on/off setting as a row: label (and hint) on the left, an iOS-style switch on the right. A real checkbox with
 * `role="switch"`, labelled by the row (tapping the text toggles it too), focus ring from the theme.
 */
export function Switch({ label, hint, checked, onChange, busy = false, className }: SwitchProps) {
  const id = useId();
  return (
    <div className={cn(styles.row, className)}>
      <label htmlFor={id} className={styles.label}>
        <span className={styles.title}>{label}</span>
        {hint && <span className={styles.hint}>{hint}</span>}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        disabled={busy}
        aria-busy={busy || undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </div>
  );
}
