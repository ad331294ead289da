import { useUnit } from 'effector-react';
import { useId } from 'react';
import { CARD_READ_FAILURES, CardFailureText, cardTexts } from '@/entities/card';
import { cardProductTexts, $products, $productsError, $productsState, ProductSummary } from '@/entities/card-product';
import { routePaths } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { cn, usePageLifecycle } from '@/shared/lib';
import { Button, PrimaryAction, EmptyState, ErrorState, Page, SegmentedControl, Skeleton } from '@/shared/ui';
import { $pickedProductId, $pickError, pickContinued, productPicked } from '@/features/card/issue';
import {
  $currencies,
  $currencyFilter,
  $formFilter,
  $visibleProducts,
  cardIssuePage,
  currencyFilterChanged,
  formFilterChanged,
  productsRetried,
  type CurrencyFilter,
  type FormFilter,
} from '../model/card-issue-page';
import { cardIssuePageTexts } from '../i18n/texts';
import styles from './card-issue-page.module.css';

function Filters() {
  const { t } = useTranslation([cardIssuePageTexts.ns, cardProductTexts.ns, cardTexts.ns]);
  const [form, currency, currencies, setForm, setCurrency] = useUnit([$formFilter, $currencyFilter, $currencies, formFilterChanged, currencyFilterChanged]);
  return (
    <div className={styles.filters}>
      <SegmentedControl<FormFilter>
        size="s"
        label={t(`${cardIssuePageTexts.ns}:formFilter`)}
        value={form}
        onChange={setForm}
        options={[
          { value: 'all', label: t(`${cardIssuePageTexts.ns}:all`) },
          { value: 'virtual', label: t(`${cardTexts.ns}:form.virtual`) },
          { value: 'physical', label: t(`${cardTexts.ns}:form.physical`) },
        ]}
      />
      {currencies.length > 1 && (
        <SegmentedControl<CurrencyFilter>
          size="s"
          label={t(`${cardIssuePageTexts.ns}:currencyFilter`)}
          value={currency}
          onChange={setCurrency}
          options={[{ value: 'all', label: t(`${cardIssuePageTexts.ns}:all`) }, ...currencies.map((code) => ({ value: code, label: code }))]}
        />
      )}
    </div>
  );
}

function ProductOptions({ errorId }: { errorId: string }) {
  const { t } = useTranslation([cardIssuePageTexts.ns, cardProductTexts.ns, cardTexts.ns]);
  const [products, selectedId, selectionError, select] = useUnit([$visibleProducts, $pickedProductId, $pickError, productPicked]);
  if (products.length === 0) return <EmptyState title={t(`${cardIssuePageTexts.ns}:noMatch`)} />;
  return (
    <fieldset className={styles.options} aria-describedby={selectionError ? errorId : undefined}>
      <legend className={styles.legend}>{t(`${cardIssuePageTexts.ns}:choose`)}</legend>
      {products.map((product) => (
        <label key={product.id} className={cn(styles.option, selectedId === product.id && styles.selected, !product.available && styles.disabled)}>
          <input
            type="radio"
            name="product"
            value={product.id}
            className={styles.radio}
            checked={selectedId === product.id}
            disabled={!product.available}
            onChange={() => select(product.id)}
          />
          <ProductSummary product={product} />
        </label>
      ))}
    </fieldset>
  );
}

/** /card-issue (SPEC §2): the card products to choose from. */
export function CardIssuePage() {
  usePageLifecycle(cardIssuePage);
  const { t } = useTranslation([cardIssuePageTexts.ns, cardProductTexts.ns, cardTexts.ns, 'errors']);
  const errorId = useId();
  const [products, state, error, selectionError, pressContinue, retry] = useUnit([
    $products,
    $productsState,
    $productsError,
    $pickError,
    pickContinued,
    productsRetried,
  ]);

  let body;
  if (products.length > 0) {
    body = (
      <>
        <Filters />
        <ProductOptions errorId={errorId} />
      </>
    );
  } else if (state === 'error') {
    body = (
      <ErrorState
        title={t('errors:cards.operationError')}
        message={<CardFailureText message={CARD_READ_FAILURES.products} error={error} />}
        onRetry={() => retry()}
      />
    );
  } else if (state === 'pending') {
    body = (
      <div className={styles.skeleton} aria-busy="true">
        <Skeleton height={64} radius={16} />
        <Skeleton height={64} radius={16} />
        <Skeleton height={64} radius={16} />
      </div>
    );
  } else {
    body = <EmptyState title={t(`${cardIssuePageTexts.ns}:empty`)} />;
  }

  return (
    <Page
      title={t(`${cardProductTexts.ns}:catalog.title`)}
      safeArea={false}
      footer={
        products.length > 0 ? (
          <>
            {selectionError && (
              <p id={errorId} className={styles.error} role="alert">
                {t(`${cardProductTexts.ns}:catalog.selectProduct`)}
              </p>
            )}
            <PrimaryAction onClick={() => pressContinue()}>{t(`${cardIssuePageTexts.ns}:continue`)}</PrimaryAction>
          </>
        ) : undefined
      }
    >
      <p className={styles.lead}>{t(`${cardIssuePageTexts.ns}:lead`)}</p>
      {body}
    </Page>
  );
}
