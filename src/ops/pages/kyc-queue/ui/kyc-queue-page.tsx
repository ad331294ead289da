import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import type { ReviewItem } from '@/shared/contract/ops';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { LoadMore } from '@/shared/ui';
import { KycResult } from '@/ops/entities/customer';
import { KycDecisionButtons, KycDecisionDialog } from '@/ops/features/kyc-decision';
import { opsPaths } from '@/ops/shared/config';
import { ConsolePage, DataTable, ErrorText, type Column } from '@/ops/shared/ui';
import { kycQueuePage, queueList } from '../model/kyc-queue';
import styles from './kyc-queue-page.module.css';

export function KycQueuePage() {
  const { t } = useTranslation(['ops-kyc', 'ops-common', 'errors']);
  const { dateTime } = useFormatters();
  usePageLifecycle(kycQueuePage);
  const [items, hasMore, loading, error] = useUnit([queueList.$items, queueList.$hasMore, queueList.$loading, queueList.$error]);
  const more = useUnit(queueList.moreRequested);
  const columns: Column<ReviewItem>[] = [
    {
      key: 'user',
      header: t('columns.user'),
      cell: (item) => (
        <div className={styles.who}>
          <Link to={opsPaths.user(item.user.id)}>{item.user.name}</Link>
          <span className={styles.hint}>{item.registration.email}</span>
        </div>
      ),
    },
    {
      key: 'given',
      header: t('columns.given'),
      cell: (item) => (
        <div className={styles.who}>
          <span>{item.registration.phoneNumber}</span>
          <span className={styles.hint}>
            {t('country')}: {item.registration.country}
            {item.registration.telegramUsername ? ` · @${item.registration.telegramUsername}` : ''}
          </span>
        </div>
      ),
    },
    { key: 'kyc', header: t('columns.kyc'), cell: (item) => <KycResult check={item.kyc} /> },
    {
      key: 'request',
      header: t('columns.request'),
      cell: (item) => (item.request ? item.request.items.map((i) => t(`errors:verification.verificationItems.${i}`)).join('; ') : t('ops-common:none')),
    },
    { key: 'waiting', header: t('columns.waiting'), cell: (item) => dateTime(item.waitingSince) },
    { key: 'decide', header: t('columns.decide'), cell: (item) => <KycDecisionButtons user={item.user} /> },
  ];
  return (
    <ConsolePage title={t('title')} lead={t('lead')}>
      <ErrorText message={error} />
      <DataTable caption={t('title')} columns={columns} rows={items} rowKey={(item) => item.user.id} empty={t('empty')} />
      {hasMore && <LoadMore loading={loading} onLoadMore={() => more()} label={t('ops-common:loadMore')} />}
      <KycDecisionDialog />
    </ConsolePage>
  );
}
