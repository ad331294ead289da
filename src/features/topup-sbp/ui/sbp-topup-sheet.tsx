import { useUnit } from 'effector-react';
import { $sbpConfig } from '@/entities/app-config';
import { MoneyBlockNotice } from '@/entities/user';
import { walletEntityTexts } from '@/entities/wallet';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Button, PrimaryAction, Sheet, Skeleton, TextField } from '@/shared/ui';
import type { SbpAmountCheck } from '../lib/sbp-amount';
import {
  $sbpBlock,
  $sbpAmountCheck,
  $sbpAmountError,
  $sbpAmountText,
  $sbpPaymentInProgress,
  $sbpTopUpOpen,
  sbpAmountChanged,
  sbpPayPressed,
  sbpTopUpClosed,
} from '../model/sbp-topup';
import { topUpSbpTexts } from '../i18n/texts';
import styles from './sbp-topup-sheet.module.css';

/** SPEC §2/§5: SBP quick payment in RUB, minimum and maximum shown and enforced. */
export default function SbpTopUpSheet() {
  const { t } = useTranslation([topUpSbpTexts.ns, walletEntityTexts.ns]);
  const format = useFormatters();
  const [open, text, check, error, config, inProgress, block] = useUnit([
    $sbpTopUpOpen,
    $sbpAmountText,
    $sbpAmountCheck,
    $sbpAmountError,
    $sbpConfig,
    $sbpPaymentInProgress,
    $sbpBlock,
  ]);
  const [close, changeAmount, pay] = useUnit([sbpTopUpClosed, sbpAmountChanged, sbpPayPressed]);


  const min = config ? format.price(config.minAmount) : '';
  const max = config ? format.price(config.maxAmount) : '';
  const message = (c: SbpAmountCheck | null): string | undefined => {
    if (!c) return undefined;
    switch (c.status) {
      case 'empty':
        return t('amountErrors.empty');
      case 'invalid':
        return t(`amountErrors.${c.reason}`);
      case 'belowMinimum':
        return t('amountErrors.belowMinimum', { minimum: format.price(c.minimum) });
      case 'aboveMaximum':
        return t('amountErrors.aboveMaximum', { maximum: format.price(c.maximum) });
      default:
        return undefined;
    }
  };
  const payLabel = check.status === 'ok' ? t('payAmount', { amount: format.price({ amount: check.amount, currency: 'RUB' }) }) : t('pay');

  return (
    <Sheet
      open={open}
      onClose={() => close()}
      closeOnBack={!inProgress}
      title={t('title')}
      footer={
        <PrimaryAction onClick={() => pay()} loading={inProgress} disabled={!config || block !== null}>
          {payLabel}
        </PrimaryAction>
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
          <p className={styles.lead}>{t('lead')}</p>
          <MoneyBlockNotice
            underVerification={{ text: t(`${walletEntityTexts.ns}:failureReasons.ACCOUNT_UNDER_VERIFICATION`) }}
            verificationFailed={{ text: t(`${walletEntityTexts.ns}:failureReasons.ACCOUNT_VERIFICATION_FAILED`) }}
          />
          <TextField
            label={t('amountLabel')}
            inputMode="decimal"
            autoComplete="off"
            enterKeyHint="go"
            placeholder={t('amountPlaceholder')}
            value={text}
            readOnly={inProgress}
            onChange={(event) => changeAmount(event.target.value)}
            hint={t('limits', { min, max })}
            error={message(error)}
          />
          <p className={styles.note}>{t('note')}</p>
        </form>
      )}
    </Sheet>
  );
}
