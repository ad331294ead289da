import { useUnit } from 'effector-react';
import type { Card } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Button, IconTopUp } from '@/shared/ui';
import { topUpOpened } from '../model/topup';

/** "Top up": opens the top-up sheet. */
export function TopUpButton({ card, className }: { card: Card; className?: string }) {
  const { t } = useTranslation('cards');
  const open = useUnit(topUpOpened);
  return (
    <Button size="m" className={className} onClick={() => open(card)} icon={<IconTopUp size={20} />}>
      {t('actions.topUp')}
    </Button>
  );
}
