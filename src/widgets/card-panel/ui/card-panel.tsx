import { useUnit } from 'effector-react';
import { useEffect, useRef, useState } from 'react';
import {
  $balance,
  $balanceError,
  $balanceState,
  $card,
  CardFace,
  CardFailureText,
  CardStatusBadge,
  isDeadStatus,
  isEndedStatus,
  $shipmentStage,
  statusHintKey,
} from '@/entities/card';
import { ActivateSheet, activateOpened } from '@/features/card/activate';
import { BlockCardButton, BlockCardSheet, ReplaceCardOffer } from '@/features/card/block';
import { CloseCardButton, CloseCardSheet } from '@/features/card/close';
import { WithdrawButton, WithdrawSheet } from '@/features/card/withdraw';
import { routePaths } from '@/shared/config';
import { FreezeButton } from '@/features/card/freeze';
import { $revealed, RevealButton, RevealDialog, RevealPanel } from '@/features/card/reveal';
import { TopUpSheet, topUpOpened } from '@/features/card/topup';
import type { Card } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { haptic } from '@/shared/platform';
import { Alert, Amount, Button, IconTopUp, LinkButton } from '@/shared/ui';
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

function StatusLine({ card, ready }: { card: Card; ready: boolean }) {
  const { t, i18n } = useTranslation(['cards', 'errors']);
  const shipment = useUnit($shipmentStage);
  if (isEndedStatus(card.status)) return <EndedLine card={card} />;
  if (isDeadStatus(card.status)) {
    const reasonKey = card.statusReason ? `cards:statusReason.${card.statusReason}` : null;
    return (
      <Alert tone="danger" title={t('errors:cards.issueFailed')}>
        {reasonKey && i18n.exists(reasonKey) ? t(reasonKey) : t(`cards:statusHint.${card.status}`)}
      </Alert>
    );
  }
  if (card.status === 'active' && ready) {
    return (
      <p className={styles.ready} role="status" data-testid="card-ready">
        {t('cards:statusHint.active')}
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

/** Closed or blocked for good (features card-close, card-block): why, and the replacement if there is one. */
function EndedLine({ card }: { card: Card }) {
  const { t, i18n } = useTranslation(['cards', 'card-lifecycle']);
  const reasonKey = card.statusReason ? `cards:statusReason.${card.statusReason}` : null;
  return (
    <div className={styles.ended} data-testid="status-hint">
      <p className={styles.hint} aria-live="polite">
        {reasonKey && i18n.exists(reasonKey) ? `${t(reasonKey)} ` : ''}
        {t(`cards:statusHint.${card.status}`)}
      </p>
      {card.replacedByCardId && (
        <LinkButton variant="secondary" size="m" to={routePaths.card(card.replacedByCardId)}>
          {t('card-lifecycle:replace.openNew')}
        </LinkButton>
      )}
      <ReplaceCardOffer card={card} />
    </div>
  );
}

function BalanceBlock({ card }: { card: Card }) {
  const { t } = useTranslation(['cards', 'errors']);
  const [balance, state, error] = useUnit([$balance, $balanceState, $balanceError]);
  const available = balance?.available ?? card.balance;
  return (
    <div className={styles.balance}>
      <span className={styles.balanceLabel}>{t('cards:detail.balance')}</span>
      <Amount value={available} size="xl" className={styles.balanceValue} />
      {balance && balance.pending.amount > 0 && (
        <span className={styles.pending}>
          {t('cards:detail.pending')} <Amount value={balance.pending} size="s" />
        </span>
      )}
      {!balance && state === 'error' && error && (
        <span className={styles.balanceError} role="alert">
          <CardFailureText operation="balance" error={error} />
        </span>
      )}
    </div>
  );
}

function Actions({ card }: { card: Card }) {
  const { t } = useTranslation('cards');
  const [openTopUp, openActivate] = useUnit([topUpOpened, activateOpened]);
  const canTopUp = card.allowedActions.includes('topup');
  const canActivate = card.allowedActions.includes('activate');
  return (
    <div className={styles.actions}>
      {canActivate && (
        <Button size="m" className={styles.wide} onClick={() => openActivate(card)}>
          {t('actions.activate')}
        </Button>
      )}
      {canTopUp && (
        <Button size="m" onClick={() => openTopUp(card)} icon={<IconTopUp size={20} />}>
          {t('actions.topUp')}
        </Button>
      )}
      <WithdrawButton card={card} />
      <FreezeButton card={card} />
      <RevealButton card={card} />
      <BlockCardButton card={card} />
      <CloseCardButton card={card} />
    </div>
  );
}

/**
 * The card on its screen: picture, status, balance, actions (top-up, withdraw, freeze, activate, reveal, block, close)
 * and their sheets.
 */
export function CardPanel() {
  const [card, revealed] = useUnit([$card, $revealed]);
  const ready = useReadyMoment(card);
  if (!card) return null;
  const shown = revealed && revealed.cardId === card.id ? revealed : null;
  return (
    <div className={styles.panel}>
      <div className={styles.face} data-moment={ready && card.status === 'active' ? 'ready' : undefined}>
        <CardFace card={card} number={shown?.number} />
      </div>
      <div className={styles.statusRow} aria-live="polite">
        <CardStatusBadge status={card.status} />
      </div>
      <StatusLine card={card} ready={ready} />
      <BalanceBlock card={card} />
      <Actions card={card} />
      <RevealPanel cardId={card.id} />
      <TopUpSheet />
      <WithdrawSheet />
      <ActivateSheet />
      <RevealDialog />
      <CloseCardSheet />
      <BlockCardSheet />
    </div>
  );
}
