import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cn } from '@/shared/lib';
import { describedBy, FieldFrame } from '../text-field';
import styles from './select.module.css';

interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** Shown as a disabled first option while nothing is chosen. */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (best keyboard, screen-reader and mobile picker support), styled like TextField. */
export function Select({ label, options, placeholder, hint, error, id, className, ref, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldFrame id={selectId} label={label} hint={hint} error={error}>
      <div className={styles.wrap}>
        <select
          {...rest}
          ref={ref}
          id={selectId}
          className={cn(styles.select, className)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, hint, error)}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </FieldFrame>
  );
}
