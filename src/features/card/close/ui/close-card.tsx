import { useUnit } from 'effector-react';
import type { Card } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert, Button, Sheet } from '@/shared/ui';
import { cardCloseTexts } from '../i18n/texts';
import { $closeCard, $closePending, closeConfirmed, closeDismissed, closeRequested } from '../model/close';
import styles from './close-card.module.css';

/** "Close card" (the card panel shows it while the card allows it). */
export function CloseCardButton({ card, className }: { card: Card; className?: string }) {
  const { t } = useTranslation([cardCloseTexts.ns, 'common']);
  const request = useUnit(closeRequested);
  return (
    <Button variant="plain" size="m" className={className} onClick={() => request(card)}>
      {t('button')}
    </Button>
  );
}

/** The confirmation: closing cannot be undone; the balance returns to the wallet. */
export function CloseCardSheet() {
  const { t } = useTranslation([cardCloseTexts.ns, 'common']);
  const format = useFormatters();
  const [card, pending, confirm, dismiss] = useUnit([$closeCard, $closePending, closeConfirmed, closeDismissed]);
  return (
    <Sheet
      open={card !== null}
      onClose={() => dismiss()}
      title={t('title')}
      footer={
        <div className={styles.actions}>
          <Button fullWidth variant="destructive" loading={pending} onClick={() => confirm()}>
            {t('confirm')}
          </Button>
          <Button fullWidth variant="plain" disabled={pending} onClick={() => dismiss()}>
            {t('common:actions.cancel')}
          </Button>
        </div>
      }
    >
      {card && (
        <div className={styles.body}>
          <Alert tone="warning" title={t(`${cardCloseTexts.ns}:irreversible`)}>
            {t('warning')}
          </Alert>
          <p className={styles.lead}>
            {card.balance.amount > 0 ? t('balanceBack', { amount: format.money(card.balance) }) : t('empty')}
          </p>
        </div>
      )}
    </Sheet>
  );
}
