import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import type { OpsWithdrawal } from '@/shared/contract/ops';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Badge, Button, LoadMore } from '@/shared/ui';
import { HeldBecause, WithdrawalDestination } from '@/ops/entities/withdrawal';
import { WithdrawalDecisionDialogs } from '@/ops/features/withdrawal-decision';
import { opsPaths } from '@/ops/shared/config';
import { ConsolePage, DataTable, ErrorText, type Column } from '@/ops/shared/ui';
import { detailsOpened, withdrawalsList, withdrawalsPage } from '../model/withdrawals';
import { WithdrawalDetails } from './withdrawal-details';
import styles from './withdrawals-page.module.css';

export function WithdrawalsPage() {
  const { t } = useTranslation(['ops-money', 'ops-common']);
  const { money, dateTime } = useFormatters();
  usePageLifecycle(withdrawalsPage);
  const [items, hasMore, loading, error] = useUnit([withdrawalsList.$items, withdrawalsList.$hasMore, withdrawalsList.$loading, withdrawalsList.$error]);
  const events = useUnit({ open: detailsOpened, more: withdrawalsList.moreRequested });
  const columns: Column<OpsWithdrawal>[] = [
    { key: 'at', header: t('withdrawals.columns.createdAt'), cell: (w) => dateTime(w.createdAt) },
    {
      key: 'user',
      header: t('withdrawals.columns.user'),
      cell: (w) => (
        <span className={styles.stack}>
          <Link to={opsPaths.user(w.user.id)}>{w.user.name}</Link>
          <span className={styles.hint}>{w.user.email}</span>
          {w.user.frozen && <Badge tone="danger">{t('withdrawals.frozen')}</Badge>}
        </span>
      ),
    },
    {
      key: 'amount',
      header: t('withdrawals.columns.amount'),
      numeric: true,
      cell: (w) => (
        <span className={styles.amount}>
          <span>{money(w.amount)}</span>
          {w.destination.kind === 'tron' && <span className={styles.hint}>{`${w.destination.usdtAmount} USDT`}</span>}
        </span>
      ),
    },
    { key: 'method', header: t('withdrawals.columns.method'), cell: (w) => <WithdrawalDestination withdrawal={w} /> },
    { key: 'why', header: t('withdrawals.columns.why'), cell: (w) => <HeldBecause withdrawal={w} /> },
    {
      key: 'review',
      header: t('withdrawals.columns.decision'),
      cell: (w) => (
        <Button size="m" onClick={() => events.open(w)}>
          {t('withdrawals.review')}
        </Button>
      ),
    },
  ];
  return (
    <ConsolePage title={t('withdrawals.title')} lead={t('withdrawals.lead')}>
      <ErrorText message={error} />
      <DataTable caption={t('withdrawals.table')} columns={columns} rows={items} rowKey={(w) => w.id} empty={t('withdrawals.empty')} />
      {hasMore && <LoadMore loading={loading} onLoadMore={() => events.more()} label={t('ops-common:loadMore')} />}
      <WithdrawalDetails />
      <WithdrawalDecisionDialogs />
    </ConsolePage>
  );
}
