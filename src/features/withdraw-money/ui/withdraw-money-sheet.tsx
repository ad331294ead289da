import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { MoneyBlockNotice } from '@/entities/user';
import { walletEntityTexts } from '@/entities/wallet';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert, Button, PrimaryAction, SegmentedControl, Select, Sheet, SummaryList, TextField } from '@/shared/ui';
import {
  $address,
  $addresses,
  $addressId,
  $amount,
  $amountText,
  $bankId,
  $block,
  $busy,
  $code,
  $failure,
  $fee,
  $method,
  $newAddress,
  $newAddressInvalid,
  $newLabel,
  $options,
  $problemShown,
  $result,
  $step,
  $total,
  $withdrawOpen,
  addAddressOpened,
  addAddressSubmitted,
  addressChosen,
  amountChanged,
  backPressed,
  bankChosen,
  codeChanged,
  codeResent,
  confirmed,
  continued,
  methodChanged,
  newAddressChanged,
  newLabelChanged,
  withdrawClosed,
  withdrawSheetMounted,
} from '../model/withdraw-money';
import { withdrawMoneyTexts } from '../i18n/texts';
import styles from './withdraw-money-sheet.module.css';

/** Withdraw USDT (TRC20) to a saved address or RUB by SBP to the own phone: form → email code → sent. */
export default function WithdrawMoneySheet() {
  const { t } = useTranslation([withdrawMoneyTexts.ns, walletEntityTexts.ns]);
  const format = useFormatters();
  const mounted = useUnit(withdrawSheetMounted);
  // The first open may have come before this chunk: the model handles it now.
  useEffect(() => {
    mounted();
  }, [mounted]);
  const [open, step, method, options, addresses, addressId, address, bankId, amountText, amount, fee, total, problem, code, failure, busy, result, block] = useUnit([
    $withdrawOpen,
    $step,
    $method,
    $options,
    $addresses,
    $addressId,
    $address,
    $bankId,
    $amountText,
    $amount,
    $fee,
    $total,
    $problemShown,
    $code,
    $failure,
    $busy,
    $result,
    $block,
  ]);
  const [newAddress, newLabel, newAddressInvalid] = useUnit([$newAddress, $newLabel, $newAddressInvalid]);
  const [close, changeMethod, chooseAddress, chooseBank, changeAmount, next, changeCode, confirm, back, resend, openAdd, changeNewAddress, changeNewLabel, submitAddress] = useUnit([
    withdrawClosed,
    methodChanged,
    addressChosen,
    bankChosen,
    amountChanged,
    continued,
    codeChanged,
    confirmed,
    backPressed,
    codeResent,
    addAddressOpened,
    newAddressChanged,
    newLabelChanged,
    addAddressSubmitted,
  ]);
  const methodOptions = options ? options[method] : null;
  const failureText = failure
    ? [t(failure.keys, { defaultValue: failure.defaultValue }), failure.availableAt ? t('availableAt', { at: format.dateTime(failure.availableAt) }) : null].filter(Boolean).join(' ')
    : null;
  const now = Date.now();

  const footer =
    step === 'form' ? (
      <PrimaryAction onClick={() => next()} loading={busy} disabled={block !== null || !methodOptions?.available}>
        {t('continue')}
      </PrimaryAction>
    ) : step === 'address' ? (
      <PrimaryAction onClick={() => submitAddress()} loading={busy}>
        {t('saveAddress')}
      </PrimaryAction>
    ) : step === 'confirm' ? (
      <>
        <PrimaryAction onClick={() => confirm()} loading={busy} disabled={code.length !== 6}>
          {total ? t('confirmAmount', { amount: format.money(total) }) : t('confirm')}
        </PrimaryAction>
        <PrimaryAction slot="secondary" variant="plain" onClick={() => back()} disabled={busy}>
          {t(`${walletEntityTexts.ns}:send.back`)}
        </PrimaryAction>
      </>
    ) : (
      <PrimaryAction onClick={() => close()}>{t(`${walletEntityTexts.ns}:send.doneButton`)}</PrimaryAction>
    );

  return (
    <Sheet open={open} onClose={() => close()} closeOnBack={!busy} title={t('title')} footer={footer}>
      <div className={styles.stack}>
        <MoneyBlockNotice underVerification={{ text: t(`${walletEntityTexts.ns}:send.underVerification`) }} verificationFailed={{ text: t(`${walletEntityTexts.ns}:send.verificationFailed`) }} />
        {options?.deviceHoldUntil && <Alert tone="warning">{t('deviceHold', { at: format.dateTime(options.deviceHoldUntil) })}</Alert>}
        {failureText && <Alert tone="danger">{failureText}</Alert>}
        {step === 'form' && (
          <>
            <SegmentedControl
              label={t('method')}
              options={[
                { value: 'usdt', label: t('usdt') },
                { value: 'sbp', label: t('sbp') },
              ]}
              value={method}
              onChange={(value) => changeMethod(value)}
            />
            {methodOptions && !methodOptions.available && <Alert tone="info">{t('unavailable')}</Alert>}
            {method === 'usdt' && (
              <>
                {addresses.length > 0 ? (
                  <Select
                    label={t('address')}
                    name="withdrawAddress"
                    value={addressId ?? ''}
                    onChange={(event) => chooseAddress(event.target.value)}
                    options={addresses.map((a) => ({ value: a.id, label: `${a.label} · ${a.address.slice(0, 6)}…${a.address.slice(-4)}` }))}
                    hint={
                      address && new Date(address.usableFrom).getTime() > now
                        ? t('addressHeld', { at: format.dateTime(address.usableFrom) })
                        : address?.address
                    }
                  />
                ) : (
                  <p>{t('noAddresses')}</p>
                )}
                <Button variant="plain" size="m" onClick={() => openAdd()}>
                  {t('addAddress')}
                </Button>
              </>
            )}
            {method === 'sbp' && options && (
              <>
                <Select
                  label={t('bank')}
                  name="withdrawBank"
                  value={bankId ?? ''}
                  placeholder={t('chooseBank')}
                  onChange={(event) => chooseBank(event.target.value)}
                  options={options.sbp.banks.map((bank) => ({ value: bank.id, label: bank.name }))}
                  hint={t('toPhone', { phone: options.sbp.phoneMasked })}
                />
              </>
            )}
            {methodOptions && (
              <TextField
                label={t('amountLabel', { currency: methodOptions.min.currency })}
                name="withdrawAmount"
                inputMode="decimal"
                autoComplete="off"
                value={amountText}
                onChange={(event) => changeAmount(event.target.value)}
                onKeyDown={(event) => event.key === 'Enter' && next()}
                hint={t('hint', { fee: format.money(methodOptions.fee), min: format.money(methodOptions.min), remaining: format.money(methodOptions.remaining) })}
                error={problem ? t(`problems.${problem}`, { min: format.money(methodOptions.min) }) : undefined}
              />
            )}
          </>
        )}
        {step === 'address' && (
          <>
            <TextField
              label={t('newAddress')}
              name="newAddress"
              autoComplete="off"
              spellCheck={false}
              value={newAddress}
              onChange={(event) => changeNewAddress(event.target.value)}
              error={newAddressInvalid ? t('addressInvalid') : undefined}
              hint={t('newAddressHint')}
            />
            <TextField label={t('label')} name="newLabel" maxLength={32} value={newLabel} onChange={(event) => changeNewLabel(event.target.value)} />
            {(options?.holdHours ?? 24) > 0 && <Alert tone="info">{t('newAddressHold', { hours: options?.holdHours ?? 24 })}</Alert>}
          </>
        )}
        {step === 'confirm' && amount && fee && total && (
          <>
            <SummaryList
              rows={[
                {
                  id: 'to',
                  label: t('to'),
                  value: (
                    <span data-testid="withdraw-to">
                      {method === 'usdt' ? `${address?.label} · ${address?.address}` : `${options?.sbp.banks.find((bank) => bank.id === bankId)?.name} · ${options?.sbp.phoneMasked}`}
                    </span>
                  ),
                },
                { id: 'amount', label: t('receives'), value: format.money(amount) },
                { id: 'fee', label: method === 'usdt' ? t('networkFee') : t('fee'), value: format.money(fee) },
                { id: 'total', label: t('total'), value: format.money(total), total: true },
              ]}
            />
            {methodOptions && amount.amount > methodOptions.approvalAbove.amount && <Alert tone="info">{t('approvalNotice')}</Alert>}
            <p className={styles.lead}>{t('codeLead')}</p>
            <TextField
              label={t('code')}
              name="withdrawCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => changeCode(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && confirm()}
            />
            <Button variant="plain" size="m" onClick={() => resend()} disabled={busy}>
              {t('resend')}
            </Button>
          </>
        )}
        {step === 'done' && result && (
          <div role="status" data-testid="withdraw-done">
            <p className={styles.lead}>{t(result.status === 'awaitingApproval' ? 'doneApproval' : 'done', { amount: format.money(result.amount) })}</p>
          </div>
        )}
      </div>
    </Sheet>
  );
}
