import { useUnit } from 'effector-react';
import { Suspense, useId, type ReactNode } from 'react';
import { $usdtConfig } from '@/entities/app-config';
import { $usdtDepositTag } from '@/entities/wallet';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert, Button, PrimaryAction, IconCopy, QrCode, Sheet, Skeleton, TextField } from '@/shared/ui';
import { minimumWholeUsdt, type UsdtAmountCheck } from '../lib/usdt-amount';
import {
  $usdtAmountCheck,
  $usdtAmountText,
  $usdtCredit,
  $usdtExactAmount,
  $usdtTopUpOpen,
  usdtAmountChanged,
  usdtCopyRequested,
  usdtTopUpClosed,
  usdtTransferSent,
} from '../model/usdt-topup';
import { topUpUsdtTexts } from '../i18n/texts';
import styles from './usdt-topup-sheet.module.css';


function amountError(check: UsdtAmountCheck, t: (key: string, options?: Record<string, unknown>) => string, minimum: string): ReactNode {
  if (check.status === 'invalid') return t(`amountErrors.${check.reason}`);
  if (check.status === 'belowMinimum') return t('amountErrors.belowMinimum', { minimum });
  return undefined;
}

/** SPEC §2/§5: USDT (TRC20) top-up with the deposit address, its QR code and the exact amount carrying the user's tag. */
export default function UsdtTopUpSheet() {
  const { t } = useTranslation(topUpUsdtTexts.ns);
  const format = useFormatters();
  const [open, text, check, exact, credit, config, tag] = useUnit([
    $usdtTopUpOpen,
    $usdtAmountText,
    $usdtAmountCheck,
    $usdtExactAmount,
    $usdtCredit,
    $usdtConfig,
    $usdtDepositTag,
  ]);
  const [close, changeAmount, copy, sent] = useUnit([usdtTopUpClosed, usdtAmountChanged, usdtCopyRequested, usdtTransferSent]);
  const exactTitleId = useId();
  const addressTitleId = useId();
  const minimum = config ? `${format.number(minimumWholeUsdt(config.minDeposit))} USDT` : '';

  return (
    <Sheet
      open={open}
      onClose={() => close()}
      title={t('title')}
      footer={
        <PrimaryAction onClick={() => sent()}>{t('sent')}</PrimaryAction>
      }
    >
      {!config || !tag ? (
        <div className={styles.loading} role="status" aria-label={t('common:status.loading')}>
          <Skeleton height={48} radius={12} />
          <Skeleton height={96} radius={16} />
          <Skeleton height={200} radius={16} />
        </div>
      ) : (
        <div className={styles.content}>
          <p className={styles.network}>
            <span className={styles.chip}>{t('networkChip')}</span>
            {t('networkOnly')}
          </p>

          <TextField
            label={t('amountLabel')}
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="done"
            placeholder={t('amountPlaceholder')}
            value={text}
            onChange={(event) => changeAmount(event.target.value)}
            hint={t('amountHint', { minimum })}
            error={amountError(check, t, minimum)}
          />

          <section className={styles.block} aria-labelledby={exactTitleId}>
            <h3 id={exactTitleId} className={styles.blockTitle}>
              {t('exactTitle')}
            </h3>
            {exact ? (
              <>
                <div className={styles.valueRow}>
                  <output className={styles.exact} data-testid="usdt-exact-amount" aria-live="polite">
                    {exact}
                    <span className={styles.unit}>USDT</span>
                  </output>
                  <Button variant="secondary" size="m" icon={<IconCopy size={20} />} onClick={() => copy('amount')}>
                    {t('copyAmount')}
                  </Button>
                </div>
                <p className={styles.explain}>
                  {t('exactExplain', { whole: exact.split('.')[0], tag })}
                </p>
                {credit && (
                  <p className={styles.explain} data-testid="usdt-credit">
                    {t('creditExplain', { exact, credited: format.price(credit.credited), rest: credit.uncreditedUsdt })}
                  </p>
                )}
              </>
            ) : (
              <p className={styles.explain}>{t('exactEmpty', { tag })}</p>
            )}
          </section>

          <Alert tone="warning" title={t('warningTitle')}>
            {t('warning', { tag })}
          </Alert>

          <section className={styles.block} aria-labelledby={addressTitleId}>
            <h3 id={addressTitleId} className={styles.blockTitle}>
              {t('addressTitle')}
            </h3>
            <div className={styles.qr}>
              <Suspense fallback={<Skeleton width={168} height={168} radius={12} />}>
                <QrCode value={config.depositAddress} label={t('qrLabel')} />
              </Suspense>
            </div>
            <p className={styles.address} data-testid="usdt-deposit-address">
              {config.depositAddress}
            </p>
            <Button variant="secondary" fullWidth icon={<IconCopy size={20} />} onClick={() => copy('address')}>
              {t('copyAddress')}
            </Button>
          </section>

          <ul className={styles.facts}>
            <li>{t('factNetwork')}</li>
            <li>{t('factMinimum', { minimum })}</li>
            <li>{t('factConfirmations', { count: config.confirmations })}</li>
            <li>{t('factFee')}</li>
          </ul>
        </div>
      )}
    </Sheet>
  );
}
