import { useUnit } from 'effector-react';
import type { Card, CardBlockReason } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Alert, Button, Select, Sheet } from '@/shared/ui';
import {
  $blockCard,
  $blockPending,
  $reason,
  $reasonMissing,
  $replacePending,
  BLOCK_REASONS,
  blockConfirmed,
  blockDismissed,
  blockRequested,
  canBlock,
  canReplace,
  reasonChanged,
  replaceRequested,
} from '../model/block';
import styles from './block-card.module.css';

/** "Lost or stolen?", when the card may be blocked. */
export function BlockCardButton({ card }: { card: Card }) {
  const { t } = useTranslation('card-lifecycle');
  const request = useUnit(blockRequested);
  if (!canBlock(card)) return null;
  return (
    <Button variant="plain" size="m" onClick={() => request(card)}>
      {t('block.button')}
    </Button>
  );
}

/** A blocked card without a replacement yet: order one on the same product. */
export function ReplaceCardOffer({ card }: { card: Card }) {
  const { t } = useTranslation('card-lifecycle');
  const [pending, replace] = useUnit([$replacePending, replaceRequested]);
  if (!canReplace(card)) return null;
  return (
    <Alert
      tone="info"
      title={t('replace.title')}
      action={
        <Button size="m" loading={pending} onClick={() => replace(card)}>
          {t('replace.button')}
        </Button>
      }
    >
      {t('replace.text', { product: card.productName })}
    </Alert>
  );
}

/** The confirmation: a reason, and the words that it cannot be undone (freeze is the temporary switch). */
export function BlockCardSheet() {
  const { t } = useTranslation('card-lifecycle');
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
      title={t('block.title')}
      footer={
        <div className={styles.actions}>
          <Button fullWidth variant="destructive" loading={pending} onClick={() => confirm()}>
            {t('block.confirm')}
          </Button>
          <Button fullWidth variant="plain" disabled={pending} onClick={() => dismiss()}>
            {t('cancel')}
          </Button>
        </div>
      }
    >
      {card && (
        <div className={styles.body}>
          <Select
            label={t('block.reasonLabel')}
            placeholder={t('block.reasonPlaceholder')}
            name="blockReason"
            value={reason ?? ''}
            onChange={(event) => change(event.target.value as CardBlockReason)}
            options={BLOCK_REASONS.map((value) => ({ value, label: t(`block.reasons.${value}`) }))}
            error={missing ? t('block.reasonRequired') : undefined}
          />
          <Alert tone="warning" title={t('irreversible')}>
            {t('block.warning')}
          </Alert>
          <p className={styles.hint}>{t('block.freezeInstead')}</p>
        </div>
      )}
    </Sheet>
  );
}
