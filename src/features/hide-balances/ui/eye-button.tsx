import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { $balancesHidden, balancesVisibilityToggled } from '../model/hide-balances';

function IconEye({ closed }: { closed: boolean }) {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden focusable={false}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
      {closed && <path d="M4 4l16 16" strokeLinecap="round" />}
    </svg>
  );
}

/**
 * The eye button: hides or shows every amount in the app (a toggle button, aria-pressed while hidden). Styled by the
 * widget that places it (no stylesheet here: the feature's index is on the first screen for its provider).
 */
export function HideBalancesButton({ className }: { className?: string }) {
  const { t } = useTranslation('shell');
  const [hidden, toggle] = useUnit([$balancesHidden, balancesVisibilityToggled]);
  return (
    <button
      type="button"
      className={className}
      aria-pressed={hidden}
      aria-label={t('privacy.hideBalances')}
      title={hidden ? t('privacy.showBalances') : t('privacy.hideBalances')}
      onClick={() => toggle()}
    >
      <IconEye closed={hidden} />
    </button>
  );
}
