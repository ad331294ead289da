import { useUnit } from 'effector-react';
import type { Card } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Button, IconTopUp } from '@/shared/ui';
import { topUpOpened } from '../model/topup';
import { cardTopUpTexts } from '../i18n/texts';

/** "Top up": opens the top-up sheet. */
export function TopUpButton({ card, className }: { card: Card; className?: string }) {
  const { t } = useTranslation(cardTopUpTexts.ns);
  const open = useUnit(topUpOpened);
  return (
    <Button size="m" className={className} onClick={() => open(card)} icon={<IconTopUp size={20} />}>
      {t('button')}
    </Button>
  );
}
