/**
 * Every money movement of the cards module, as balanced ledger transactions inside the caller's
 * database transaction `q` (docs/cards.md "Cards: money"). Idempotency keys are derived from our own
 * ids, so running any of these twice (a retried job, a re-delivered issuer event) moves money once.
 *
 * Money on its way to the issuer sits in the system account `card_issuer_funding` until the issuer
 * confirms it; only then is it credited to the card account, so the card balance is always money the
 * user can spend and an issuer failure can always be refunded in full.
 *
 * `card_issuer_funding` and `fee_revenue` are hot (every issue and top-up of every user posts to them), so each
 * operation posts to one of CARD_LEDGER_SHARDS shards, picked from its own id: concurrent top-ups rarely queue on
 * one row. Settles and refunds post to the shard the original transaction used (systemAccountPostedBy).
 */
import type { Currency } from '@/shared/contract/core';
import type { Queryable, SqlParam, StatementFrom } from '../../db/db';
import { isDomainError } from '../../http/errors';
import {
  accountIds,
  balanceOf,
  createCardAccount,
  getSystemAccount,
  getSystemAccountShard,
  getWalletAccount,
  pickShard,
  systemAccountPostedBy,
  insufficientFunds,
  newTransactionId,
  postTransaction,
  postTransactionsWith,
  transactionsStatusStatement,
  updateTransactionsStatus,
  type LedgerEntryInput,
  type PostTransactionInput,
} from '../ledger';
import { newId, type CardRow, type TopupRow } from './store';
import { formatMoney } from '@/shared/money';

const nonZero = (entries: LedgerEntryInput[]): LedgerEntryInput[] => entries.filter((entry) => entry.amount !== 0);

/** Shards of the hot system accounts card money posts to (see the header). */
export const CARD_LEDGER_SHARDS = 32;

/** The wallet and the fee/funding shards an operation with id `operationId` (a card or a top-up) posts to. */
const accounts = async (q: Queryable, userId: string, currency: Currency, operationId: string, now: Date) => {
  const shard = pickShard(operationId, CARD_LEDGER_SHARDS);
  return {
    wallet: await getWalletAccount(q, userId, currency, now),
    revenue: await getSystemAccountShard(q, 'fee_revenue', currency, shard, now),
    funding: await getSystemAccountShard(q, 'card_issuer_funding', currency, shard, now),
  };
};

/** The account of `code` that `transactionId` posted to; the plain account when unknown (data from before sharding). */
const postedTo = async (q: Queryable, transactionId: string | null, code: 'fee_revenue' | 'card_issuer_funding', currency: Currency, now: Date) =>
  (await systemAccountPostedBy(q, transactionId, code)) ?? (await getSystemAccount(q, code, currency, now)).id;

/** Rethrows the ledger's INSUFFICIENT_FUNDS with a message that says what was needed and what is there. */
const explainInsufficient = (error: unknown, what: string, needed: number, available: number, currency: Currency): never => {
  if (isDomainError(error) && error.code === 'INSUFFICIENT_FUNDS') {
    throw insufficientFunds(
      `Insufficient funds: ${what} takes ${formatMoney({ amount: needed, currency: currency }, 'en')} from your ${currency} wallet, ` +
        `which has ${formatMoney({ amount: available, currency: currency }, 'en')}. Top up your wallet and try again.`,
    );
  }
  throw error;
};

/** A movement of the card balance (card_transactions), written once per source key: as a WITH clause or on its own. */
const cardTransactionStatement =
  (row: {
    cardId: string;
    sourceKey: string;
    type: 'issue' | 'topup' | 'purchase' | 'refund';
    direction: 'credit' | 'debit';
    amount: number;
    currency: Currency;
    status: 'pending' | 'completed';
    merchantName?: string | null;
    tradeId?: string | null;
    walletTransactionId?: string | null;
    now: Date;
  }): StatementFrom =>
  (n) => ({
    sql: `INSERT INTO card_transactions (id, card_id, source_key, type, direction, amount, currency, status, merchant_name,
       trade_id, wallet_transaction_id, created_at, updated_at)
     VALUES ($${n}, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, $${n + 7}, $${n + 8}, $${n + 9}, $${n + 10}, $${n + 11}, $${n + 11})
     ON CONFLICT (source_key) DO NOTHING`,
    params: [
      newId('ctx'),
      row.cardId,
      row.sourceKey,
      row.type,
      row.direction,
      row.amount,
      row.currency,
      row.status,
      row.merchantName ?? null,
      row.tradeId ?? null,
      row.walletTransactionId ?? null,
      row.now,
    ],
  });

const cardTransactionRow = async (q: Queryable, row: Parameters<typeof cardTransactionStatement>[0]) => {
  const { sql, params } = cardTransactionStatement(row)(1);
  await q.query(sql, params);
};

/** A pending card transaction reaches `status` (as a WITH clause or on its own). */
const settleCardTransactionStatement =
  (sourceKey: string, status: 'completed' | 'failed', now: Date): StatementFrom =>
  (n) => ({
    sql: `UPDATE card_transactions SET status = $${n + 1}, updated_at = $${n + 2} WHERE source_key = $${n} AND status = 'pending'`,
    params: [sourceKey, status, now],
  });

const settleCardTransaction = async (q: Queryable, sourceKey: string, status: 'completed' | 'failed', now: Date) => {
  const { sql, params } = settleCardTransactionStatement(sourceKey, status, now)(1);
  await q.query(sql, params);
};

// ── Issue ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * At POST /api/cards, for a new pending card: creates its ledger account and takes from the wallet
 * `cardIssue` = issue cost + initial deposit (creation fee → fee_revenue; issuing fee and the deposit →
 * card_issuer_funding) and `serviceCommission` = the deposit fee (→ fee_revenue), both pending.
 */
export const chargeIssue = async (
  q: Queryable,
  card: CardRow,
  details: { productName: string },
  now: Date,
): Promise<{ issueTransactionId: string; feeTransactionId: string | null }> => {
  const { wallet, revenue, funding } = await accounts(q, card.user_id, card.currency, card.id, now);
  await createCardAccount(q, { cardId: card.id, userId: card.user_id, currency: card.currency }, now);
  const issueCost = card.creation_fee + card.issuing_fee;
  const total = issueCost + card.initial_deposit + card.deposit_fee;
  const available = await balanceOf(q, wallet.id);
  try {
    const issue = await postTransaction(q, {
      type: 'cardIssue',
      userId: card.user_id,
      idempotencyKey: `card:${card.id}:issue`,
      status: 'pending',
      details: { cardId: card.id, productId: card.product_id, productName: details.productName },
      entries: nonZero([
        { accountId: wallet.id, amount: -(issueCost + card.initial_deposit) },
        { accountId: revenue.id, amount: card.creation_fee },
        { accountId: funding.id, amount: card.issuing_fee + card.initial_deposit },
      ]),
      now,
    });
    let feeTransactionId: string | null = null;
    if (card.deposit_fee > 0) {
      const fee = await postTransaction(q, {
        type: 'serviceCommission',
        userId: card.user_id,
        idempotencyKey: `card:${card.id}:issue-fee`,
        status: 'pending',
        details: { reason: 'cardIssue', relatedTransactionId: issue.transactionId, cardId: card.id },
        entries: [
          { accountId: wallet.id, amount: -card.deposit_fee },
          { accountId: revenue.id, amount: card.deposit_fee },
        ],
        now,
      });
      feeTransactionId = fee.transactionId;
    }
    await cardTransactionRow(q, {
      cardId: card.id,
      sourceKey: `issue:${card.id}`,
      type: 'issue',
      direction: 'credit',
      amount: card.initial_deposit,
      currency: card.currency,
      status: 'pending',
      walletTransactionId: issue.transactionId,
      now,
    });
    return { issueTransactionId: issue.transactionId, feeTransactionId };
  } catch (error) {
    return explainInsufficient(
      error,
      `issuing this card (issue cost ${formatMoney({ amount: issueCost, currency: card.currency }, 'en')} + initial deposit ${formatMoney({ amount: card.initial_deposit, currency: card.currency }, 'en')} + deposit fee ${formatMoney({ amount: card.deposit_fee, currency: card.currency }, 'en')})`,
      total,
      available,
      card.currency,
    );
  }
};

/** The issuer made the card: the initial deposit moves onto the card; the charges complete. */
export const settleIssue = async (q: Queryable, card: CardRow, now: Date): Promise<void> => {
  const fundingId = await postedTo(q, card.issue_transaction_id, 'card_issuer_funding', card.currency, now);
  // A replacement card (docs/cards.md "Card lifecycle") is issued empty and free: nothing to settle.
  if (card.initial_deposit > 0) await postTransaction(q, {
    type: 'cardIssueSettle',
    userId: card.user_id,
    idempotencyKey: `card:${card.id}:issue-settle`,
    details: { cardId: card.id, relatedTransactionId: card.issue_transaction_id },
    entries: [
      { accountId: fundingId, amount: -card.initial_deposit },
      { accountId: accountIds.card(card.id), amount: card.initial_deposit },
    ],
    now,
  });
  await updateTransactionsStatus(q, [card.issue_transaction_id, card.issue_fee_transaction_id], { status: 'completed', now });
  await settleCardTransaction(q, `issue:${card.id}`, 'completed', now);
};

/** The issue was rejected or failed: everything taken at issue goes back to the wallet, exactly. */
export const refundIssue = async (q: Queryable, card: CardRow, reason: string, now: Date): Promise<void> => {
  const wallet = await getWalletAccount(q, card.user_id, card.currency, now);
  const revenueId = await postedTo(q, card.issue_transaction_id, 'fee_revenue', card.currency, now);
  const fundingId = await postedTo(q, card.issue_transaction_id, 'card_issuer_funding', card.currency, now);
  const feeRevenueId = await postedTo(q, card.issue_fee_transaction_id, 'fee_revenue', card.currency, now);
  const issueCost = card.creation_fee + card.issuing_fee;
  // A replacement card took no money (docs/cards.md "Card lifecycle"): nothing to refund.
  if (issueCost + card.initial_deposit > 0) await postTransaction(q, {
    type: 'cardIssueRefund',
    userId: card.user_id,
    idempotencyKey: `card:${card.id}:issue-refund`,
    details: { cardId: card.id, relatedTransactionId: card.issue_transaction_id, reason },
    entries: nonZero([
      { accountId: wallet.id, amount: issueCost + card.initial_deposit },
      { accountId: revenueId, amount: -card.creation_fee },
      { accountId: fundingId, amount: -(card.issuing_fee + card.initial_deposit) },
    ]),
    now,
  });
  if (card.deposit_fee > 0) {
    await postTransaction(q, {
      type: 'cardIssueRefund',
      userId: card.user_id,
      idempotencyKey: `card:${card.id}:issue-fee-refund`,
      details: { cardId: card.id, relatedTransactionId: card.issue_fee_transaction_id, reason },
      entries: [
        { accountId: wallet.id, amount: card.deposit_fee },
        { accountId: feeRevenueId, amount: -card.deposit_fee },
      ],
      now,
    });
  }
  await updateTransactionsStatus(q, [card.issue_transaction_id, card.issue_fee_transaction_id], { status: 'failed', failureCode: reason, now });
  await settleCardTransaction(q, `issue:${card.id}`, 'failed', now);
};

// ── Top-up ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * The accounts a top-up posts to, read in one statement: the wallet and the fee/funding shards picked from the top-up's
 * id (plus the wallet's balance, for the message of a refusal, and the card's, for the answer). A missing one (the
 * first top-up on a shard) is created through the ledger as before.
 */
const topupAccounts = async (q: Queryable, card: CardRow, topupId: string, now: Date) => {
  const shard = pickShard(topupId, CARD_LEDGER_SHARDS);
  const ids = {
    wallet: accountIds.wallet(card.user_id, card.currency),
    revenue: accountIds.systemShard('fee_revenue', card.currency, shard),
    funding: accountIds.systemShard('card_issuer_funding', card.currency, shard),
    card: accountIds.card(card.id),
  };
  const rows = await q.query<{ id: string; balance: number }>('SELECT id, balance FROM ledger_accounts WHERE id IN ($1, $2, $3, $4)', [
    ids.wallet,
    ids.revenue,
    ids.funding,
    ids.card,
  ]);
  const balance = new Map(rows.map((row) => [row.id, row.balance]));
  if (!balance.has(ids.wallet) || !balance.has(ids.revenue) || !balance.has(ids.funding)) {
    const created = await accounts(q, card.user_id, card.currency, topupId, now);
    return { ...ids, revenue: created.revenue.id, funding: created.funding.id, walletBalance: balance.get(ids.wallet) ?? 0, cardBalance: balance.get(ids.card) ?? 0 };
  }
  return { ...ids, walletBalance: balance.get(ids.wallet)!, cardBalance: balance.get(ids.card) ?? 0 };
};

/**
 * At POST /api/cards/{id}/topup: `cardTransfer` (amount → card_issuer_funding) + `serviceCommission` (fee), both pending,
 * the top-up row (with those ledger ids and the shards it posted to), its pending card transaction and the caller's
 * writes, in ONE statement (postTransactionsWith). Returns the row and the card's balance (read with the accounts; a
 * pending top-up leaves it as it is).
 */
export const chargeTopup = async (
  q: Queryable,
  topup: { id: string; requestKey: string; amount: number; fee: number },
  card: CardRow,
  now: Date,
  /**
   * Writes that ride in the same statement (data-modifying WITH clauses: e.g. the issuer job and the Idempotency-Key's
   * stored answer), made once the card's balance is known; they commit with the charge or not at all.
   */
  alongside: (cardBalance: number) => StatementFrom[] = () => [],
): Promise<{ topup: TopupRow; cardBalance: number }> => {
  const ids = await topupAccounts(q, card, topup.id, now);
  const transfer: PostTransactionInput & { transactionId: string } = {
    type: 'cardTransfer',
    userId: card.user_id,
    idempotencyKey: `card-topup:${topup.id}`,
    status: 'pending',
    details: { cardId: card.id, cardLast4: card.last4, transferId: topup.id },
    entries: [
      { accountId: ids.wallet, amount: -topup.amount },
      { accountId: ids.funding, amount: topup.amount },
    ],
    now,
    transactionId: newTransactionId(),
  };
  const feeTransactionId = topup.fee > 0 ? newTransactionId() : null;
  const fee: PostTransactionInput | null = feeTransactionId
    ? {
        type: 'serviceCommission',
        userId: card.user_id,
        idempotencyKey: `card-topup:${topup.id}:fee`,
        status: 'pending',
        details: { reason: 'cardTopUp', relatedTransactionId: transfer.transactionId, cardId: card.id },
        entries: [
          { accountId: ids.wallet, amount: -topup.fee },
          { accountId: ids.revenue, amount: topup.fee },
        ],
        now,
        transactionId: feeTransactionId,
      }
    : null;
  const row: TopupRow = {
    id: topup.id,
    card_id: card.id,
    user_id: card.user_id,
    request_key: topup.requestKey,
    amount: topup.amount,
    fee: topup.fee,
    currency: card.currency,
    status: 'pending',
    failure_code: null,
    transfer_transaction_id: transfer.transactionId,
    fee_transaction_id: feeTransactionId,
    funding_account_id: ids.funding,
    revenue_account_id: ids.revenue,
    created_at: now,
    updated_at: now,
  };
  // The top-up row and its card transaction (type topup, credit, pending).
  const rows: StatementFrom = (n) => ({
    sql: `INSERT INTO card_topups (id, card_id, user_id, request_key, amount, fee, currency, status, transfer_transaction_id, fee_transaction_id,
         funding_account_id, revenue_account_id, created_at, updated_at)
       VALUES ($${n}, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, 'pending', $${n + 7}, $${n + 8}, $${n + 9}, $${n + 10}, $${n + 11}, $${n + 11})`,
    params: [row.id, row.card_id, row.user_id, row.request_key, row.amount, row.fee, row.currency, row.transfer_transaction_id, row.fee_transaction_id, row.funding_account_id, row.revenue_account_id, now],
  });
  const cardTransaction = cardTransactionStatement({
    cardId: card.id,
    sourceKey: `topup:${topup.id}`,
    type: 'topup',
    direction: 'credit',
    amount: topup.amount,
    currency: card.currency,
    status: 'pending',
    walletTransactionId: transfer.transactionId,
    now,
  });
  try {
    await postTransactionsWith(
      q,
      fee ? [transfer, fee] : [transfer],
      [rows, cardTransaction, ...alongside(ids.cardBalance)],
    );
    return { topup: row, cardBalance: ids.cardBalance };
  } catch (error) {
    return explainInsufficient(
      error,
      `this top-up (${formatMoney({ amount: topup.amount, currency: card.currency }, 'en')} + fee ${formatMoney({ amount: topup.fee, currency: card.currency }, 'en')})`,
      topup.amount + topup.fee,
      ids.walletBalance,
      card.currency,
    );
  }
};

/**
 * The top-up row and its pending card transaction reach `status`: two writes, sent as WITH clauses of one statement
 * (a data-modifying WITH must be at a statement's top level, so they are two, not one nested).
 */
const finishTopupRowsStatements = (topup: TopupRow, status: 'completed' | 'failed', failureCode: string | null, now: Date): StatementFrom[] => [
  (n) => ({
    sql: `UPDATE card_topups SET status = $${n + 1}, failure_code = COALESCE($${n + 2}, failure_code), updated_at = $${n + 3} WHERE id = $${n} AND status = 'pending'`,
    params: [topup.id, status, failureCode, now],
  }),
  settleCardTransactionStatement(`topup:${topup.id}`, status, now),
];

/**
 * The issuer loaded the card: the amount moves onto the card account; the charges complete; the top-up and its card
 * transaction complete. ONE statement.
 */
export const settleTopup = async (q: Queryable, topup: TopupRow, card: CardRow, now: Date): Promise<void> => {
  const fundingId = topup.funding_account_id ?? (await postedTo(q, topup.transfer_transaction_id, 'card_issuer_funding', card.currency, now));
  await postTransactionsWith(
    q,
    [
      {
        type: 'cardTopupSettle',
        userId: card.user_id,
        idempotencyKey: `card-topup:${topup.id}:settle`,
        details: { cardId: card.id, transferId: topup.id, relatedTransactionId: topup.transfer_transaction_id },
        entries: [
          { accountId: fundingId, amount: -topup.amount },
          { accountId: accountIds.card(card.id), amount: topup.amount },
        ],
        now,
      },
    ],
    [
      transactionsStatusStatement([topup.transfer_transaction_id, topup.fee_transaction_id], { status: 'completed', now }),
      ...finishTopupRowsStatements(topup, 'completed', null, now),
    ],
  );
};

/**
 * The issuer did not load the card: amount and fee go back to the wallet, exactly; the charges fail; the top-up and its
 * card transaction fail. ONE statement.
 */
export const refundTopup = async (q: Queryable, topup: TopupRow, reason: string, now: Date): Promise<void> => {
  // The charge took from this wallet, so it exists; the shards are the ones the charge posted to.
  const wallet = { id: accountIds.wallet(topup.user_id, topup.currency) };
  const fundingId = topup.funding_account_id ?? (await postedTo(q, topup.transfer_transaction_id, 'card_issuer_funding', topup.currency, now));
  const revenueId = topup.revenue_account_id ?? (await postedTo(q, topup.fee_transaction_id, 'fee_revenue', topup.currency, now));
  const refunds: PostTransactionInput[] = [
    {
      type: 'cardTopupRefund',
      userId: topup.user_id,
      idempotencyKey: `card-topup:${topup.id}:refund`,
      details: { cardId: topup.card_id, transferId: topup.id, relatedTransactionId: topup.transfer_transaction_id, reason },
      entries: [
        { accountId: wallet.id, amount: topup.amount },
        { accountId: fundingId, amount: -topup.amount },
      ],
      now,
    },
  ];
  if (topup.fee > 0) {
    refunds.push({
      type: 'cardTopupRefund',
      userId: topup.user_id,
      idempotencyKey: `card-topup:${topup.id}:fee-refund`,
      details: { cardId: topup.card_id, transferId: topup.id, relatedTransactionId: topup.fee_transaction_id, reason },
      entries: [
        { accountId: wallet.id, amount: topup.fee },
        { accountId: revenueId, amount: -topup.fee },
      ],
      now,
    });
  }
  await postTransactionsWith(q, refunds, [
    transactionsStatusStatement([topup.transfer_transaction_id, topup.fee_transaction_id], { status: 'failed', failureCode: reason, now }),
    ...finishTopupRowsStatements(topup, 'failed', reason, now),
  ]);
};

// ── Trades ──────────────────────────────────────────────────────────────────────────────────────────

/** A settled purchase (card → card_network) or refund (card_network → card). */
export const postTrade = async (
  q: Queryable,
  card: CardRow,
  trade: { id: string; issuerTradeId: string; kind: 'purchase' | 'refund'; amount: number; merchantName: string },
  now: Date,
): Promise<string> => {
  const network = await getSystemAccount(q, 'card_network', card.currency, now);
  const cardAccount = accountIds.card(card.id);
  const sign = trade.kind === 'purchase' ? -1 : 1;
  const posted = await postTransaction(q, {
    type: trade.kind === 'purchase' ? 'cardPurchase' : 'cardRefund',
    userId: card.user_id,
    idempotencyKey: `card-trade:${trade.issuerTradeId}`,
    details: { cardId: card.id, tradeId: trade.id, merchantName: trade.merchantName },
    entries: [
      { accountId: cardAccount, amount: sign * trade.amount },
      { accountId: network.id, amount: -sign * trade.amount },
    ],
    now,
  });
  await cardTransactionRow(q, {
    cardId: card.id,
    sourceKey: `trade:${trade.id}`,
    type: trade.kind,
    direction: trade.kind === 'purchase' ? 'debit' : 'credit',
    amount: trade.amount,
    currency: card.currency,
    status: 'completed',
    merchantName: trade.merchantName,
    tradeId: trade.id,
    now,
  });
  return posted.transactionId;
};

/** The card's ledger balance (what it can spend). */
export const cardBalance = (q: Queryable, cardId: string): Promise<number> => balanceOf(q, accountIds.card(cardId));
