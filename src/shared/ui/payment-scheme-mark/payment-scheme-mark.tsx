import type { CardScheme } from '@/shared/contract';
import { cn } from '@/shared/lib';
import styles from './payment-scheme-mark.module.css';

/** Brand names of the payment networks (proper names: the same in every language). */
const PAYMENT_SCHEME_NAMES: Readonly<Record<CardScheme, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  unionPay: 'UnionPay',
  amex: 'American Express',
  discover: 'Discover',
  other: '',
};

export interface PaymentSchemeMarkProps {
  scheme: CardScheme;
  /** 'badge' on light surfaces (lists), 'onCard' in white over a card gradient. */
  variant?: 'badge' | 'onCard';
  /** Accessible name for 'other' (no brand); brands are named by themselves. */
  otherLabel?: string;
  className?: string;
}

/**
 * A payment network mark drawn from simple shapes (no trademark artwork): Mastercard's two circles,
 * a word mark for the others. It carries the scheme's accessible name (role="img").
 */
export function PaymentSchemeMark({ scheme, variant = 'badge', otherLabel, className }: PaymentSchemeMarkProps) {
  const name = PAYMENT_SCHEME_NAMES[scheme] || otherLabel || '';
  const classes = cn(styles.mark, styles[variant], styles[scheme], className);
  if (scheme === 'mastercard') {
    return (
      <span className={classes} role="img" aria-label={name}>
        <svg width="38" height="24" viewBox="0 0 38 24" aria-hidden focusable={false}>
          <circle cx="14" cy="12" r="10" fill="#eb001b" />
          <circle cx="24" cy="12" r="10" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      </span>
    );
  }
  const word = scheme === 'visa' ? 'VISA' : scheme === 'unionPay' ? 'UnionPay' : scheme === 'amex' ? 'AMEX' : scheme === 'discover' ? 'DISCOVER' : '';
  return (
    <span className={classes} role="img" aria-label={name}>
      <span aria-hidden className={styles.word}>
        {word || (
          <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden focusable={false}>
            <rect x="3" y="6" width="18" height="12" rx="2" />
            <path d="M3 10h18" />
          </svg>
        )}
      </span>
    </span>
  );
}
