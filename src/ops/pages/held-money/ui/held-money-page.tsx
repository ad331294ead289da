import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import type { HeldDeposit, StuckSbpPayment } from '@/shared/contract/ops';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Badge, LoadMore, SegmentedControl } from '@/shared/ui';
import { ResolveDepositButtons, ResolveDepositDialogs } from '@/ops/features/held-deposit-resolve';
import { opsPaths } from '@/ops/shared/config';
import { ConsolePage, DataTable, ErrorText, Panel, type Column } from '@/ops/shared/ui';
import { $state, depositsList, heldPage, sbpList, stateChanged, type HeldState } from '../model/held-money';

export function HeldMoneyPage() {
  const { t } = useTranslation(['ops-money', 'ops-common']);
  const { money, dateTime } = useFormatters();
  usePageLifecycle(heldPage);
  const [state, deposits, hasMore, loading, error] = useUnit([$state, depositsList.$items, depositsList.$hasMore, depositsList.$loading, depositsList.$error]);
  const [payments, sbpError] = useUnit([sbpList.$items, sbpList.$error]);
  const events = useUnit({ stateChanged, more: depositsList.moreRequested });
  const depositColumns: Column<HeldDeposit>[] = [
    { key: 'at', header: t('held.columns.at'), cell: (d) => dateTime(d.receivedAt) },
    { key: 'amount', header: t('held.columns.amount'), numeric: true, cell: (d) => `${d.amount} USDT` },
    { key: 'reason', header: t('held.columns.reason'), cell: (d) => <Badge tone="warning">{d.knownReason ? t(`held.reasons.${d.reason}`) : d.reason}</Badge> },
    {
      key: 'chain',
      header: t('held.columns.tx'),
      cell: (d) => (
        <span style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <code>{d.txHash}</code>
          <span>
            {t('held.from')}: <code>{d.from ?? '—'}</code>
          </span>
        </span>
      ),
    },
    {
      key: 'candidate',
      header: t('held.columns.candidate'),
      cell: (d) => (d.candidate ? <Link to={opsPaths.user(d.candidate.id)}>{`${d.candidate.name} (${t(`held.attribution.${d.candidate.attribution}`)})`}</Link> : '—'),
    },
    {
      key: 'resolution',
      header: t('held.columns.resolution'),
      cell: (d) =>
        d.resolution ? (
          <span>
            {t(`held.resolution.${d.resolution.kind}`)} · {d.resolution.operator?.name ?? ''} · {dateTime(d.resolution.at)}
            {d.resolution.returnAddress ? (
              <>
                {' '}
                → <code>{d.resolution.returnAddress}</code>
              </>
            ) : null}
          </span>
        ) : (
          <ResolveDepositButtons deposit={d} />
        ),
    },
  ];
  const sbpColumns: Column<StuckSbpPayment>[] = [
    { key: 'order', header: t('sbp.columns.order'), cell: (p) => <code>{p.orderId}</code> },
    { key: 'user', header: t('sbp.columns.user'), cell: (p) => <Link to={opsPaths.user(p.user.id)}>{p.user.name}</Link> },
    { key: 'amount', header: t('sbp.columns.amount'), numeric: true, cell: (p) => money(p.amount) },
    { key: 'stuck', header: t('sbp.columns.stuck'), cell: (p) => t(`sbp.stuck.${p.stuck}`) },
    { key: 'callbacks', header: t('sbp.columns.callbacks'), numeric: true, cell: (p) => p.callbacks },
    { key: 'expires', header: t('sbp.columns.expired'), cell: (p) => dateTime(p.expiresAt) },
  ];
  return (
    <ConsolePage title={t('held.title')} lead={t('held.lead')}>
      <Panel
        title={t('held.deposits')}
        actions={
          <SegmentedControl<HeldState>
            label={t('held.state.label')}
            value={state}
            onChange={events.stateChanged}
            options={(['open', 'resolved', 'all'] as const).map((value) => ({ value, label: t(`held.state.${value}`) }))}
          />
        }
      >
        <ErrorText message={error} />
        <DataTable caption={t('held.deposits')} columns={depositColumns} rows={deposits} rowKey={(d) => d.id} empty={t('held.empty')} />
        {hasMore && <LoadMore loading={loading} onLoadMore={() => events.more()} label={t('ops-common:loadMore')} />}
      </Panel>
      <Panel title={t('sbp.title')}>
        <p style={{ margin: 0, color: 'var(--color-hint)' }}>{t('sbp.lead')}</p>
        <ErrorText message={sbpError} />
        <DataTable caption={t('sbp.title')} columns={sbpColumns} rows={payments} rowKey={(p) => p.id} empty={t('sbp.empty')} />
      </Panel>
      <ResolveDepositDialogs />
    </ConsolePage>
  );
}
