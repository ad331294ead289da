import { cardTexts } from '@/entities/card/@x/card-product';
import type { CardProduct } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { cn } from '@/shared/lib';
import { Badge, PaymentSchemeMark } from '@/shared/ui';
import { cardProductTexts } from '../i18n/texts';
import styles from './product-summary.module.css';

export interface ProductSummaryProps {
  product: CardProduct;
  className?: string;
}

/** One product in a list: scheme mark, name, form · currency, issue cost; "Unavailable" when it cannot be issued. */
export function ProductSummary({ product, className }: ProductSummaryProps) {
  const { t } = useTranslation([cardProductTexts.ns, cardTexts.ns]);
  const format = useFormatters();
  return (
    <span className={cn(styles.root, className)}>
      <PaymentSchemeMark scheme={product.scheme} otherLabel={t(`${cardTexts.ns}:scheme.other`)} />
      <span className={styles.text}>
        <span className={styles.name}>{product.name}</span>
        <span className={styles.meta}>
          {t(`${cardTexts.ns}:form.${product.form}`)} · {product.currency}
        </span>
        {product.available && (
          <span className={styles.cost}>
            <strong>{format.price(product.issueCost)}</strong> {t('product.issueCostShort')}
          </span>
        )}
      </span>
      {!product.available && <Badge tone="neutral">{t('product.unavailable')}</Badge>}
    </span>
  );
}
