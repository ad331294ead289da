import { useUnit } from 'effector-react';
import { useId, type ReactNode } from 'react';
import { $available, walletEntityTexts } from '@/entities/wallet';
import { MoneyBlockNotice } from '@/entities/user';
import { formatRate } from '@/entities/exchange-rate';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert, Button, PrimaryAction, IconSwapVertical, Sheet, Skeleton, Spinner } from '@/shared/ui';
import type { ExchangeCheck } from '../lib/exchange-check';
import {
  $canConfirm,
  $exchangeBlock,
  $exchangeAmountText,
  $exchangeError,
  $exchangeFrom,
  $exchangeOpen,
  $exchangePreview,
  $exchangeRate,
  $exchangeState,
  $exchangeStep,
  $exchangeTo,
  $quoteExpired,
  $quoteSecondsLeft,
  $rateChanged,
  $rateUnavailable,
  exchangeAmountChanged,
  exchangeClosed,
  exchangeConfirmPressed,
  exchangeDirectionSwapped,
  exchangeEditPressed,
  exchangeMaxPressed,
  exchangeRatesRetryPressed,
  exchangeReviewPressed,
} from '../model/exchange';
import { exchangeTexts } from '../i18n/texts';
import styles from './exchange-sheet.module.css';

const countdown = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function useErrorText() {
  const { t } = useTranslation([exchangeTexts.ns, walletEntityTexts.ns]);
  const format = useFormatters();
  return (error: ExchangeCheck | null): string | undefined => {
    if (!error) return undefined;
    switch (error.status) {
      case 'notPositive':
        return t('errors.notPositive');
      case 'insufficient':
        return t('errors.insufficient');
      case 'belowMinimum':
        return t('errors.belowMinimum', { minimum: format.price(error.minimum) });
      case 'invalid':
        return t(`errors.${error.reason}`);
      default:
        return undefined;
    }
  };
}

function SummaryRow({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={styles.summaryRow} data-strong={strong || undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** SPEC §2/§5: currency exchange USD ⇄ RUB with a live quote, fee and "you receive" before confirming. */
export default function ExchangeSheet() {
  const { t } = useTranslation([exchangeTexts.ns, walletEntityTexts.ns]);
  const format = useFormatters();
  const errorText = useErrorText();
  const amountId = useId();
  const [open, from, to, text, step, rate, preview, error, state, canConfirm, secondsLeft, expired, unavailable, rateChanged, available, block] = useUnit([
    $exchangeOpen,
    $exchangeFrom,
    $exchangeTo,
    $exchangeAmountText,
    $exchangeStep,
    $exchangeRate,
    $exchangePreview,
    $exchangeError,
    $exchangeState,
    $canConfirm,
    $quoteSecondsLeft,
    $quoteExpired,
    $rateUnavailable,
    $rateChanged,
    $available,
    $exchangeBlock,
  ]);
  const [close, changeAmount, swap, useMax, review, edit, confirm, retryRates] = useUnit([
    exchangeClosed,
    exchangeAmountChanged,
    exchangeDirectionSwapped,
    exchangeMaxPressed,
    exchangeReviewPressed,
    exchangeEditPressed,
    exchangeConfirmPressed,
    exchangeRatesRetryPressed,
  ]);
  const pending = state === 'pending';
  const errorMessage = errorText(error);

  const rateMeta = rate ? (
    <span className={styles.rateMeta}>
      {expired ? (
        <>
          <Spinner size={14} /> {t('rateUpdating')}
        </>
      ) : (
        t('rateMeta', { time: format.date(rate.updatedAt, { hour: '2-digit', minute: '2-digit' }), left: countdown(secondsLeft) })
      )}
    </span>
  ) : null;

  const rateLine = rate ? (
    <p className={styles.rate} data-testid="exchange-rate">
      <span>{t('rateLine', { from: rate.from, to: rate.to, rate: formatRate(rate.rate, format.lang) })}</span>
      {rateMeta}
    </p>
  ) : unavailable ? (
    <Alert
      tone="danger"
      action={
        <Button variant="plain" size="m" onClick={() => retryRates()}>
          {t('common:actions.retry')}
        </Button>
      }
    >
      {t('rateUnavailable')}
    </Alert>
  ) : (
    <Skeleton height={20} width="70%" />
  );

  const footer =
    step === 'form' ? (
      <PrimaryAction onClick={() => review()} disabled={unavailable || block !== null}>
        {t('continue')}
      </PrimaryAction>
    ) : (
      <div className={styles.footerButtons}>
        <PrimaryAction onClick={() => confirm()} loading={pending} disabled={!canConfirm}>
          {rateChanged ? t('confirmNewRate') : t('confirm')}
        </PrimaryAction>
        <PrimaryAction slot="secondary" variant="plain" onClick={() => edit()} disabled={pending}>
          {t('edit')}
        </PrimaryAction>
      </div>
    );

  return (
    <Sheet open={open} onClose={() => close()} closeOnBack={!pending} title={step === 'form' ? t('title') : t('reviewTitle')} footer={footer}>
      {step === 'form' ? (
        <div className={styles.content}>
          <MoneyBlockNotice
            underVerification={{ text: t(`${walletEntityTexts.ns}:failureReasons.ACCOUNT_UNDER_VERIFICATION`) }}
            verificationFailed={{ text: t(`${walletEntityTexts.ns}:failureReasons.ACCOUNT_VERIFICATION_FAILED`) }}
          />
          <div className={styles.pair}>
            <div className={styles.field} data-invalid={errorMessage ? true : undefined}>
              <div className={styles.fieldHead}>
                <label htmlFor={amountId} className={styles.fieldLabel}>
                  {t('youPay')}
                </label>
                {available && (
                  <button type="button" className={styles.max} onClick={() => useMax()}>
                    {t('available', { amount: format.money({ amount: available[from], currency: from }) })}
                  </button>
                )}
              </div>
              <div className={styles.inputRow}>
                <input
                  id={amountId}
                  className={styles.input}
                  inputMode="decimal"
                  autoComplete="off"
                  enterKeyHint="next"
                  placeholder="0"
                  value={text}
                  onChange={(event) => changeAmount(event.target.value)}
                  aria-invalid={errorMessage ? true : undefined}
                  aria-describedby={errorMessage ? `${amountId}-error` : undefined}
                />
                <span className={styles.currency}>{from}</span>
              </div>
            </div>
            <button type="button" className={styles.swap} onClick={() => swap()} aria-label={t('swap', { from, to })}>
              <IconSwapVertical size={22} />
            </button>
            <div className={styles.field}>
              <div className={styles.fieldHead}>
                <span className={styles.fieldLabel}>{t('youReceive')}</span>
              </div>
              <div className={styles.inputRow}>
                <output className={styles.receive} data-testid="exchange-receive" aria-live="polite">
                  {preview ? format.price(preview.credited) : '—'}
                </output>
                <span className={styles.currency}>{to}</span>
              </div>
            </div>
          </div>
          {errorMessage && (
            <p className={styles.error} id={`${amountId}-error`} role="alert">
              {errorMessage}
            </p>
          )}
          {rateLine}
          {preview && rate && (
            <p className={styles.fee} data-testid="exchange-fee">
              {t('feeLine', { fee: format.price(preview.fee), percent: format.number(rate.feeBps / 100, { maximumFractionDigits: 2 }) })}
            </p>
          )}
        </div>
      ) : (
        <div className={styles.content}>
          {rateChanged && (
            <Alert tone="warning" title={t('rateChangedTitle')}>
              {t('rateChanged')}
            </Alert>
          )}
          {errorMessage && <Alert tone="danger">{errorMessage}</Alert>}
          {preview && rate ? (
            <dl className={styles.summary} data-testid="exchange-summary">
              <SummaryRow label={t('youPay')}>{format.price(preview.debited)}</SummaryRow>
              <SummaryRow label={t('fee', { percent: format.number(rate.feeBps / 100, { maximumFractionDigits: 2 }) })}>
                {format.price(preview.fee)}
              </SummaryRow>
              <SummaryRow label={t('rate')}>{t('rateValue', { from: rate.from, to: rate.to, rate: formatRate(rate.rate, format.lang) })}</SummaryRow>
              <SummaryRow label={t('youReceive')} strong>
                {format.price(preview.credited)}
              </SummaryRow>
            </dl>
          ) : (
            <Skeleton height={160} radius={16} />
          )}
          {rateMeta && <p className={styles.rate}>{rateMeta}</p>}
          <p className={styles.note}>{t('reviewNote')}</p>
        </div>
      )}
    </Sheet>
  );
}
