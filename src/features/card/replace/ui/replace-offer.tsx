import { useUnit } from 'effector-react';
import type { Card } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Alert, Button } from '@/shared/ui';
import { $replacePending, replaceRequested } from '../model/replace';

/** A blocked card without a replacement yet: order one on the same product. */
export function ReplaceCardOffer({ card }: { card: Card }) {
  const { t } = useTranslation('card-lifecycle');
  const [pending, replace] = useUnit([$replacePending, replaceRequested]);
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
