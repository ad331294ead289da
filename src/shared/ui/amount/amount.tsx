import { useFormatters } from '@/shared/i18n';
import type { FormatMoneyOptions, MoneyValue } from '@/shared/money';
import { cn } from '@/shared/lib';
import styles from './amount.module.css';

export interface AmountProps {
  value: MoneyValue;
  size?: 's' | 'm' | 'l' | 'xl';
  /** 'auto' colours incoming (+) green once settled; 'plain' never colours. */
  tone?: 'plain' | 'auto';
  /**
   * False while the money has not really arrived or left (pending, held for review): never green, in the hint colour,
   * so a pending or held credit is never read as money in the wallet. Default true.
   */
  settled?: boolean;
  signDisplay?: FormatMoneyOptions['signDisplay'];
  className?: string;
}

/** Money in the UI language (integer minor units in, e.g. "₽1,234.50" / "1 234,50 ₽" out). */
export function Amount({ value, size = 'm', tone = 'plain', settled = true, signDisplay, className }: AmountProps) {
  const format = useFormatters();
  const sign = typeof value.amount === 'bigint' ? (value.amount > 0n ? 1 : value.amount < 0n ? -1 : 0) : Math.sign(value.amount);
  return (
    <span className={cn(styles.amount, styles[size], settled ? tone === 'auto' && sign > 0 && styles.positive : styles.unsettled, className)}>
      {format.money(value, { signDisplay })}
    </span>
  );
}
