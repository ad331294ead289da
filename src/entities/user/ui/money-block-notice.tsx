import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui';
import { $moneyBlock } from '../model/money-block';
import { $user } from '../model/user';

export interface MoneyBlockNoticeProps {
  /** Texts of the action's own screen (already translated). */
  underVerification: { title?: string; text: string };
  verificationFailed: { title?: string; text: string };
  className?: string;
}

/** Why this money action is not available for this account now (`$moneyBlock`); nothing when it is allowed. */
export function MoneyBlockNotice({ underVerification, verificationFailed, className }: MoneyBlockNoticeProps) {
  const [block, user] = useUnit([$moneyBlock, $user]);
  if (block === null) return null;
  if (block === 'frozen') return <FrozenNotice reason={user?.frozen?.reason ?? null} className={className} />;
  const texts = block === 'underVerification' ? underVerification : verificationFailed;
  return (
    <Alert tone={block === 'underVerification' ? 'warning' : 'danger'} title={texts.title} className={className}>
      {texts.text}
    </Alert>
  );
}

/** An operator froze the account: why, in the user's language (errors `verification.frozen`). */
export function FrozenNotice({ reason, className }: { reason: string | null; className?: string }) {
  const { t } = useTranslation('errors');
  return (
    <Alert tone="danger" title={t('verification.frozen.title')} className={className}>
      {t('verification.frozen.text', { reason: reason ? t(`verification.frozen.reasons.${reason}`) : '' })}
    </Alert>
  );
}
