import { useUnit } from 'effector-react';
import { Alert } from '@/shared/ui';
import { $moneyBlock } from '../model/money-block';

export interface MoneyBlockNoticeProps {
  /** Texts of the action's own screen (already translated). */
  underVerification: { title?: string; text: string };
  verificationFailed: { title?: string; text: string };
  className?: string;
}

/** Why this money action is not available for this account now (`$moneyBlock`); nothing when it is allowed. */
export function MoneyBlockNotice({ underVerification, verificationFailed, className }: MoneyBlockNoticeProps) {
  const block = useUnit($moneyBlock);
  if (block === null) return null;
  const texts = block === 'underVerification' ? underVerification : verificationFailed;
  return (
    <Alert tone={block === 'underVerification' ? 'warning' : 'danger'} title={texts.title} className={className}>
      {texts.text}
    </Alert>
  );
}
