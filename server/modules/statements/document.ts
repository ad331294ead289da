/**
 * A statement as a document, before it is a file: the account, the period, the balances and one row per ledger
 * movement, with its names in the statement's language. csv.ts and pdf.ts write it; both say the same.
 */
import type { Currency } from '@/shared/contract';
import { minorToDecimal } from '@/shared/money';
import { movementDescription, movementName, statusName, type StatementAccountKind, type StatementLanguage } from './texts';

interface StatementRow {
  at: Date;
  /** The ledger's type code (stable, for machines). */
  typeCode: string;
  /** Its name in words, for this account and direction ("Money back from card"). */
  type: string;
  description: string;
  reference: string;
  statusCode: string;
  status: string;
  /** Net movement on the account, minor units: > 0 credit, < 0 debit. */
  delta: number;
  /** Running balance after the row, minor units. */
  balance: number;
  id: string;
}

export interface StatementDocument {
  language: StatementLanguage;
  account: StatementAccountKind;
  title: string;
  currency: Currency;
  from: Date;
  to: Date;
  opening: number;
  closing: number;
  credits: number;
  debits: number;
  generatedAt: Date;
  rows: StatementRow[];
}

/** One ledger transaction's net movement on the account, as the statement query reads it. */
export interface MovementRow {
  id: string;
  type: string;
  status: string;
  details: Record<string, unknown> | null;
  reference: string | null;
  created_at: Date;
  delta: number;
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** An amount as the CSV writes it: minor units → a plain decimal ("1234.05", "-0.50"; both currencies have 2 decimals). */
export const majorUnits = (minor: number): string => minorToDecimal(minor, 2);

/** The reference a user or support can look up: tx hash, order id, or the ledger's own. */
const referenceOf = (row: MovementRow): string => row.reference || text(row.details?.txHash) || text(row.details?.orderId);

export function buildStatement(input: {
  language: StatementLanguage;
  account: StatementAccountKind;
  title: string;
  currency: Currency;
  from: Date;
  to: Date;
  opening: number;
  generatedAt: Date;
  movements: readonly MovementRow[];
}): StatementDocument {
  const { language, account } = input;
  const money = (value: unknown) => {
    const m = value as { amount?: number; currency?: string } | null;
    return m && typeof m.amount === 'number' ? `${majorUnits(m.amount)} ${text(m.currency)}` : '';
  };
  let balance = input.opening;
  let credits = 0;
  let debits = 0;
  const rows = input.movements.map((movement): StatementRow => {
    const delta = Number(movement.delta);
    balance += delta;
    if (delta > 0) credits += delta;
    else debits -= delta;
    const details = movement.details ?? {};
    const credit = delta > 0;
    return {
      at: movement.created_at,
      typeCode: movement.type,
      type: movementName(movement.type, details, account, credit, language),
      description: movementDescription(movement.type, details, account, credit, language, money),
      reference: referenceOf(movement),
      statusCode: movement.status,
      status: statusName(movement.status, language),
      delta,
      balance,
      id: movement.id,
    };
  });
  return { ...input, closing: balance, credits, debits, rows };
}
