export {
  cardsListQuery,
  cardQuery,
  cardBalanceQuery,
  cardTransactionsQuery,
  cardTransactionsMoreQuery,
  cardTradesQuery,
  cardTradesMoreQuery,
} from './model/queries';
export {
  cardOpened,
  cardClosed,
  cardChanged,
  cardDataInvalidated,
  cardSettled,
  topUpAccepted,
  upsertCard,
  $openedCardId,
  $card,
  $cardState,
  $cardError,
  $cardRefreshing,
  $balance,
  $balanceState,
  $balanceError,
  $pollNeeded,
  $pollRunning,
  type CardState,
} from './model/card';
export { cardsListOpened, cardsListClosed, $cards, $cardsState, $cardsError, $listPollNeeded } from './model/list';
export { cardTransactions, cardTrades, type CardHistory } from './model/history';
export { showCardFailureFx, describeCardFailure, type CardFailure } from './model/failure';
export {
  CARD_OPERATION_KEYS,
  CARD_OPERATION_ERROR_TITLE_KEY,
  failureReasonKeys,
  errorCodeOf,
  attemptsLeftOf,
  type CardOperation,
} from './lib/card-failure';
export { isTransitionalStatus, isDeadStatus, statusTone } from './lib/status';
export {
  TRANSITIONAL_STATUSES,
  STATUS_TONE,
  CARD_POLL_INTERVAL_MS,
  TOP_UP_WATCH_TICKS,
  HISTORY_PAGE_LIMIT,
  CARDS_PAGE_LIMIT,
} from './config/status';
export { CardStatusBadge, type CardStatusBadgeProps } from './ui/card-status-badge';
export { CardFailureText, type CardFailureTextProps } from './ui/card-failure-text';
export { CardFace, type CardFaceProps } from './ui/card-face';
export { CardTransactionRow, CardTradeRow } from './ui/history-rows';
