import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import type { OpsWithdrawal } from '@/shared/contract/ops';
import { useTranslation } from '@/shared/i18n';
import { Button, TextField } from '@/shared/ui';
import { WithdrawalFacts } from '@/ops/entities/withdrawal';
import { ActionDialog, ErrorText } from '@/ops/shared/ui';
import { approveWithdrawal, declineWithdrawal } from '../model/withdrawal-decision';
import styles from './withdrawal-decision.module.css';

/** Decline and Approve (each opens its confirmation); a frozen account's withdrawal can only be declined. */
export function WithdrawalDecisionButtons({ withdrawal }: { withdrawal: OpsWithdrawal }) {
  const { t } = useTranslation('ops-money');
  const [approve, decline] = useUnit([approveWithdrawal.opened, declineWithdrawal.opened]);
  return (
    <div className={styles.buttons}>
      {withdrawal.user.frozen && <span className={styles.hint}>{t('withdrawals.frozenHint')}</span>}
      <Button size="m" variant="destructive" onClick={() => decline(withdrawal)}>
        {t('withdrawals.decline')}
      </Button>
      {!withdrawal.user.frozen && (
        <Button size="m" onClick={() => approve(withdrawal)}>
          {t('withdrawals.approve')}
        </Button>
      )}
    </div>
  );
}

function DecisionDialog({ decision }: { decision: 'approve' | 'decline' }) {
  const { t } = useTranslation('ops-money');
  const action = decision === 'approve' ? approveWithdrawal : declineWithdrawal;
  const [target, pending, error] = useUnit([action.$target, action.$pending, action.$error]);
  const { closed, submitted } = useUnit({ closed: action.closed, submitted: action.submitted });
  const [reason, setReason] = useState('');
  useEffect(() => setReason(''), [target]);
  return (
    <ActionDialog
      open={target !== null}
      title={t(`withdrawals.dialog.${decision}.title`)}
      description={t(`withdrawals.dialog.${decision}.lead`)}
      confirmLabel={t(`withdrawals.dialog.${decision}.confirm`)}
      confirmVariant={decision === 'decline' ? 'destructive' : 'primary'}
      pending={pending}
      error={<ErrorText message={error} />}
      onClose={closed}
      onConfirm={() => target && submitted({ params: { withdrawalId: target.id }, body: { decision, reason: reason.trim() } })}
    >
      {target && <WithdrawalFacts withdrawal={target} />}
      <TextField label={t('withdrawals.dialog.reason')} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} maxLength={500} />
    </ActionDialog>
  );
}

/** Both confirmations (mounted once by the page). */
export function WithdrawalDecisionDialogs() {
  return (
    <>
      <DecisionDialog decision="approve" />
      <DecisionDialog decision="decline" />
    </>
  );
}
