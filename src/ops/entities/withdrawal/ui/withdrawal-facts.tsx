import type { OpsWithdrawal } from '@/shared/contract/ops';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Badge } from '@/shared/ui';
import { Details } from '@/ops/shared/ui';
import { HeldBecause } from './withdrawal-destination';

/** A held withdrawal's fields (its details view and the decision's confirmation). */
export function WithdrawalFacts({ withdrawal: w }: { withdrawal: OpsWithdrawal }) {
  const { t } = useTranslation(['ops-money', 'ops-common']);
  const { money, dateTime } = useFormatters();
  const to = w.destination;
  const destination =
    to.kind === 'tron'
      ? [
          { key: 'address', label: t('withdrawals.fields.address'), value: <code>{to.address}</code> },
          { key: 'label', label: t('withdrawals.fields.label'), value: to.label ?? t('ops-common:none') },
          { key: 'usdt', label: t('withdrawals.fields.usdtAmount'), value: `${to.usdtAmount} USDT` },
        ]
      : [
          { key: 'bank', label: t('withdrawals.fields.bank'), value: to.bankName },
          { key: 'phone', label: t('withdrawals.fields.phone'), value: to.phoneMasked },
        ];
  return (
    <Details
      items={[
        {
          key: 'user',
          label: t('withdrawals.fields.user'),
          value: (
            <>
              {w.user.name} · {w.user.email}
              {w.user.frozen && (
                <>
                  {' '}
                  <Badge tone="danger">{t('withdrawals.frozen')}</Badge>
                </>
              )}
            </>
          ),
        },
        { key: 'amount', label: t('withdrawals.fields.amount'), value: money(w.amount) },
        { key: 'fee', label: t('withdrawals.fields.fee'), value: money(w.fee) },
        { key: 'total', label: t('withdrawals.fields.total'), value: money(w.total) },
        { key: 'method', label: t('withdrawals.fields.method'), value: t(`withdrawals.methods.${w.method}`) },
        ...destination,
        { key: 'why', label: t('withdrawals.fields.why'), value: <HeldBecause withdrawal={w} /> },
        { key: 'at', label: t('withdrawals.fields.createdAt'), value: dateTime(w.createdAt) },
        { key: 'id', label: t('withdrawals.fields.id'), value: <code>{w.id}</code> },
        { key: 'tx', label: t('withdrawals.fields.transaction'), value: <code>{w.transactionId}</code> },
      ]}
    />
  );
}
