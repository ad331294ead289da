import { useUnit } from 'effector-react';
import type { Card } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert, Button, Sheet } from '@/shared/ui';
import { $closeCard, $closePending, closeConfirmed, closeDismissed, closeRequested } from '../model/close';
import styles from './close-card.module.css';

/** "Close card" (the card panel shows it while the card allows it). */
export function CloseCardButton({ card, className }: { card: Card; className?: string }) {
  const { t } = useTranslation('card-lifecycle');
  const request = useUnit(closeRequested);
  return (
    <Button variant="plain" size="m" className={className} onClick={() => request(card)}>
      {t('close.button')}
    </Button>
  );
}

/** The confirmation: closing cannot be undone; the balance returns to the wallet. */
export function CloseCardSheet() {
  const { t } = useTranslation('card-lifecycle');
  const format = useFormatters();
  const [card, pending, confirm, dismiss] = useUnit([$closeCard, $closePending, closeConfirmed, closeDismissed]);
  return (
    <Sheet
      open={card !== null}
      onClose={() => dismiss()}
      title={t('close.title')}
      footer={
        <div className={styles.actions}>
          <Button fullWidth variant="destructive" loading={pending} onClick={() => confirm()}>
            {t('close.confirm')}
          </Button>
          <Button fullWidth variant="plain" disabled={pending} onClick={() => dismiss()}>
            {t('cancel')}
          </Button>
        </div>
      }
    >
      {card && (
        <div className={styles.body}>
          <Alert tone="warning" title={t('irreversible')}>
            {t('close.warning')}
          </Alert>
          <p className={styles.lead}>
            {card.balance.amount > 0 ? t('close.balanceBack', { amount: format.money(card.balance) }) : t('close.empty')}
          </p>
        </div>
      )}
    </Sheet>
  );
}
