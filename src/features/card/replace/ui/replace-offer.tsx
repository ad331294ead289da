import { useUnit } from 'effector-react';
import type { Card } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Alert, Button } from '@/shared/ui';
import { cardReplaceTexts } from '../i18n/texts';
import { $replacePending, replaceRequested } from '../model/replace';

/** A blocked card without a replacement yet: order one on the same product. */
export function ReplaceCardOffer({ card }: { card: Card }) {
  const { t } = useTranslation(cardReplaceTexts.ns);
  const [pending, replace] = useUnit([$replacePending, replaceRequested]);
  return (
    <Alert
      tone="info"
      title={t('title')}
      action={
        <Button size="m" loading={pending} onClick={() => replace(card)}>
          {t('button')}
        </Button>
      }
    >
      {t('text', { product: card.productName })}
    </Alert>
  );
}
