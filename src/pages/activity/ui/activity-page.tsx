import { useUnit } from 'effector-react';
import {
  $activityError,
  $activityItems,
  $activityState,
  $hasMoreActivity,
  $loadingMoreActivity,
  $moreActivityError,
  activityOpened,
  ActivityRow,
  moreActivityRequested,
} from '@/entities/activity';
import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Button, EmptyState, ErrorState, List, Page, Section, Skeleton } from '@/shared/ui';
import { activityPage } from '../model/activity-page';
import styles from './activity-page.module.css';
import { activityPageTexts } from '../i18n/texts';

/**
 * /activity (issue #35): the events the bot tells about, for every user, newest first; what was unread as the page
 * opened is marked "New".
 */
export function ActivityPage() {
  usePageLifecycle(activityPage);
  const { t } = useTranslation([activityPageTexts.ns, 'errors']);
  const [state, items, error, hasMore, loadingMore, moreError, retry, more] = useUnit([
    $activityState,
    $activityItems,
    $activityError,
    $hasMoreActivity,
    $loadingMoreActivity,
    $moreActivityError,
    activityOpened,
    moreActivityRequested,
  ]);
  const title = t(`${activityPageTexts.ns}:title`);
  let content;
  if (state === 'error' && items.length === 0) {
    content = <ErrorState title={t(`${activityPageTexts.ns}:loadFailed`)} message={error ? t(error.keys, { defaultValue: error.defaultValue }) : t('errors:general.fetchFailed')} onRetry={retry} />;
  } else if (state !== 'success' && items.length === 0) {
    content = (
      <div className={styles.skeleton} role="status" aria-busy="true">
        <Skeleton height={44} />
        <Skeleton height={44} />
        <Skeleton height={44} />
      </div>
    );
  } else if (items.length === 0) {
    content = <EmptyState title={t(`${activityPageTexts.ns}:empty`)} text={t(`${activityPageTexts.ns}:emptyHint`)} />;
  } else {
    content = (
      <Section>
        <List aria-label={title}>
          {items.map((item) => (
            <ActivityRow key={item.id} item={item} />
          ))}
        </List>
        {moreError && (
          <p className={styles.error} role="alert">
            {t(`${activityPageTexts.ns}:loadFailed`)}
          </p>
        )}
        {hasMore && (
          <div className={styles.more}>
            <Button variant="plain" fullWidth loading={loadingMore} onClick={() => more()}>
              {t(`${activityPageTexts.ns}:more`)}
            </Button>
          </div>
        )}
      </Section>
    );
  }
  return (
    <Page title={title} safeArea={false}>
      {content}
    </Page>
  );
}
