import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { $archivedCards, $archiveError, archiveOpened, $archiveState, CARD_READ_FAILURES, CardFailureText, $cards, $cardsError, cardsListOpened, $cardsState, CardStatusBadge, cardTexts } from '@/entities/card';
import { routePaths } from '@/shared/config';
import type { Card } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { EmptyState, ErrorState, IconCard, LinkButton, PaymentSchemeMark, Skeleton } from '@/shared/ui';
import { cardListTexts } from '../i18n/texts';
import styles from './card-list.module.css';

function CardRow({ card }: { card: Card }) {
  const { t } = useTranslation([cardListTexts.ns, cardTexts.ns]);
  const format = useFormatters();
  return (
    <li className={styles.item}>
      <Link to={routePaths.card(card.id)} className={styles.row} data-card-id={card.id}>
        <span className={styles.thumb} aria-hidden>
          <PaymentSchemeMark scheme={card.scheme} variant="onCard" otherLabel={t(`${cardTexts.ns}:scheme.other`)} className={styles.thumbMark} />
          <span className={styles.thumbDigits}>{card.last4 ?? '····'}</span>
        </span>
        <span className={styles.text}>
          <span className={styles.name}>{card.productName}</span>
          <span className={styles.meta}>
            {card.maskedNumber ?? t(`${cardListTexts.ns}:noNumberYet`)} · {t(`${cardTexts.ns}:form.${card.form}`)}
          </span>
        </span>
        <span className={styles.end}>
          <span className={styles.balance}>{format.money(card.balance)}</span>
          <CardStatusBadge status={card.status} />
        </span>
      </Link>
    </li>
  );
}

/** The user's cards with status, balance and masked number; empty state leads to issuing one. */
export function CardList() {
  const { t } = useTranslation([cardListTexts.ns, cardTexts.ns, 'errors']);
  const [cards, state, error, retry] = useUnit([$cards, $cardsState, $cardsError, cardsListOpened]);

  if (cards.length > 0) {
    return (
      <ul className={styles.list} aria-label={t(`${cardListTexts.ns}:label`)}>
        {cards.map((card) => (
          <CardRow key={card.id} card={card} />
        ))}
      </ul>
    );
  }
  if (state === 'pending') {
    return (
      <div className={styles.skeleton} aria-busy="true">
        <Skeleton height={68} radius={16} />
        <Skeleton height={68} radius={16} />
      </div>
    );
  }
  if (state === 'error') {
    return (
      <ErrorState
        title={t('errors:cards.operationError')}
        message={<CardFailureText message={CARD_READ_FAILURES.fetchCards} error={error} />}
        onRetry={() => retry()}
      />
    );
  }
  return (
    <EmptyState
      icon={<IconCard size={32} />}
      title={t(`${cardListTexts.ns}:emptyTitle`)}
      text={t(`${cardListTexts.ns}:emptyText`)}
      action={<LinkButton to={routePaths.cardIssue}>{t(`${cardListTexts.ns}:issueFirst`)}</LinkButton>}
    />
  );
}

/** The archive (closed, blocked, rejected, failed cards), in the same rows; empty state leads back to the cards. */
export function ArchivedCardList() {
  const { t } = useTranslation([cardListTexts.ns, 'errors']);
  const [cards, state, error, retry] = useUnit([$archivedCards, $archiveState, $archiveError, archiveOpened]);
  if (cards.length > 0) {
    return (
      <ul className={styles.list} aria-label={t(`${cardListTexts.ns}:archive.label`)}>
        {cards.map((card) => (
          <CardRow key={card.id} card={card} />
        ))}
      </ul>
    );
  }
  if (state === 'pending') {
    return (
      <div className={styles.skeleton} aria-busy="true">
        <Skeleton height={68} radius={16} />
      </div>
    );
  }
  if (state === 'error') {
    return <ErrorState title={t('errors:cards.operationError')} message={<CardFailureText message={CARD_READ_FAILURES.fetchCards} error={error} />} onRetry={() => retry()} />;
  }
  return (
    <EmptyState
      icon={<IconCard size={32} />}
      title={t(`${cardListTexts.ns}:archive.emptyTitle`)}
      text={t(`${cardListTexts.ns}:archive.emptyText`)}
      action={<LinkButton to={routePaths.cards}>{t(`${cardListTexts.ns}:archive.toCards`)}</LinkButton>}
    />
  );
}
