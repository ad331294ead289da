import type { WalletTransaction } from '@/shared/contract';

export interface TransactionDay {
  /** Local calendar day "YYYY-MM-DD" (stable React key). */
  day: string;
  /** A moment of that day, for the heading (Today / Yesterday / 12 March). */
  date: string;
  items: WalletTransaction[];
}

const localDay = (iso: string): string => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Newest-first transactions → groups per local calendar day, in the same order. */
export function groupTransactionsByDay(items: readonly WalletTransaction[]): TransactionDay[] {
  const days: TransactionDay[] = [];
  for (const item of items) {
    const day = localDay(item.createdAt);
    const last = days[days.length - 1];
    if (last && last.day === day) last.items.push(item);
    else days.push({ day, date: item.createdAt, items: [item] });
  }
  return days;
}
