import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { UserSummary } from '@/shared/contract/ops';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Button, LoadMore, TextField } from '@/shared/ui';
import { VerificationBadge } from '@/ops/entities/customer';
import { opsPaths } from '@/ops/shared/config';
import { ConsolePage, DataTable, ErrorText, type Column } from '@/ops/shared/ui';
import { $query, queryChanged, searched, usersList, usersPage } from '../model/users';
import styles from './users-page.module.css';

export function UsersPage() {
  const { t } = useTranslation(['ops-users', 'ops-common']);
  const { dateTime } = useFormatters();
  const [params] = useSearchParams();
  usePageLifecycle(usersPage, { q: params.get('q') ?? '' });
  const [query, items, hasMore, loading, error] = useUnit([$query, usersList.$items, usersList.$hasMore, usersList.$loading, usersList.$error]);
  const events = useUnit({ queryChanged, searched, more: usersList.moreRequested });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    events.searched();
  };
  const columns: Column<UserSummary>[] = [
    { key: 'name', header: t('search.columns.name'), cell: (u) => <Link to={opsPaths.user(u.id)}>{u.name}</Link> },
    { key: 'email', header: t('search.columns.email'), cell: (u) => u.email },
    { key: 'phone', header: t('search.columns.phone'), cell: (u) => u.phoneNumber },
    { key: 'status', header: t('search.columns.status'), cell: (u) => <VerificationBadge status={u.verificationStatus} frozen={u.frozen} /> },
    { key: 'since', header: t('search.columns.since'), cell: (u) => dateTime(u.createdAt) },
  ];
  return (
    <ConsolePage title={t('search.title')} lead={t('search.lead')}>
      <form className={styles.search} role="search" onSubmit={submit}>
        <TextField label={t('search.label')} value={query} onChange={(e) => events.queryChanged(e.target.value)} type="search" containerClassName={styles.field} />
        <Button type="submit" size="m" loading={loading}>
          {t('search.submit')}
        </Button>
      </form>
      <ErrorText message={error} />
      <DataTable caption={t('search.title')} columns={columns} rows={items} rowKey={(u) => u.id} empty={t('search.empty')} />
      {hasMore && <LoadMore loading={loading} onLoadMore={() => events.more()} label={t('ops-common:loadMore')} />}
    </ConsolePage>
  );
}
