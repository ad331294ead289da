import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuditEntry } from '@/shared/contract/ops';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Button, LoadMore, TextField } from '@/shared/ui';
import { ConsolePage, DataTable, ErrorText, type Column } from '@/ops/shared/ui';
import { $filters, auditList, auditPage, filterChanged, searched } from '../model/audit-log';
import styles from './audit-log-page.module.css';

const show = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export function AuditLogPage() {
  const { t } = useTranslation(['ops-admin', 'ops-common']);
  const { dateTime } = useFormatters();
  const [params] = useSearchParams();
  usePageLifecycle(auditPage, { userId: params.get('userId') });
  const [filters, items, hasMore, loading, error] = useUnit([$filters, auditList.$items, auditList.$hasMore, auditList.$loading, auditList.$error]);
  const events = useUnit({ filterChanged, searched, more: auditList.moreRequested });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    events.searched();
  };
  const columns: Column<AuditEntry>[] = [
    { key: 'at', header: t('audit.columns.at'), cell: (e) => dateTime(e.at) },
    { key: 'operator', header: t('audit.columns.operator'), cell: (e) => e.operator?.name ?? t('audit.system') },
    { key: 'action', header: t('audit.columns.action'), cell: (e) => <code>{e.action}</code> },
    { key: 'target', header: t('audit.columns.target'), cell: (e) => (e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '') },
    { key: 'user', header: t('audit.columns.user'), cell: (e) => (e.userId ? <code>{e.userId}</code> : '') },
    { key: 'reason', header: t('audit.columns.reason'), cell: (e) => e.reason ?? '' },
    {
      key: 'change',
      header: t('audit.columns.change'),
      cell: (e) =>
        e.before !== null || e.after !== null ? (
          <details className={styles.change}>
            <summary>{t('audit.showChange')}</summary>
            {e.before !== null && (
              <p>
                {t('audit.before')}: <code>{show(e.before)}</code>
              </p>
            )}
            {e.after !== null && (
              <p>
                {t('audit.after')}: <code>{show(e.after)}</code>
              </p>
            )}
          </details>
        ) : (
          ''
        ),
    },
  ];
  return (
    <ConsolePage title={t('audit.title')} lead={t('audit.lead')}>
      <form className={styles.filters} onSubmit={submit} role="search">
        <TextField label={t('audit.filters.operatorId')} value={filters.operatorId} onChange={(e) => events.filterChanged({ operatorId: e.target.value })} />
        <TextField label={t('audit.filters.userId')} value={filters.userId} onChange={(e) => events.filterChanged({ userId: e.target.value })} />
        <TextField label={t('audit.filters.action')} placeholder="kyc." value={filters.action} onChange={(e) => events.filterChanged({ action: e.target.value })} />
        <TextField label={t('audit.filters.from')} type="date" value={filters.from} onChange={(e) => events.filterChanged({ from: e.target.value })} />
        <TextField label={t('audit.filters.to')} type="date" value={filters.to} onChange={(e) => events.filterChanged({ to: e.target.value })} />
        <Button type="submit" size="m" loading={loading}>
          {t('audit.search')}
        </Button>
      </form>
      <ErrorText message={error} />
      <DataTable caption={t('audit.title')} columns={columns} rows={items} rowKey={(e) => e.id} empty={t('audit.empty')} />
      {hasMore && <LoadMore loading={loading} onLoadMore={() => events.more()} label={t('ops-common:loadMore')} />}
    </ConsolePage>
  );
}
