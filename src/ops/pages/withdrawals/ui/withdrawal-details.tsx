import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui';
import { WithdrawalFacts } from '@/ops/entities/withdrawal';
import { WithdrawalDecisionButtons } from '@/ops/features/withdrawal-decision';
import { opsPaths } from '@/ops/shared/config';
import { ConsoleDialog } from '@/ops/shared/ui';
import { $details, detailsClosed } from '../model/withdrawals';

/** One held withdrawal: every field, the user's picture, and the decision's buttons. */
export function WithdrawalDetails() {
  const { t } = useTranslation('ops-money');
  const { money } = useFormatters();
  const [withdrawal, close] = useUnit([$details, detailsClosed]);
  return (
    <ConsoleDialog
      open={withdrawal !== null}
      wide
      title={withdrawal ? t('withdrawals.details.title', { amount: money(withdrawal.amount), name: withdrawal.user.name }) : ''}
      onClose={close}
      actions={
        <>
          <Button size="m" variant="secondary" onClick={close}>
            {t('withdrawals.close')}
          </Button>
          {withdrawal && <WithdrawalDecisionButtons withdrawal={withdrawal} />}
        </>
      }
    >
      {withdrawal && (
        <>
          <WithdrawalFacts withdrawal={withdrawal} />
          <p>
            <Link to={opsPaths.user(withdrawal.user.id)}>{t('withdrawals.picture')}</Link>
          </p>
        </>
      )}
    </ConsoleDialog>
  );
}
