import { useUnit } from 'effector-react';
import type { ReconciliationCheck, ReconciliationReport } from '@/shared/contract/ops';
import { formatUsdtAmount } from '@/shared/money';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Badge, LoadMore, type BadgeTone } from '@/shared/ui';
import { useCan } from '@/ops/entities/operator';
import { RunReconciliation } from '@/ops/features/reconciliation-run';
import { ConsolePage, DataTable, ErrorText, Panel, type Column } from '@/ops/shared/ui';
import { reconciliationPage, reportsList } from '../model/reconciliation';

const TONE: Record<ReconciliationReport['status'], BadgeTone> = { ok: 'success', mismatch: 'danger', unavailable: 'warning' };

export function ReconciliationPage() {
  const { t } = useTranslation(['ops-money', 'ops-common']);
  const { money, dateTime } = useFormatters();
  usePageLifecycle(reconciliationPage);
  const [reports, hasMore, loading, error] = useUnit([reportsList.$items, reportsList.$hasMore, reportsList.$loading, reportsList.$error]);
  const more = useUnit(reportsList.moreRequested);
  const canRun = useCan('admin');
  const amount = (check: ReconciliationCheck, value: number | null) =>
    value === null
      ? t('ops-common:none')
      : check.unit === 'micro-USDT'
        ? `${value < 0 ? '−' : ''}${formatUsdtAmount(Math.abs(value))} USDT`
        : money({ amount: value, currency: check.unit });
  const columns: Column<ReconciliationCheck>[] = [
    { key: 'check', header: t('reconciliation.columns.check'), cell: (c) => t(`reconciliation.checks.${c.check.split('.')[0]}`, { currency: c.check.split('.')[1] ?? '' }) },
    { key: 'ours', header: t('reconciliation.columns.ours'), numeric: true, cell: (c) => amount(c, c.ours) },
    { key: 'theirs', header: t('reconciliation.columns.theirs'), numeric: true, cell: (c) => amount(c, c.theirs) },
    { key: 'difference', header: t('reconciliation.columns.difference'), numeric: true, cell: (c) => amount(c, c.difference) },
    { key: 'status', header: t('reconciliation.columns.status'), cell: (c) => <Badge tone={TONE[c.status]}>{t(`reconciliation.status.${c.status}`)}</Badge> },
    { key: 'note', header: t('reconciliation.columns.note'), cell: (c) => c.note ?? '' },
  ];
  return (
    <ConsolePage title={t('reconciliation.title')} lead={t('reconciliation.lead')} actions={canRun ? <RunReconciliation /> : undefined}>
      <ErrorText message={error} />
      {reports.length === 0 && !loading && <p>{t('reconciliation.empty')}</p>}
      {reports.map((report) => (
        <Panel
          key={report.id}
          title={`${report.day} · ${dateTime(report.ranAt)}`}
          actions={
            <>
              <Badge tone={TONE[report.status]}>{t(`reconciliation.status.${report.status}`)}</Badge>
              <Badge tone={report.ledgerOk ? 'success' : 'danger'}>{t(report.ledgerOk ? 'reconciliation.ledgerOk' : 'reconciliation.ledgerBroken')}</Badge>
            </>
          }
        >
          <DataTable caption={report.day} columns={columns} rows={report.checks} rowKey={(c) => c.check} empty="" />
        </Panel>
      ))}
      {hasMore && <LoadMore loading={loading} onLoadMore={() => more()} label={t('ops-common:loadMore')} />}
    </ConsolePage>
  );
}
