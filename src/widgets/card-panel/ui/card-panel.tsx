import { useUnit } from 'effector-react';
import { useEffect, useRef, useState } from 'react';
import { $balance, $balanceError, $balanceState, $card, CARD_READ_FAILURES, cardActionsFor, CardFace, CardFailureText, CardStatusBadge, cardTexts, isDeadStatus, isEndedStatus, $shipmentStage, statusHintKey, type CardActionPlugin } from '@/entities/card';
import { cardReplaceTexts } from '@/features/card/replace';
import { routePaths } from '@/shared/config';
import type { Card } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { haptic } from '@/shared/platform';
import { Alert, Amount, LinkButton } from '@/shared/ui';
import { cardPanelTexts } from '../i18n/texts';
import styles from './card-panel.module.css';

/**
 * "Your card is ready" (issue #14): true for a moment after this screen saw the card turn active (issued,
 * activated). The card face plays a short CSS animation (none with prefers-reduced-motion) and the phone
 * gives a success haptic.
 */
function useReadyMoment(card: Card | null): boolean {
  const previous = useRef<{ id: string; status: Card['status'] } | null>(null);
  const [moment, setMoment] = useState(false);
  useEffect(() => {
    const before = previous.current;
    previous.current = card ? { id: card.id, status: card.status } : null;
    if (!card || !before || before.id !== card.id || before.status === card.status || card.status !== 'active') return;
    if (before.status === 'frozen' || before.status === 'unfreezing') return; // unfreezing is not a new card
    setMoment(true);
    haptic.notification('success');
  }, [card]);
  return moment;
}

function StatusLine({ card, ready, actions }: { card: Card; ready: boolean; actions: readonly CardActionPlugin[] }) {
  const { t, i18n } = useTranslation([cardPanelTexts.ns, cardTexts.ns, 'errors']);
  const shipment = useUnit($shipmentStage);
  if (isEndedStatus(card.status)) return <EndedLine card={card} actions={actions} />;
  if (isDeadStatus(card.status)) {
    const reasonKey = card.statusReason ? `${cardTexts.ns}:statusReason.${card.statusReason}` : null;
    return (
      <Alert tone="danger" title={t('errors:cards.issueFailed')}>
        {reasonKey && i18n.exists(reasonKey) ? t(reasonKey) : t(`${cardTexts.ns}:statusHint.${card.status}`)}
      </Alert>
    );
  }
  if (card.status === 'active' && ready) {
    return (
      <p className={styles.ready} role="status" data-testid="card-ready">
        {t(`${cardTexts.ns}:statusHint.active`)}
      </p>
    );
  }
  if (card.status === 'active') return null;
  return (
    <p className={styles.hint} aria-live="polite" data-testid="status-hint">
      {t(statusHintKey(card.status, shipment))}
    </p>
  );
}

/** Closed or blocked for good: why, the replacement if there is one, and what the card still offers (its status actions). */
function EndedLine({ card, actions }: { card: Card; actions: readonly CardActionPlugin[] }) {
  const { t, i18n } = useTranslation([cardPanelTexts.ns, cardTexts.ns, cardReplaceTexts.ns]);
  const reasonKey = card.statusReason ? `${cardTexts.ns}:statusReason.${card.statusReason}` : null;
  return (
    <div className={styles.ended} data-testid="status-hint">
      <p className={styles.hint} aria-live="polite">
        {reasonKey && i18n.exists(reasonKey) ? `${t(reasonKey)} ` : ''}
        {t(`${cardTexts.ns}:statusHint.${card.status}`)}
      </p>
      {card.replacedByCardId && (
        <LinkButton variant="secondary" size="m" to={routePaths.card(card.replacedByCardId)}>
          {t(`${cardReplaceTexts.ns}:openNew`)}
        </LinkButton>
      )}
      {cardActionsFor(actions, card, 'status').map(({ id, Control }) => (
        <Control key={id} card={card} />
      ))}
    </div>
  );
}

function BalanceBlock({ card }: { card: Card }) {
  const { t } = useTranslation([cardPanelTexts.ns, cardTexts.ns, 'errors']);
  const [balance, state, error] = useUnit([$balance, $balanceState, $balanceError]);
  const available = balance?.available ?? card.balance;
  return (
    <div className={styles.balance}>
      <span className={styles.balanceLabel}>{t(`${cardPanelTexts.ns}:balance`)}</span>
      <Amount value={available} size="xl" className={styles.balanceValue} />
      {balance && balance.pending.amount > 0 && (
        <span className={styles.pending}>
          {t(`${cardPanelTexts.ns}:pending`)} <Amount value={balance.pending} size="s" />
        </span>
      )}
      {!balance && state === 'error' && error && (
        <span className={styles.balanceError} role="alert">
          <CardFailureText message={CARD_READ_FAILURES.balance} error={error} />
        </span>
      )}
    </div>
  );
}

/** The action row: the actions the card's state allows, in the screen's order. */
function Actions({ card, actions }: { card: Card; actions: readonly CardActionPlugin[] }) {
  return (
    <div className={styles.actions}>
      {cardActionsFor(actions, card, 'actions').map(({ id, Control, wide }) => (
        <Control key={id} card={card} className={wide ? styles.wide : undefined} />
      ))}
    </div>
  );
}

/** The number on the card's face: the full one while an action has revealed it (its hook), else the mask. */
function useFaceNumber(card: Card, actions: readonly CardActionPlugin[]): string | undefined {
  let number: string | undefined;
  // The list is fixed for the screen's life, so the hooks run in the same order on every render.
  for (const action of actions) number = action.useFaceNumber?.(card) ?? number;
  return number;
}

/**
 * The card on its screen: picture, status, balance, and the actions the screen lists (`actions`, one per card feature:
 * entities/card CardActionPlugin) with their sheets and details.
 */
export function CardPanel({ actions }: { actions: readonly CardActionPlugin[] }) {
  const card = useUnit($card);
  const ready = useReadyMoment(card);
  if (!card) return null;
  return <CardPanelOf card={card} ready={ready} actions={actions} />;
}

function CardPanelOf({ card, ready, actions }: { card: Card; ready: boolean; actions: readonly CardActionPlugin[] }) {
  const number = useFaceNumber(card, actions);
  return (
    <div className={styles.panel}>
      <div className={styles.face} data-moment={ready && card.status === 'active' ? 'ready' : undefined}>
        <CardFace card={card} number={number} />
      </div>
      <div className={styles.statusRow} aria-live="polite">
        <CardStatusBadge status={card.status} />
      </div>
      <StatusLine card={card} ready={ready} actions={actions} />
      <BalanceBlock card={card} />
      <Actions card={card} actions={actions} />
      {actions.map(({ id, Details }) => Details && <Details key={id} card={card} />)}
      {actions.map(({ id, Overlay }) => Overlay && <Overlay key={id} />)}
    </div>
  );
}
