import { useUnit } from 'effector-react';
import { MoneyBlockNotice } from '@/entities/user';
import type { Card } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Button, Sheet, SummaryList, TextField } from '@/shared/ui';
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
import styles from './withdraw-sheet.module.css';

/** "To wallet", when the card allows it and holds money. */
export function WithdrawButton({ card }: { card: Card }) {
  const { t } = useTranslation('card-lifecycle');
  const open = useUnit(withdrawOpened);
  if (!canWithdraw(card)) return null;
  return (
    <Button variant="secondary" size="m" onClick={() => open(card)}>
      {t('withdraw.button')}
    </Button>
  );
}

/** Amount (at most the card balance) → confirmation → the money is in the wallet. */
export function WithdrawSheet() {
  const { t } = useTranslation(['card-lifecycle', 'cards']);
  const format = useFormatters();
  const [step, card, input, amount, error, submitting, block] = useUnit([$step, $withdrawCard, $amountInput, $amount, $amountError, $submitting, $withdrawBlock]);
  const [close, change, all, review, edit, confirm] = useUnit([withdrawClosed, amountChanged, allRequested, withdrawReviewed, withdrawEdited, withdrawConfirmed]);
  if (!card) return null;
  const available = format.money(card.balance);

  const footer =
    step === 'confirm' ? (
      <div className={styles.actions}>
        <Button fullWidth onClick={() => confirm()} loading={submitting}>
          {t('withdraw.confirm')}
        </Button>
        <Button fullWidth variant="plain" onClick={() => edit()} disabled={submitting}>
          {t('withdraw.back')}
        </Button>
      </div>
    ) : (
      <Button fullWidth onClick={() => review()} disabled={block !== null}>
        {t('withdraw.continue')}
      </Button>
    );

  return (
    <Sheet open={step !== 'closed'} onClose={() => close()} title={t('withdraw.title')} footer={footer}>
      {step === 'amount' && (
        <div className={styles.body}>
          <MoneyBlockNotice
            underVerification={{ text: t('cards:codes.ACCOUNT_UNDER_VERIFICATION') }}
            verificationFailed={{ text: t('cards:codes.ACCOUNT_VERIFICATION_FAILED') }}
          />
          <TextField
            label={t('withdraw.amountLabel', { currency: card.currency })}
            inputMode="decimal"
            autoComplete="off"
            enterKeyHint="next"
            autoFocus
            value={input}
            onChange={(event) => change(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') review();
            }}
            hint={t('withdraw.available', { amount: available })}
            error={error ? t(`withdraw.problems.${error}`, { amount: available }) : undefined}
            name="withdrawAmount"
          />
          <Button variant="plain" size="m" onClick={() => all()}>
            {t('withdraw.all', { amount: available })}
          </Button>
        </div>
      )}
      {step === 'confirm' && amount && (
        <div className={styles.body}>
          <p className={styles.lead}>{t('withdraw.confirmText', { card: card.maskedNumber ?? card.productName })}</p>
          <SummaryList
            rows={[
              { id: 'amount', label: t('withdraw.toWallet'), value: format.money(amount), total: true },
              { id: 'fee', label: t('withdraw.fee'), value: format.money({ amount: 0, currency: card.currency }) },
            ]}
          />
        </div>
      )}
    </Sheet>
  );
}
