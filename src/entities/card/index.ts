export {
  cardOpened,
  cardClosed,
  cardChanged,
  cardDataInvalidated,
  cardSettled,
  topUpAccepted,
  $openedCardId,
  $card,
  $cardState,
  $cardError,
  $balance,
  $balanceState,
  $balanceError,
  $pollRunning,
} from './model/card';
export { cardsListOpened, cardsListClosed, $cards, $cardsState, $cardsError } from './model/list';
export { archiveOpened, $archivedCards, $archiveState, $archiveError } from './model/archive';
export { cardTransactions, cardTrades, type CardHistory, type CardHistoryFilters } from './model/history';
export { showCardFailureFx } from './model/failure';
export { errorCodeOf, attemptsLeftOf, CARD_READ_FAILURES } from './lib/card-failure';
export { isDeadStatus, isEndedStatus, statusHintKey } from './lib/status';
export { cardActionsFor, type CardActionPlugin } from './lib/card-actions';
export { $cardDelivery, $shipmentStage } from './model/delivery';
export { CardStatusBadge } from './ui/card-status-badge';
export { CardFailureText } from './ui/card-failure-text';
export { CardFace } from './ui/card-face';
export { CardTransactionRow, CardTradeRow } from './ui/history-rows';
export { cardTexts } from './i18n/texts';
