import type { CardProduct } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { SummaryList } from '@/shared/ui';
import { depositBounds } from '@/shared/money';
import { cardProductTexts } from '../i18n/texts';

/** "1.5% + $1.00", "2%", "$0.50" or "No fee". */
export function useDepositFeeText(product: Pick<CardProduct, 'depositFee'>): string {
  const { t } = useTranslation(cardProductTexts.ns);
  const format = useFormatters();
  const { bps, fixed } = product.depositFee;
  const percent = bps > 0 ? format.number(bps / 10_000, { style: 'percent', maximumFractionDigits: 2 }) : null;
  const fixedText = fixed.amount > 0 ? format.price(fixed) : null;
  if (percent && fixedText) return t('product.feePercentPlusFixed', { percent, fixed: fixedText });
  return percent ?? fixedText ?? t('product.noFee');
}

export interface ProductFeesProps {
  product: CardProduct;
}

/**
 * Every fee and limit of a product (SPEC §3 "Card product"). The two deposit lines say what each bounds, so they never
 * read as two answers to one question: the first deposit at issue (minimalDeposit up to the range's top) and each
 * later top-up (depositRange).
 */
export function ProductFees({ product }: ProductFeesProps) {
  const { t } = useTranslation(cardProductTexts.ns);
  const format = useFormatters();
  const feeText = useDepositFeeText(product);
  const initial = depositBounds(product, 'initial');
  return (
    <SummaryList
      inset
      rows={[
        { id: 'issueCost', label: t('product.issueCost'), value: format.price(product.issueCost), strong: true },
        { id: 'creationFee', label: t('product.creationFee'), value: format.price(product.creationFee) },
        { id: 'issuingFee', label: t('product.issuingFee'), value: format.price(product.issuingFee) },
        {
          id: 'minimalDeposit',
          label: t('product.minimalDeposit'),
          value: t('product.range', { min: format.price(initial.min), max: format.price(initial.max) }),
        },
        { id: 'depositFee', label: t('product.depositFee'), value: feeText },
        {
          id: 'depositRange',
          label: t('product.depositRange'),
          value: t('product.range', { min: format.price(product.depositRange.min), max: format.price(product.depositRange.max) }),
        },
      ]}
    />
  );
}
