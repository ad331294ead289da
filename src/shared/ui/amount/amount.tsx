import { useFormatters } from '@/shared/i18n';
import type { FormatMoneyOptions, MoneyValue } from '@/shared/money';
import { cn } from '@/shared/lib';
import styles from './amount.module.css';

export interface AmountProps {
  value: MoneyValue;
  size?: 's' | 'm' | 'l' | 'xl';
  /** 'auto' colours incoming (+) green; 'plain' never colours. */
  tone?: 'plain' | 'auto';
  signDisplay?: FormatMoneyOptions['signDisplay'];
  className?: string;
}

/** Money in the UI language (integer minor units in, e.g. "₽1,234.50" / "1 234,50 ₽" out). */
export function Amount({ value, size = 'm', tone = 'plain', signDisplay, className }: AmountProps) {
  const format = useFormatters();
  const sign = typeof value.amount === 'bigint' ? (value.amount > 0n ? 1 : value.amount < 0n ? -1 : 0) : Math.sign(value.amount);
  return (
    <span className={cn(styles.amount, styles[size], tone === 'auto' && sign > 0 && styles.positive, className)}>
      {format.money(value, { signDisplay })}
    </span>
  );
}
