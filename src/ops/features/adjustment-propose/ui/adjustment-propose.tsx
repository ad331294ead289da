import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import type { Currency } from '@/shared/contract';
import { parseAmountInput } from '@/shared/money';
import { useTranslation } from '@/shared/i18n';
import { Button, Select, TextField } from '@/shared/ui';
import { ActionDialog, ErrorText } from '@/ops/shared/ui';
import { proposeAdjustment } from '../model/adjustment-propose';

type Kind = 'goodwill' | 'correctionCredit' | 'correctionDebit';

/** "Propose an adjustment": the user, what kind, the amount in major units, the reason. */
export function ProposeAdjustment() {
  const { t } = useTranslation('ops-money');
  const [target, pending, error] = useUnit([proposeAdjustment.$target, proposeAdjustment.$pending, proposeAdjustment.$error]);
  const { opened, closed, submitted } = useUnit({ opened: proposeAdjustment.opened, closed: proposeAdjustment.closed, submitted: proposeAdjustment.submitted });
  const [userId, setUserId] = useState('');
  const [kind, setKind] = useState<Kind>('goodwill');
  const [currency, setCurrency] = useState<Currency>('USD');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  useEffect(() => {
    setAmount('');
    setReason('');
  }, [target]);
  const parsed = parseAmountInput(amount, currency);
  const minor = parsed.ok && parsed.amount > 0 ? parsed.amount : null;
  return (
    <>
      <Button size="m" onClick={() => opened(true)}>
        {t('adjustments.propose')}
      </Button>
      <ActionDialog
        open={target !== null}
        title={t('adjustments.proposeTitle')}
        description={t('adjustments.proposeLead')}
        confirmLabel={t('adjustments.proposeConfirm')}
        pending={pending}
        error={<ErrorText message={error} />}
        onClose={closed}
        onConfirm={() =>
          submitted({
            body: {
              userId: userId.trim(),
              kind: kind === 'goodwill' ? 'goodwill' : 'correction',
              direction: kind === 'correctionDebit' ? 'debit' : 'credit',
              currency,
              amount: minor ?? 0,
              reason: reason.trim(),
            },
          })
        }
      >
        <TextField label={t('adjustments.fields.userId')} hint={t('adjustments.fields.userIdHint')} value={userId} onChange={(e) => setUserId(e.target.value)} required />
        <Select
          label={t('adjustments.fields.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as Kind)}
          options={(['goodwill', 'correctionCredit', 'correctionDebit'] as const).map((value) => ({ value, label: t(`adjustments.kinds.${value}`) }))}
        />
        <Select label={t('adjustments.fields.currency')} value={currency} onChange={(e) => setCurrency(e.target.value as Currency)} options={[{ value: 'USD', label: 'USD' }, { value: 'RUB', label: 'RUB' }]} />
        <TextField label={t('adjustments.fields.amount')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required error={amount && minor === null ? t('adjustments.fields.amountInvalid') : undefined} />
        <TextField label={t('adjustments.fields.reason')} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} />
      </ActionDialog>
    </>
  );
}
