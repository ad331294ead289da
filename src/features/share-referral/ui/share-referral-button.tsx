import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Button, type ButtonProps } from '@/shared/ui';
import { $shareAvailable, $shareConfigSettled, referralShareRequested, shareMode, shareReferralFx, ShareReferralGate } from '../model/share-referral';
import { shareReferralTexts } from '../i18n/texts';

export interface ShareReferralButtonProps extends Omit<ButtonProps, 'onClick' | 'loading' | 'children'> {
  code: string;
}

/**
 * "Share in Telegram" inside Telegram; "Copy invite link" elsewhere. Renders nothing when no invite link can
 * be built (no bot configured); disabled until the link settings have loaded.
 */
export function ShareReferralButton({ code, disabled, ...rest }: ShareReferralButtonProps) {
  useGate(ShareReferralGate);
  const { t } = useTranslation(shareReferralTexts.ns);
  const [share, pending, available, configSettled] = useUnit([
    referralShareRequested,
    shareReferralFx.pending,
    $shareAvailable,
    $shareConfigSettled,
  ]);
  if (configSettled && !available) return null;
  return (
    <Button {...rest} disabled={disabled || !available} loading={pending} onClick={() => share(code)}>
      {shareMode() === 'telegram' ? t('action') : t('copyLink')}
    </Button>
  );
}
