/**
 * Transfers between users and payment requests (issue #36, docs/transfers.md "Transfers between users"), `config.transfers`:
 * the limits per currency (per transfer and per rolling 24 hours), the look-up limit and how long a request stays open.
 */
import type { Currency } from '@/shared/contract';
import { defineSection } from './section';
import { Invalid, v } from './vars';

interface TransferCurrencyLimits {
  /** Smallest transfer, minor units. */
  min: number;
  /** Largest single transfer, minor units. */
  maxPerTransfer: number;
  /** Most a user may send in any 24 hours, minor units. */
  daily: number;
}

export interface TransfersSettings {
  limits: Record<Currency, TransferCurrencyLimits>;
  /** Recipient look-ups (by @username or code) a user may make per rolling hour. */
  lookupsPerHour: number;
  /** An open payment request expires after this long. */
  requestTtlSeconds: number;
}

export const transfersSection = defineSection(
  {
    TRANSFER_MIN_USD: v.money(10, 1000, { default: '`0.10`', doc: 'smallest transfer between users in USD' }),
    TRANSFER_MAX_USD: v.money(200_000, 1_000_000, { default: '`2000.00`', doc: 'largest single transfer between users in USD' }),
    TRANSFER_DAILY_USD: v.money(500_000, 10_000_000, { default: '`5000.00`', doc: 'most a user may send to other users in USD in any 24 hours' }),
    TRANSFER_MIN_RUB: v.money(1_000, 100_000, { default: '`10.00`', doc: 'smallest transfer between users in RUB' }),
    TRANSFER_MAX_RUB: v.money(20_000_000, 100_000_000, { default: '`200000.00`', doc: 'largest single transfer between users in RUB' }),
    TRANSFER_DAILY_RUB: v.money(50_000_000, 1_000_000_000, { default: '`500000.00`', doc: 'most a user may send to other users in RUB in any 24 hours' }),
    TRANSFER_LOOKUPS_PER_HOUR: v.int(30, 1, 10_000, { doc: 'recipient look-ups (by @username or payment code) per user per rolling hour' }),
    PAYMENT_REQUEST_TTL_HOURS: v.int(168, 1, 24 * 90, { doc: 'an open payment request expires after this many hours' }),
  },
  (values): TransfersSettings => {
    const limits = {
      USD: { min: values.TRANSFER_MIN_USD, maxPerTransfer: values.TRANSFER_MAX_USD, daily: values.TRANSFER_DAILY_USD },
      RUB: { min: values.TRANSFER_MIN_RUB, maxPerTransfer: values.TRANSFER_MAX_RUB, daily: values.TRANSFER_DAILY_RUB },
    };
    for (const [currency, limit] of Object.entries(limits)) {
      if (limit.min > limit.maxPerTransfer || limit.maxPerTransfer > limit.daily) {
        throw new Invalid(`TRANSFER_MIN_${currency} ≤ TRANSFER_MAX_${currency} ≤ TRANSFER_DAILY_${currency} must hold`);
      }
    }
    return { limits, lookupsPerHour: values.TRANSFER_LOOKUPS_PER_HOUR, requestTtlSeconds: values.PAYMENT_REQUEST_TTL_HOURS * 3600 };
  },
);
