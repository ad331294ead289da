import { useUnit } from 'effector-react';
import type { Card, CardBlockReason } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Alert, Button, Select, Sheet } from '@/shared/ui';
import {
  $blockCard,
  $blockPending,
  $reason,
  $reasonMissing,
  BLOCK_REASONS,
  blockConfirmed,
  blockDismissed,
  blockRequested,
  reasonChanged,
} from '../model/block';
import { cardBlockTexts } from '../i18n/texts';
import styles from './block-card.module.css';

/** "Lost or stolen?" (the card panel shows it while the card may be blocked). */
export function BlockCardButton({ card, className }: { card: Card; className?: string }) {
  const { t } = useTranslation([cardBlockTexts.ns, 'common']);
  const request = useUnit(blockRequested);
  return (
    <Button variant="plain" size="m" className={className} onClick={() => request(card)}>
      {t('button')}
    </Button>
  );
}

/** The confirmation: a reason, and the words that it cannot be undone (freeze is the temporary switch). */
export function BlockCardSheet() {
  const { t } = useTranslation([cardBlockTexts.ns, 'common']);
  const [card, reason, missing, pending, confirm, dismiss, change] = useUnit([
    $blockCard,
    $reason,
    $reasonMissing,
    $blockPending,
    blockConfirmed,
    blockDismissed,
    reasonChanged,
  ]);
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
          <Select
            label={t('reasonLabel')}
            placeholder={t('reasonPlaceholder')}
            name="blockReason"
            value={reason ?? ''}
            onChange={(event) => change(event.target.value as CardBlockReason)}
            options={BLOCK_REASONS.map((value) => ({ value, label: t(`reasons.${value}`) }))}
            error={missing ? t('reasonRequired') : undefined}
          />
          <Alert tone="warning" title={t(`${cardBlockTexts.ns}:irreversible`)}>
            {t('warning')}
          </Alert>
          <p className={styles.hint}>{t('freezeInstead')}</p>
        </div>
      )}
    </Sheet>
  );
}
