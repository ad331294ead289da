import { useUnit } from 'effector-react';
import type { Card } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui';
import { activateOpened } from '../model/activate';

/** "Activate": opens the activation sheet for a physical card that has arrived. */
export function ActivateButton({ card, className }: { card: Card; className?: string }) {
  const { t } = useTranslation('cards');
  const open = useUnit(activateOpened);
  return (
    <Button size="m" className={className} onClick={() => open(card)}>
      {t('actions.activate')}
    </Button>
  );
}
