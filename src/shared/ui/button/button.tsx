import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cn } from '@/shared/lib';
import { Spinner } from '../spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'plain' | 'destructive';

interface StyleProps {
  variant?: ButtonVariant;
  size?: 'm' | 'l';
  fullWidth?: boolean;
  icon?: ReactNode;
}

function buttonClassName({ variant = 'primary', size = 'l', fullWidth }: StyleProps, extra?: string): string {
  return cn(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner, disables the button and sets aria-busy; the label stays for screen readers. */
  loading?: boolean;
}

export function Button({ variant, size, fullWidth, icon, loading, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ variant, size, fullWidth }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
    >
      {loading && (
        <span className={styles.spinner}>
          <Spinner size={18} />
        </span>
      )}
      <span className={styles.content}>
        {icon && <span className={styles.icon}>{icon}</span>}
        {children}
      </span>
    </button>
  );
}

export interface LinkButtonProps extends LinkProps, StyleProps {}

/** A navigation link that looks like a button (real `<a href>`). */
export function LinkButton({ variant, size, fullWidth, icon, className, children, ...rest }: LinkButtonProps) {
  return (
    <Link {...rest} className={buttonClassName({ variant, size, fullWidth }, className)}>
      <span className={styles.content}>
        {icon && <span className={styles.icon}>{icon}</span>}
        {children}
      </span>
    </Link>
  );
}
