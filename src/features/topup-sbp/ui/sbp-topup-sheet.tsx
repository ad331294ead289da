import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { $sbpConfig } from '@/entities/app-config';
import { MoneyBlockNotice } from '@/entities/user';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { useClosingConfirmation } from '@/shared/platform';
import { Button, Sheet, Skeleton, TextField } from '@/shared/ui';
import { paymentStatusPath } from '../lib/payment-link';
import type { SbpAmountCheck } from '../lib/sbp-amount';
import {
  $followedPayment,
  $sbpBlock,
  $sbpAmountCheck,
  $sbpAmountError,
  $sbpAmountText,
  $sbpPaymentInProgress,
  $sbpTopUpOpen,
  sbpAmountChanged,
  sbpPaymentFollowed,
  sbpPayPressed,
  sbpTopUpClosed,
} from '../model/sbp-topup';
import styles from './sbp-topup-sheet.module.css';

/** SPEC §2/§5: SBP quick payment in RUB, minimum and maximum shown and enforced. */
export default function SbpTopUpSheet() {
  const { t } = useTranslation('wallet');
  const format = useFormatters();
  const navigate = useNavigate();
  const [open, text, check, error, config, inProgress, followed, block] = useUnit([
    $sbpTopUpOpen,
    $sbpAmountText,
    $sbpAmountCheck,
    $sbpAmountError,
    $sbpConfig,
    $sbpPaymentInProgress,
    $followedPayment,
    $sbpBlock,
  ]);
  const [close, changeAmount, pay, follow] = useUnit([sbpTopUpClosed, sbpAmountChanged, sbpPayPressed, sbpPaymentFollowed]);

  useClosingConfirmation(inProgress);

  // Inside Telegram the bank page opens outside the app: show the payment's status meanwhile.
  useEffect(() => {
    if (!followed) return;
    follow();
    navigate(paymentStatusPath(followed.paymentId));
  }, [followed, follow, navigate]);

  const min = config ? format.money(config.minAmount) : '';
  const max = config ? format.money(config.maxAmount) : '';
  const message = (c: SbpAmountCheck | null): string | undefined => {
    if (!c) return undefined;
    switch (c.status) {
      case 'empty':
        return t('sbp.amountErrors.empty');
      case 'invalid':
        return t(`sbp.amountErrors.${c.reason}`);
      case 'belowMinimum':
        return t('sbp.amountErrors.belowMinimum', { minimum: format.money(c.minimum) });
      case 'aboveMaximum':
        return t('sbp.amountErrors.aboveMaximum', { maximum: format.money(c.maximum) });
      default:
        return undefined;
    }
  };
  const payLabel = check.status === 'ok' ? t('sbp.payAmount', { amount: format.money({ amount: check.amount, currency: 'RUB' }) }) : t('sbp.pay');

  return (
    <Sheet
      open={open}
      onClose={() => close()}
      closeOnBack={!inProgress}
      title={t('sbp.title')}
      footer={
        <Button fullWidth onClick={() => pay()} loading={inProgress} disabled={!config || block !== null}>
          {payLabel}
        </Button>
      }
    >
      {!config ? (
        <div className={styles.content} role="status" aria-label={t('common:status.loading')}>
          <Skeleton height={72} radius={12} />
        </div>
      ) : (
        <form
          className={styles.content}
          onSubmit={(event) => {
            event.preventDefault();
            pay();
          }}
        >
          <p className={styles.lead}>{t('sbp.lead')}</p>
          <MoneyBlockNotice
            underVerification={{ text: t('failureReasons.ACCOUNT_UNDER_VERIFICATION') }}
            verificationFailed={{ text: t('failureReasons.ACCOUNT_VERIFICATION_FAILED') }}
          />
          <TextField
            label={t('sbp.amountLabel')}
            inputMode="decimal"
            autoComplete="off"
            enterKeyHint="go"
            placeholder={t('sbp.amountPlaceholder')}
            value={text}
            readOnly={inProgress}
            onChange={(event) => changeAmount(event.target.value)}
            hint={t('sbp.limits', { min, max })}
            error={message(error)}
          />
          <p className={styles.note}>{t('sbp.note')}</p>
        </form>
      )}
    </Sheet>
  );
}
