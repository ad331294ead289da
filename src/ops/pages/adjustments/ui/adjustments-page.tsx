import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import type { Adjustment } from '@/shared/contract/ops';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Badge, LoadMore, SegmentedControl, type BadgeTone } from '@/shared/ui';
import { DecideAdjustmentButtons, DecideAdjustmentDialogs } from '@/ops/features/adjustment-decide';
import { ProposeAdjustment } from '@/ops/features/adjustment-propose';
import { opsPaths } from '@/ops/shared/config';
import { ConsolePage, DataTable, ErrorText, type Column } from '@/ops/shared/ui';
import { $filter, adjustmentsList, adjustmentsPage, filterChanged, type AdjustmentFilter } from '../model/adjustments';

const TONE: Record<Adjustment['status'], BadgeTone> = { proposed: 'warning', posted: 'success', rejected: 'neutral' };

export function AdjustmentsPage() {
  const { t } = useTranslation(['ops-money', 'ops-common']);
  const { money, dateTime } = useFormatters();
  usePageLifecycle(adjustmentsPage);
  const [filter, items, hasMore, loading, error] = useUnit([$filter, adjustmentsList.$items, adjustmentsList.$hasMore, adjustmentsList.$loading, adjustmentsList.$error]);
  const events = useUnit({ filterChanged, more: adjustmentsList.moreRequested });
  const columns: Column<Adjustment>[] = [
    { key: 'at', header: t('adjustments.columns.proposedAt'), cell: (a) => dateTime(a.proposedAt) },
    { key: 'user', header: t('adjustments.columns.user'), cell: (a) => <Link to={opsPaths.user(a.user.id)}>{a.user.name}</Link> },
    {
      key: 'what',
      header: t('adjustments.columns.what'),
      cell: (a) => t(`adjustments.kinds.${a.kind === 'goodwill' ? 'goodwill' : a.direction === 'credit' ? 'correctionCredit' : 'correctionDebit'}`),
    },
    { key: 'amount', header: t('adjustments.columns.amount'), numeric: true, cell: (a) => money(a.amount) },
    { key: 'reason', header: t('adjustments.columns.reason'), cell: (a) => a.reason },
    { key: 'by', header: t('adjustments.columns.proposedBy'), cell: (a) => a.proposedBy.name },
    {
      key: 'status',
      header: t('adjustments.columns.status'),
      cell: (a) =>
        a.status === 'proposed' ? (
          <DecideAdjustmentButtons adjustment={a} />
        ) : (
          <span>
            <Badge tone={TONE[a.status]}>{t(`adjustments.status.${a.status}`)}</Badge> {a.decidedBy?.name ?? ''}
            {a.decidedAt ? ` · ${dateTime(a.decidedAt)}` : ''}
            {a.decisionNote ? ` · ${a.decisionNote}` : ''}
          </span>
        ),
    },
  ];
  return (
    <ConsolePage title={t('adjustments.title')} lead={t('adjustments.lead')} actions={<ProposeAdjustment />}>
      <SegmentedControl<AdjustmentFilter>
        label={t('adjustments.filter')}
        value={filter}
        onChange={events.filterChanged}
        options={(['proposed', 'posted', 'rejected', 'all'] as const).map((value) => ({ value, label: t(`adjustments.filters.${value}`) }))}
      />
      <ErrorText message={error} />
      <DataTable caption={t('adjustments.title')} columns={columns} rows={items} rowKey={(a) => a.id} empty={t('adjustments.empty')} />
      {hasMore && <LoadMore loading={loading} onLoadMore={() => events.more()} label={t('ops-common:loadMore')} />}
      <DecideAdjustmentDialogs />
    </ConsolePage>
  );
}
