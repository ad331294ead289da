/** Server answers of the details endpoints, for this slice's unit tests. */
import type { Card, CardTradeDetails, CardTransactionDetails, TimelineStep, WalletTransactionDetails } from '@/shared/contract';

const AT = '2025-03-12T10:00:00.000Z';
const LATER = '2025-03-12T10:00:05.000Z';

const doneTimeline = (): TimelineStep[] => [
  { stage: 'accepted', state: 'complete', at: AT },
  { stage: 'processing', state: 'complete', at: null },
  { stage: 'done', state: 'complete', at: LATER },
];

const card = (): Card => ({
  id: 'crd_1',
  status: 'active',
  statusReason: null,
  scheme: 'visa',
  form: 'virtual',
  currency: 'USD',
  maskedNumber: '•••• 4242',
  last4: '4242',
  cardholderName: 'IVAN PETROV',
  balance: { amount: 35_00, currency: 'USD' },
  productId: 'prd_1',
  productName: 'Virtual Visa',
  allowedActions: ['freeze', 'topup', 'reveal'],
  createdAt: AT,
  updatedAt: AT,
});

const base = { status: 'completed' as const, createdAt: AT, finishedAt: LATER, failureCode: null, reference: null };

export const cardTransferDetails = (): WalletTransactionDetails => ({
  transaction: { ...base, id: 'wtx_2', type: 'cardTransfer', direction: 'debit', amount: { amount: 50_00, currency: 'USD' }, details: { cardId: 'crd_1', cardLast4: '4242', transferId: 'ctu_1' } },
  source: 'ledger',
  timeline: doneTimeline(),
  fees: [{ reason: 'cardTopUp', amount: { amount: 1_50, currency: 'USD' }, transactionId: 'wtx_3' }],
  total: { amount: 51_50, currency: 'USD' },
  card: card(),
  sbpPayment: null,
});

export const exchangeDetails = (): WalletTransactionDetails => ({
  transaction: {
    ...base,
    id: 'wtx_6',
    type: 'currencyExchange',
    direction: 'debit',
    amount: { amount: 10_00, currency: 'USD' },
    details: { counterAmount: { amount: 918_08, currency: 'RUB' }, rate: '92.2700', fee: { amount: 5, currency: 'USD' }, quoteId: 'qte_1' },
  },
  source: 'ledger',
  timeline: doneTimeline(),
  fees: [{ reason: 'exchange', amount: { amount: 5, currency: 'USD' }, transactionId: null }],
  total: { amount: 10_00, currency: 'USD' },
  card: null,
  sbpPayment: null,
});

export const declinedSbpDetails = (): WalletTransactionDetails => ({
  transaction: {
    ...base,
    id: 'sbp_9',
    status: 'failed',
    failureCode: 'PAYMENT_DECLINED',
    reference: 'TW-20250312-ABCD2345',
    type: 'sbpTopup',
    direction: 'credit',
    amount: { amount: 700_00, currency: 'RUB' },
    details: { paymentId: 'sbp_9', orderId: 'TW-20250312-ABCD2345', invoiceId: 'INV-9' },
  },
  source: 'declinedSbp',
  timeline: [
    { stage: 'accepted', state: 'complete', at: AT },
    { stage: 'processing', state: 'complete', at: null },
    { stage: 'failed', state: 'complete', at: LATER },
  ],
  fees: [],
  total: null,
  card: null,
  sbpPayment: {
    paymentId: 'sbp_9',
    orderId: 'TW-20250312-ABCD2345',
    invoiceId: 'INV-9',
    amount: { amount: 700_00, currency: 'RUB' },
    status: 'failed',
    paymentUrl: 'https://pay.test/sbp_9',
    expiresAt: LATER,
    createdAt: AT,
    errorCode: 'PAYMENT_DECLINED',
    transactionId: null,
  },
});

export const heldDepositDetails = (): WalletTransactionDetails => ({
  transaction: {
    ...base,
    id: 'udp_3',
    status: 'pending',
    finishedAt: null,
    reference: 'f00d',
    type: 'usdtDeposit',
    direction: 'credit',
    amount: { amount: 1_01, currency: 'USD' },
    details: { network: 'TRON', txHash: 'f00d', usdtAmount: '1.012345', confirmations: 0, hold: { reason: 'below_minimum' } },
  },
  source: 'heldDeposit',
  timeline: [
    { stage: 'accepted', state: 'complete', at: AT },
    { stage: 'processing', state: 'current', at: null },
    { stage: 'done', state: 'upcoming', at: null },
  ],
  fees: [],
  total: null,
  card: null,
  sbpPayment: null,
});

export const cardTopUpDetails = (): CardTransactionDetails => ({
  transaction: {
    id: 'ctx_1',
    cardId: 'crd_1',
    type: 'topup',
    direction: 'credit',
    amount: { amount: 15_00, currency: 'USD' },
    status: 'completed',
    createdAt: AT,
    merchantName: null,
    tradeId: null,
    walletTransactionId: 'wtx_2',
  },
  timeline: doneTimeline(),
  failureCode: null,
  fee: { amount: 45, currency: 'USD' },
  walletDebit: { amount: 15_45, currency: 'USD' },
  transferId: 'ctu_1',
  card: card(),
  trade: null,
});

const trade = (over: Partial<CardTradeDetails['trade']> = {}): CardTradeDetails['trade'] => ({
  id: 'trd_1',
  cardId: 'crd_1',
  kind: 'purchase',
  merchant: { name: 'COFFEE PLACE', mcc: '5814', country: 'DE' },
  amount: { amount: 3_21, currency: 'USD' },
  originalAmount: { amount: 2_95, currency: 'EUR' },
  status: 'completed',
  declineReason: null,
  createdAt: AT,
  ...over,
});

export const approvedTradeDetails = (): CardTradeDetails => ({
  trade: trade(),
  timeline: doneTimeline(),
  failureCode: null,
  card: card(),
  transactions: [
    {
      id: 'ctx_7',
      cardId: 'crd_1',
      type: 'purchase',
      direction: 'debit',
      amount: { amount: 3_21, currency: 'USD' },
      status: 'completed',
      createdAt: AT,
      merchantName: 'COFFEE PLACE',
      tradeId: 'trd_1',
      walletTransactionId: null,
    },
  ],
});

export const declinedTradeDetails = (): CardTradeDetails => ({
  trade: trade({ id: 'trd_2', merchant: { name: 'LIMIT SHOP', mcc: null, country: null }, amount: { amount: 60_00, currency: 'USD' }, originalAmount: null, status: 'declined', declineReason: 'OVER_PURCHASE_LIMIT' }),
  timeline: [
    { stage: 'accepted', state: 'complete', at: AT },
    { stage: 'processing', state: 'complete', at: null },
    { stage: 'failed', state: 'complete', at: AT },
  ],
  failureCode: 'OVER_PURCHASE_LIMIT',
  card: card(),
  transactions: [],
});

/** A confirmed USDT withdrawal (issue #36): the chain's transaction hash and its explorer link. */
export const usdtWithdrawalDetails = (): WalletTransactionDetails => ({
  transaction: {
    ...base,
    id: 'wtx_9',
    type: 'usdtWithdrawal',
    direction: 'debit',
    amount: { amount: 21_00, currency: 'USD' },
    details: {
      withdrawalId: 'wdr_1',
      fee: { amount: 1_00, currency: 'USD' },
      state: 'completed',
      network: 'TRON',
      address: 'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX',
      addressLabel: 'My Ledger',
      usdtAmount: '20.000000',
      txHash: 'beef',
      explorerUrl: 'https://tronscan.org/#/transaction/beef',
    },
  },
  source: 'ledger',
  timeline: doneTimeline(),
  fees: [],
  total: null,
  card: null,
  sbpPayment: null,
});

/** A transfer to another user (issue #36). */
export const p2pTransferDetails = (): WalletTransactionDetails => ({
  transaction: {
    ...base,
    id: 'wtx_8',
    type: 'p2pTransfer',
    direction: 'debit',
    amount: { amount: 5_00, currency: 'USD' },
    details: { transferId: 'p2p_1', counterpartyName: 'Boris P.', note: 'Lunch', requestId: null },
  },
  source: 'ledger',
  timeline: doneTimeline(),
  fees: [],
  total: null,
  card: null,
  sbpPayment: null,
});
