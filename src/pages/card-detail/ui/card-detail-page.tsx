import { useUnit } from 'effector-react';
import { useParams } from 'react-router-dom';
import { $card, CARD_READ_FAILURES, $cardError, CardFailureText, cardOpened, $cardState, cardTexts } from '@/entities/card';
import { routePaths } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { EmptyState, ErrorState, IconCard, LinkButton, Page, Skeleton } from '@/shared/ui';
import { LimitsSection } from '@/features/card/limits';
import { CardHistoryTabs } from '@/widgets/card-history';
import { CardPanel } from '@/widgets/card-panel';
import { ShippingTracker } from '@/widgets/card-shipping';
import { cardActions } from '../config/card-actions';
import { cardDetailPage } from '../model/card-detail-page';
import { cardDetailTexts } from '../i18n/texts';
import styles from './card-detail-page.module.css';

/** /cards/:cardId (SPEC §2): the card, its balance, actions, transactions and trades. */
export function CardDetailPage() {
  const { cardId = '' } = useParams();
  usePageLifecycle(cardDetailPage, { cardId });
  const { t } = useTranslation([cardDetailTexts.ns, cardTexts.ns, 'errors']);
  const [card, state, error, retry] = useUnit([$card, $cardState, $cardError, cardOpened]);

  if (state === 'notFound') {
    return (
      <Page safeArea={false}>
        <EmptyState
          icon={<IconCard size={32} />}
          title={t(`${cardDetailTexts.ns}:notFoundTitle`)}
          text={t(`${cardDetailTexts.ns}:notFoundText`)}
          action={<LinkButton to={routePaths.cards}>{t(`${cardDetailTexts.ns}:toCards`)}</LinkButton>}
        />
      </Page>
    );
  }
  if (state === 'error') {
    return (
      <Page safeArea={false} title={t(`${cardDetailTexts.ns}:title`)}>
        <ErrorState
          title={t('errors:cards.operationError')}
          message={<CardFailureText message={CARD_READ_FAILURES.fetchCard} error={error} />}
          onRetry={() => retry(cardId)}
        />
      </Page>
    );
  }
  if (!card) {
    return (
      <Page safeArea={false}>
        <div className={styles.skeleton} aria-busy="true" role="status" aria-label={t(`${cardTexts.ns}:loading`)}>
          <Skeleton height={28} width="55%" radius={10} />
          <Skeleton height={210} radius={24} />
          <Skeleton height={48} radius={12} />
          <Skeleton height={48} radius={12} />
        </div>
      </Page>
    );
  }
  return (
    <Page safeArea={false} title={card.productName}>
      <CardPanel actions={cardActions} />
      <ShippingTracker />
      <LimitsSection />
      <CardHistoryTabs cardId={card.id} />
    </Page>
  );
}
