import { useUnit } from 'effector-react';
import type { Card } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui';
import { $freezePending, freezeActionOf, freezeToggled } from '../model/freeze';
import { cardFreezeTexts } from '../i18n/texts';

export interface FreezeButtonProps {
  card: Card;
  className?: string;
}

/** "Freeze" or "Unfreeze", whichever the card allows; nothing otherwise. */
export function FreezeButton({ card, className }: FreezeButtonProps) {
  const { t } = useTranslation(cardFreezeTexts.ns);
  const [pending, toggle] = useUnit([$freezePending, freezeToggled]);
  const action = freezeActionOf(card);
  if (!action) return null;
  return (
    <Button variant="secondary" size="m" className={className} loading={pending} onClick={() => toggle(card)} icon={<SnowflakeIcon />}>
      {t(action)}
    </Button>
  );
}

function SnowflakeIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden focusable={false}>
      <path d="M12 2v20M4.5 6.5l15 11M19.5 6.5l-15 11M9 3.5l3 2.5 3-2.5M9 20.5l3-2.5 3 2.5" />
    </svg>
  );
}
