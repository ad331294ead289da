import { useUnit } from 'effector-react';
import { MoneyBlockNotice } from '@/entities/user';
import type { Card } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { AmountField, AmountSheetFooter, Button, Sheet, SheetLead, SheetStack, SummaryList } from '@/shared/ui';
import {
  $amount,
  $amountError,
  $amountInput,
  $step,
  $submitting,
  $withdrawBlock,
  $withdrawCard,
  allRequested,
  amountChanged,
  canWithdraw,
  withdrawClosed,
  withdrawConfirmed,
  withdrawEdited,
  withdrawOpened,
  withdrawReviewed,
} from '../model/withdraw';
import { cardTexts } from '@/entities/card';
import { cardWithdrawTexts } from '../i18n/texts';

/** "To wallet", when the card allows it and holds money. */
export function WithdrawButton({ card, className }: { card: Card; className?: string }) {
  const { t } = useTranslation(cardWithdrawTexts.ns);
  const open = useUnit(withdrawOpened);
  if (!canWithdraw(card)) return null;
  return (
    <Button variant="secondary" size="m" className={className} onClick={() => open(card)}>
      {t('button')}
    </Button>
  );
}

/** Amount (at most the card balance) → confirmation → the money is in the wallet. */
export function WithdrawSheet() {
  const { t } = useTranslation([cardWithdrawTexts.ns, cardTexts.ns]);
  const format = useFormatters();
  const [step, card, input, amount, error, submitting, block] = useUnit([$step, $withdrawCard, $amountInput, $amount, $amountError, $submitting, $withdrawBlock]);
  const [close, change, all, review, edit, confirm] = useUnit([withdrawClosed, amountChanged, allRequested, withdrawReviewed, withdrawEdited, withdrawConfirmed]);
  if (!card) return null;
  const available = format.money(card.balance);

  const footer = (
    <AmountSheetFooter
      step={step}
      labels={{ continue: t('continue'), confirm: t('confirm'), back: t('back') }}
      onContinue={() => review()}
      onConfirm={() => confirm()}
      onBack={() => edit()}
      submitting={submitting}
      continueDisabled={block !== null}
    />
  );

  return (
    <Sheet open={step !== 'closed'} onClose={() => close()} title={t('title')} footer={footer}>
      {step === 'amount' && (
        <SheetStack>
          <MoneyBlockNotice
            underVerification={{ text: t(`${cardTexts.ns}:codes.ACCOUNT_UNDER_VERIFICATION`) }}
            verificationFailed={{ text: t(`${cardTexts.ns}:codes.ACCOUNT_VERIFICATION_FAILED`) }}
          />
          <AmountField
            label={t('amountLabel', { currency: card.currency })}
            name="withdrawAmount"
            value={input}
            onChange={change}
            onSubmit={review}
            hint={t('available', { amount: available })}
            error={error ? t(`problems.${error}`, { amount: available }) : undefined}
          />
          <Button variant="plain" size="m" onClick={() => all()}>
            {t('all', { amount: available })}
          </Button>
        </SheetStack>
      )}
      {step === 'confirm' && amount && (
        <SheetStack>
          <SheetLead>{t('confirmText', { card: card.maskedNumber ?? card.productName })}</SheetLead>
          <SummaryList
            rows={[
              { id: 'amount', label: t('toWallet'), value: format.price(amount), total: true },
              { id: 'fee', label: t('fee'), value: format.price({ amount: 0, currency: card.currency }) },
            ]}
          />
        </SheetStack>
      )}
    </Sheet>
  );
}
