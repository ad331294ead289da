import { useUnit } from 'effector-react';
import { cardProductTexts, useDepositFeeText } from '@/entities/card-product';
import { MoneyBlockNotice } from '@/entities/user';
import { WalletFunds } from '@/entities/wallet';
import type { CardProduct } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { depositBounds } from '@/shared/money';
import { AmountField, AmountSheetFooter, ErrorState, Sheet, SheetLead, SheetStack, Skeleton, SummaryList } from '@/shared/ui';
import {
  $amountError,
  $amountInput,
  $charge,
  $productFailed,
  $productLoading,
  $shortfall,
  $step,
  $submitting,
  $topUpBlock,
  $topUpCard,
  $topUpProduct,
  amountChanged,
  topUpClosed,
  topUpConfirmed,
  topUpEdited,
  topUpOpened,
  topUpReviewed,
} from '../model/topup';
import { cardTexts } from '@/entities/card';
import { cardTopUpTexts } from '../i18n/texts';
import styles from './topup-sheet.module.css';

function FeeLine({ product }: { product: CardProduct }) {
  const { t } = useTranslation([cardProductTexts.ns, cardTexts.ns, cardTopUpTexts.ns]);
  return <p className={styles.fee}>{t(`${cardTopUpTexts.ns}:feeLine`, { fee: useDepositFeeText(product) })}</p>;
}

/** The top-up sheet: amount (within the range, fee shown) → "you will be charged" → request. */
export function TopUpSheet() {
  const { t } = useTranslation([cardProductTexts.ns, cardTexts.ns, cardTopUpTexts.ns, 'errors']);
  const format = useFormatters();
  const [step, card, product, input, error, charge, submitting, loading, failed, shortfall, block] = useUnit([
    $step,
    $topUpCard,
    $topUpProduct,
    $amountInput,
    $amountError,
    $charge,
    $submitting,
    $productLoading,
    $productFailed,
    $shortfall,
    $topUpBlock,
  ]);
  const [close, change, review, edit, confirm, reopen] = useUnit([topUpClosed, amountChanged, topUpReviewed, topUpEdited, topUpConfirmed, topUpOpened]);
  if (!card) return null;

  const range = product ? { min: format.price(depositBounds(product, 'topUp').min), max: format.price(depositBounds(product, 'topUp').max) } : null;
  const chargeRows = charge
    ? [
        { id: 'amount', label: t(`${cardTopUpTexts.ns}:toCard`), value: format.price(charge.amount) },
        { id: 'fee', label: t(`${cardProductTexts.ns}:product.depositFee`), value: format.price(charge.fee) },
        { id: 'total', label: t(`${cardTopUpTexts.ns}:youWillBeCharged`), value: format.price(charge.total), total: true },
      ]
    : [];

  const footer =
    step === 'confirm' || product ? (
      <AmountSheetFooter
        step={step}
        labels={{ continue: t(`${cardTopUpTexts.ns}:continue`), confirm: t(`${cardTopUpTexts.ns}:confirm`), back: t(`${cardTopUpTexts.ns}:back`) }}
        onContinue={() => review()}
        onConfirm={() => confirm()}
        onBack={() => edit()}
        submitting={submitting}
        continueDisabled={block !== null}
        confirmDisabled={shortfall !== null}
      />
    ) : undefined;

  return (
    <Sheet open={step !== 'closed'} onClose={() => close()} title={t(`${cardTopUpTexts.ns}:title`)} footer={footer}>
      {loading && <Skeleton height={96} />}
      {failed && <ErrorState message={t('errors:cards.fetchProductsFailed')} onRetry={() => reopen(card)} />}
      {product && step === 'amount' && (
        <SheetStack>
          <MoneyBlockNotice
            underVerification={{ text: t(`${cardTexts.ns}:codes.ACCOUNT_UNDER_VERIFICATION`) }}
            verificationFailed={{ text: t(`${cardTexts.ns}:codes.ACCOUNT_VERIFICATION_FAILED`) }}
          />
          <AmountField
            label={t(`${cardTopUpTexts.ns}:amountLabel`, { currency: card.currency })}
            name="topUpAmount"
            value={input}
            onChange={change}
            onSubmit={review}
            hint={range ? t(`${cardTopUpTexts.ns}:rangeHint`, range) : undefined}
            error={error && range ? t(`${cardTexts.ns}:amount.${error}`, range) : undefined}
          />
          <FeeLine product={product} />
          {charge && (
            <p className={styles.preview} aria-live="polite">
              {t(`${cardTopUpTexts.ns}:preview`, { total: format.price(charge.total) })}
            </p>
          )}
          <WalletFunds currency={card.currency} shortfall={shortfall} />
        </SheetStack>
      )}
      {product && step === 'confirm' && charge && (
        <SheetStack>
          <SheetLead>{t(`${cardTopUpTexts.ns}:confirmText`, { card: card.maskedNumber ?? card.productName })}</SheetLead>
          <SummaryList rows={chargeRows} />
          <WalletFunds currency={card.currency} shortfall={shortfall} />
        </SheetStack>
      )}
    </Sheet>
  );
}
