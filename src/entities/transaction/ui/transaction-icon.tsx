import type { ReactNode } from 'react';
import type { WalletTransactionType } from '@/shared/contract';
import styles from './transaction-row.module.css';

/** 24×24 stroke glyphs, one per SPEC §3 transaction type (and the operators' adjustments). */
const GLYPHS: Record<WalletTransactionType, ReactNode> = {
  // Tether-like "₮" in a coin
  usdtDeposit: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 8.5h8M12 8.5V17M8.2 11.6c1.1.6 2.4.9 3.8.9s2.7-.3 3.8-.9" />
    </>
  ),
  // card with an arrow going into it
  cardTransfer: (
    <>
      <rect x="3" y="6" width="14" height="10" rx="2" />
      <path d="M3 9.5h14M14 19h7M18 16l3 3-3 3" />
    </>
  ),
  // card with a plus
  cardIssue: (
    <>
      <rect x="3" y="5.5" width="15" height="11" rx="2" />
      <path d="M3 9h15M19.5 15v6M16.5 18h6" />
    </>
  ),
  // percent
  serviceCommission: (
    <>
      <path d="M18.5 5.5l-13 13" />
      <circle cx="7.5" cy="7.5" r="2.5" />
      <circle cx="16.5" cy="16.5" r="2.5" />
    </>
  ),
  // lightning: the Faster Payments System
  sbpTopup: <path d="M13.5 2.5 5 13.5h6.5l-1 8L19 10.5h-6.5z" />,
  // two opposite arrows
  currencyExchange: <path d="M5 8.5h13.5M15 5l3.5 3.5L15 12M19 15.5H5.5M9 12l-3.5 3.5L9 19" />,
  // gift
  promoBonus: (
    <>
      <rect x="3.5" y="8" width="17" height="4" rx="1" />
      <path d="M5 12v7a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19v-7M12 8v12.5" />
      <path d="M12 8S10.5 3.5 8 4.2C6 4.8 7 8 12 8zM12 8s1.5-4.5 4-3.8c2 .6 1 3.8-4 3.8z" />
    </>
  ),
  // money between people and money out: the glyph of their kin (the title and the signed amount tell them apart)
  p2pTransfer: null,
  usdtWithdrawal: null,
  sbpWithdrawal: null,
  // scales: a balance put right by our staff
  manualAdjustment: <path d="M12 4v16M7 20h10M4 8h16M6.5 8l-3 6a3 3 0 0 0 6 0zM17.5 8l-3 6a3 3 0 0 0 6 0z" />,
};

const KIN = { p2pTransfer: 'currencyExchange', usdtWithdrawal: 'usdtDeposit', sbpWithdrawal: 'sbpTopup' } as const;

export interface TransactionIconProps {
  type: WalletTransactionType;
  size?: number;
}

/** The type's icon on a tinted tile (decorative: the row's title says the type). */
export function TransactionIcon({ type, size = 20 }: TransactionIconProps) {
  return (
    <span className={styles.tile} data-type={type} aria-hidden>
      <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" focusable={false}>
        {GLYPHS[type] ?? GLYPHS[KIN[type as keyof typeof KIN]]}
      </svg>
    </span>
  );
}
