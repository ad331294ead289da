import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { MoneyBlockNotice } from '@/entities/user';
import { MoneyFields, walletEntityTexts } from '@/entities/wallet';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert, Button, PrimaryAction, Sheet, SummaryList, TextField } from '@/shared/ui';
import {
  $amount,
  $amountError,
  $amountText,
  $block,
  $currency,
  $failure,
  $finding,
  $limit,
  $note,
  $recipient,
  $recipientInvalid,
  $recipientText,
  $request,
  $sendMoneyOpen,
  $sending,
  $sent,
  $step,
  amountChanged,
  confirmed,
  contactRequested,
  currencyChanged,
  edited,
  noteChanged,
  recipientCleared,
  recipientSubmitted,
  recipientTextChanged,
  reviewed,
  sendMoneyClosed,
  sendMoneySheetMounted,
} from '../model/send-money';
import { sendMoneyTexts } from '../i18n/texts';
import styles from './send-money-sheet.module.css';

const FORM_ID = 'send-money-recipient';

/** Send money to another user: recipient → amount and note → confirm with their masked name → sent. */
export default function SendMoneySheet() {
  const { t } = useTranslation([sendMoneyTexts.ns, walletEntityTexts.ns]);
  const format = useFormatters();
  const mounted = useUnit(sendMoneySheetMounted);
  // The first open may have come before this chunk: the model handles it now.
  useEffect(() => {
    mounted();
  }, [mounted]);
  const [open, step, text, invalid, recipient, request, currency, amountText, amount, note, amountError, limit, failure, finding, sending, sent, block] = useUnit([
    $sendMoneyOpen,
    $step,
    $recipientText,
    $recipientInvalid,
    $recipient,
    $request,
    $currency,
    $amountText,
    $amount,
    $note,
    $amountError,
    $limit,
    $failure,
    $finding,
    $sending,
    $sent,
    $block,
  ]);
  const [close, changeText, submitRecipient, contact, clearRecipient, changeCurrency, changeAmount, changeNote, review, edit, confirm] = useUnit([
    sendMoneyClosed,
    recipientTextChanged,
    recipientSubmitted,
    contactRequested,
    recipientCleared,
    currencyChanged,
    amountChanged,
    noteChanged,
    reviewed,
    edited,
    confirmed,
  ]);
  const failureText = failure ? t(failure.keys, { defaultValue: failure.defaultValue }) : null;

  const footer =
    step === 'recipient' ? (
      <PrimaryAction form={FORM_ID} loading={finding}>
        {t('find')}
      </PrimaryAction>
    ) : step === 'done' ? (
      <PrimaryAction onClick={() => close()}>{t(`${walletEntityTexts.ns}:send.doneButton`)}</PrimaryAction>
    ) : step === 'amount' ? (
      <PrimaryAction onClick={() => review()} disabled={block !== null}>
        {t('continue')}
      </PrimaryAction>
    ) : (
      <>
        <PrimaryAction onClick={() => confirm()} loading={sending} disabled={block !== null}>
          {amount ? t('confirmAmount', { amount: format.money(amount) }) : t('confirm')}
        </PrimaryAction>
        <PrimaryAction slot="secondary" variant="plain" onClick={() => (request ? clearRecipient() : edit())} disabled={sending}>
          {t(`${walletEntityTexts.ns}:send.back`)}
        </PrimaryAction>
      </>
    );

  return (
    <Sheet open={open} onClose={() => close()} closeOnBack={!sending} title={request ? t('requestTitle') : t('title')} footer={footer}>
      <div className={styles.stack}>
        <MoneyBlockNotice underVerification={{ text: t(`${walletEntityTexts.ns}:send.underVerification`) }} verificationFailed={{ text: t(`${walletEntityTexts.ns}:send.verificationFailed`) }} />
        {failureText && <Alert tone="danger">{failureText}</Alert>}
        {step === 'recipient' && (
          <form
            id={FORM_ID}
            onSubmit={(event) => {
              event.preventDefault();
              submitRecipient();
            }}
          >
            <div className={styles.stack}>
              <TextField
                label={t('recipientLabel')}
                name="recipient"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={text}
                onChange={(event) => changeText(event.target.value)}
                hint={t('recipientHint')}
                error={invalid ? t('recipientInvalid') : undefined}
              />
              <Button variant="plain" size="m" onClick={() => contact()}>
                {t('contact')}
              </Button>
            </div>
          </form>
        )}
        {step === 'amount' && recipient && (
          <>
            <p className={styles.lead}>{t('to', { name: recipient.name })}</p>
            <MoneyFields
              currency={currency}
              onCurrencyChange={changeCurrency}
              amount={{
                label: t('amountLabel', { currency }),
                name: 'sendAmount',
                text: amountText,
                hint: limit ? t('limitHint', { max: format.money(limit.maxPerTransfer), remaining: format.money(limit.remaining) }) : undefined,
                error: amountError ? t(`problems.${amountError}`, { min: limit ? format.money(limit.min) : '' }) : undefined,
              }}
              onAmountChange={changeAmount}
              onSubmit={() => review()}
              note={{ name: 'note', text: note, hint: t('noteHint') }}
              onNoteChange={changeNote}
            />
          </>
        )}
        {step === 'confirm' && recipient && amount && (
          <>
            <p className={styles.lead}>{request ? t('payRequestLead', { name: recipient.name }) : t('confirmLead')}</p>
            <SummaryList
              rows={[
                { id: 'to', label: t('recipient'), value: <span data-testid="send-recipient-name">{recipient.name}</span> },
                ...(recipient.username ? [{ id: 'username', label: t('username'), value: `@${recipient.username}` }] : []),
                { id: 'amount', label: t('amount'), value: format.money(amount), total: true },
                { id: 'fee', label: t('fee'), value: format.money({ amount: 0, currency: amount.currency }) },
                ...((request?.note ?? note.trim()) ? [{ id: 'note', label: t('note'), value: request?.note ?? note.trim() }] : []),
              ]}
            />
          </>
        )}
        {step === 'done' && sent && (
          <div role="status" data-testid="send-done">
            <p className={styles.lead}>{t('done', { amount: format.money(sent.amount), name: sent.counterpartyName })}</p>
          </div>
        )}
      </div>
    </Sheet>
  );
}
