import { useUnit } from 'effector-react';
import type { Card } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui';
import { activateOpened } from '../model/activate';
import { cardActivateTexts } from '../i18n/texts';

/** "Activate": opens the activation sheet for a physical card that has arrived. */
export function ActivateButton({ card, className }: { card: Card; className?: string }) {
  const { t } = useTranslation(cardActivateTexts.ns);
  const open = useUnit(activateOpened);
  return (
    <Button size="m" className={className} onClick={() => open(card)}>
      {t('button')}
    </Button>
  );
}
