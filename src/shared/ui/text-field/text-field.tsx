import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '@/shared/lib';
import styles from './field.module.css';

export interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Label + control + hint/error, shared by TextField and Select. */
export function FieldFrame({ id, label, hint, error, children, className }: FieldFrameProps) {
  return (
    <div className={cn(styles.field, className)} data-invalid={error ? true : undefined}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, hint: unknown, error: unknown, extra?: string): string | undefined {
  const ids = [error ? `${id}-error` : hint ? `${id}-hint` : null, extra].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Error message; also sets aria-invalid. */
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  containerClassName?: string;
}

export function TextField({ label, hint, error, id, className, containerClassName, ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} error={error} className={containerClassName}>
      <input
        {...rest}
        ref={ref}
        id={inputId}
        className={cn(styles.control, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error, rest['aria-describedby'])}
      />
    </FieldFrame>
  );
}
