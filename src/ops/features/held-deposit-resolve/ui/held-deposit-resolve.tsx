import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import type { HeldDeposit } from '@/shared/contract/ops';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Button, TextField } from '@/shared/ui';
import { ActionDialog, Details, ErrorText } from '@/ops/shared/ui';
import { creditDeposit, returnDeposit } from '../model/held-deposit-resolve';

export function ResolveDepositButtons({ deposit }: { deposit: HeldDeposit }) {
  const { t } = useTranslation('ops-money');
  const [credit, markReturn] = useUnit([creditDeposit.opened, returnDeposit.opened]);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {deposit.reason !== 'duplicate_tx_hash' && (
        <Button size="m" onClick={() => credit(deposit)}>
          {t('held.credit')}
        </Button>
      )}
      <Button size="m" variant="secondary" onClick={() => markReturn(deposit)}>
        {t('held.return')}
      </Button>
    </div>
  );
}

/** Both dialogs (mounted once by the page). */
export function ResolveDepositDialogs() {
  const { t } = useTranslation('ops-money');
  const { money } = useFormatters();
  const [creditTarget, creditPending, creditError] = useUnit([creditDeposit.$target, creditDeposit.$pending, creditDeposit.$error]);
  const [returnTarget, returnPending, returnError] = useUnit([returnDeposit.$target, returnDeposit.$pending, returnDeposit.$error]);
  const credit = useUnit({ closed: creditDeposit.closed, submitted: creditDeposit.submitted });
  const markReturn = useUnit({ closed: returnDeposit.closed, submitted: returnDeposit.submitted });
  const [userId, setUserId] = useState('');
  const [note, setNote] = useState('');
  const [address, setAddress] = useState('');
  useEffect(() => {
    setUserId(creditTarget?.candidate?.id ?? '');
    setNote('');
  }, [creditTarget]);
  useEffect(() => {
    setAddress(returnTarget?.from ?? '');
    setNote('');
  }, [returnTarget]);
  const facts = (deposit: HeldDeposit) => (
    <Details
      items={[
        { label: t('held.columns.amount'), value: `${deposit.amount} USDT` },
        { label: t('held.credits'), value: money(deposit.credits) },
        { label: t('held.columns.tx'), value: <code>{deposit.txHash}</code> },
      ]}
    />
  );
  return (
    <>
      <ActionDialog
        open={creditTarget !== null}
        title={t('held.creditTitle')}
        description={t('held.creditLead')}
        confirmLabel={t('held.credit')}
        pending={creditPending}
        error={<ErrorText message={creditError} />}
        onClose={credit.closed}
        onConfirm={() => creditTarget && credit.submitted({ params: { depositId: creditTarget.id }, body: { userId: userId.trim(), note: note.trim() } })}
      >
        {creditTarget && facts(creditTarget)}
        <TextField label={t('held.userId')} hint={creditTarget?.candidate ? t('held.candidateHint', { name: creditTarget.candidate.name }) : t('held.userIdHint')} value={userId} onChange={(e) => setUserId(e.target.value)} required />
        <TextField label={t('held.note')} value={note} onChange={(e) => setNote(e.target.value)} required minLength={3} />
      </ActionDialog>
      <ActionDialog
        open={returnTarget !== null}
        title={t('held.returnTitle')}
        description={t('held.returnLead')}
        confirmLabel={t('held.return')}
        pending={returnPending}
        error={<ErrorText message={returnError} />}
        onClose={markReturn.closed}
        onConfirm={() =>
          returnTarget && markReturn.submitted({ params: { depositId: returnTarget.id }, body: { note: note.trim(), returnAddress: address.trim() || null } })
        }
      >
        {returnTarget && facts(returnTarget)}
        <TextField label={t('held.returnAddress')} value={address} onChange={(e) => setAddress(e.target.value)} />
        <TextField label={t('held.note')} value={note} onChange={(e) => setNote(e.target.value)} required minLength={3} />
      </ActionDialog>
    </>
  );
}
