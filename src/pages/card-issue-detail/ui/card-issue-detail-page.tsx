import { useUnit } from 'effector-react';
import { useParams } from 'react-router-dom';
import { CARD_READ_FAILURES, CardFace, CardFailureText, cardTexts } from '@/entities/card';
import { cardProductTexts, $product, $productError, ProductFees, productRequested, $productState } from '@/entities/card-product';
import { $user } from '@/entities/user';
import { $productGone, IssueBlockNotice, IssueButton, IssueConfirmation, IssueForm } from '@/features/card/issue';
import { routePaths } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { EmptyState, ErrorState, IconCard, LinkButton, Page, Section, Skeleton } from '@/shared/ui';
import { cardIssueDetailPage } from '../model/card-issue-detail-page';
import { cardIssueDetailTexts } from '../i18n/texts';
import styles from './card-issue-detail-page.module.css';

function Missing({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation([cardIssueDetailTexts.ns, cardProductTexts.ns, cardTexts.ns]);
  return (
    <Page safeArea={false}>
      <EmptyState
        icon={<IconCard size={32} />}
        title={title}
        text={text}
        action={<LinkButton to={routePaths.cardIssue}>{t(`${cardIssueDetailTexts.ns}:toCatalog`)}</LinkButton>}
      />
    </Page>
  );
}

/** /card-issue/detail/:productId (SPEC §2): every fee and limit, description, requirements, deposit, issue. */
export function CardIssueDetailPage() {
  const { productId = '' } = useParams();
  usePageLifecycle(cardIssueDetailPage, { productId });
  const { t } = useTranslation([cardIssueDetailTexts.ns, cardProductTexts.ns, cardTexts.ns, 'errors']);
  const [product, state, error, gone, user, retry] = useUnit([
    $product,
    $productState,
    $productError,
    $productGone,
    $user,
    productRequested,
  ]);

  if (!productId.trim()) {
    return <Missing title={t(`${cardProductTexts.ns}:catalog.selectProduct`)} text={t(`${cardIssueDetailTexts.ns}:selectProductText`)} />;
  }
  if (state === 'notFound' || gone) {
    return <Missing title={t('errors:cards.productNotFound')} text={t('errors:cards.productNotFoundDescription')} />;
  }
  if (state === 'error') {
    return (
      <Page safeArea={false} title={t(`${cardProductTexts.ns}:catalog.title`)}>
        <ErrorState
          title={t('errors:cards.operationError')}
          message={<CardFailureText message={CARD_READ_FAILURES.products} error={error} />}
          onRetry={() => retry(productId)}
        />
      </Page>
    );
  }
  if (!product) {
    return (
      <Page safeArea={false}>
        <div className={styles.skeleton} aria-busy="true" role="status" aria-label={t(`${cardTexts.ns}:loading`)}>
          <Skeleton height={28} width="60%" radius={10} />
          <Skeleton height={210} radius={24} />
          <Skeleton height={220} radius={16} />
        </div>
      </Page>
    );
  }
  const holder = user ? `${user.firstName} ${user.lastName}`.toUpperCase() : t(`${cardIssueDetailTexts.ns}:holderPlaceholder`);
  return (
    <Page safeArea={false} title={product.name} footer={<IssueButton />}>
      <CardFace
        card={{ scheme: product.scheme, form: product.form, maskedNumber: null, cardholderName: holder, productName: product.name, status: 'active' }}
        number="•••• •••• •••• ••••"
      />
      <p className={styles.meta}>
        {t(`${cardTexts.ns}:form.${product.form}`)} · {product.currency}
      </p>
      <IssueBlockNotice />
      <Section title={t(`${cardIssueDetailTexts.ns}:feesTitle`)}>
        <ProductFees product={product} />
      </Section>
      <Section title={t(`${cardIssueDetailTexts.ns}:descriptionTitle`)}>
        <p className={styles.description}>{product.description}</p>
      </Section>
      {product.requirements.length > 0 && (
        <Section title={t(`${cardIssueDetailTexts.ns}:requirementsTitle`)}>
          <ul className={styles.requirements}>
            {product.requirements.map((requirement) => (
              <li key={requirement}>{requirement}</li>
            ))}
          </ul>
        </Section>
      )}
      <IssueForm />
      <IssueConfirmation />
    </Page>
  );
}
