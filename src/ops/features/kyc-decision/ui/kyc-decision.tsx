import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { INFO_REQUEST_ITEMS, type InfoRequestItem } from '@/shared/contract';
import type { UserSummary } from '@/shared/contract/ops';
import { useTranslation } from '@/shared/i18n';
import { Button, TextField } from '@/shared/ui';
import { ActionDialog, CheckboxGroup, ErrorText } from '@/ops/shared/ui';
import { kycDecision, type DecisionKind } from '../model/kyc-decision';
import styles from './kyc-decision.module.css';

/** The three decisions for a user under verification (buttons; each opens the decision's dialog). */
export function KycDecisionButtons({ user }: { user: Pick<UserSummary, 'id' | 'name'> }) {
  const { t } = useTranslation('ops-kyc');
  const open = useUnit(kycDecision.opened);
  const ask = (decision: DecisionKind) => () => open({ user, decision });
  return (
    <div className={styles.buttons}>
      <Button size="m" onClick={ask('approve')}>
        {t('approve')}
      </Button>
      <Button size="m" variant="secondary" onClick={ask('requestInfo')}>
        {t('requestInfo')}
      </Button>
      <Button size="m" variant="destructive" onClick={ask('reject')}>
        {t('reject')}
      </Button>
    </div>
  );
}

/** The decision's dialog (mounted once by the page): the reason, and for a request what to ask for. */
export function KycDecisionDialog() {
  const { t } = useTranslation(['ops-kyc', 'errors']);
  const [target, pending, error] = useUnit([kycDecision.$target, kycDecision.$pending, kycDecision.$error]);
  const { closed, submitted } = useUnit({ closed: kycDecision.closed, submitted: kycDecision.submitted });
  const [reason, setReason] = useState('');
  const [items, setItems] = useState<InfoRequestItem[]>([]);
  useEffect(() => {
    setReason('');
    setItems([]);
  }, [target]);
  const decision = target?.decision ?? 'approve';
  const body = decision === 'requestInfo' ? { decision, reason: reason.trim(), items } : { decision, reason: reason.trim() };
  return (
    <ActionDialog
      open={target !== null}
      title={target ? t(`dialog.${decision}.title`, { name: target.user.name }) : ''}
      description={target ? t(`dialog.${decision}.lead`) : undefined}
      confirmLabel={t(`dialog.${decision}.confirm`)}
      confirmVariant={decision === 'reject' ? 'destructive' : 'primary'}
      pending={pending}
      error={<ErrorText message={error} />}
      onClose={closed}
      onConfirm={() => target && submitted({ params: { userId: target.user.id }, body: body as never })}
    >
      {decision === 'requestInfo' && (
        <CheckboxGroup
          legend={t('dialog.requestInfo.items')}
          value={items}
          onChange={setItems}
          options={INFO_REQUEST_ITEMS.map((item) => ({ value: item, label: t(`errors:verification.verificationItems.${item}`) }))}
        />
      )}
      <TextField label={t(decision === 'reject' ? 'dialog.reject.reason' : 'dialog.reason')} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} />
    </ActionDialog>
  );
}
