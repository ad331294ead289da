import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { MoneyBlockNotice } from '@/entities/user';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert, Button, PrimaryAction, SegmentedControl, Sheet, SummaryList, TextField } from '@/shared/ui';
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
import styles from './send-money-sheet.module.css';

const FORM_ID = 'send-money-recipient';

/** Send money to another user: recipient → amount and note → confirm with their masked name → sent. */
export default function SendMoneySheet() {
  const { t } = useTranslation('wallet-actions');
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
        {t('send.find')}
      </PrimaryAction>
    ) : step === 'done' ? (
      <PrimaryAction onClick={() => close()}>{t('send.doneButton')}</PrimaryAction>
    ) : step === 'amount' ? (
      <PrimaryAction onClick={() => review()} disabled={block !== null}>
        {t('send.continue')}
      </PrimaryAction>
    ) : (
      <>
        <PrimaryAction onClick={() => confirm()} loading={sending} disabled={block !== null}>
          {amount ? t('send.confirmAmount', { amount: format.money(amount) }) : t('send.confirm')}
        </PrimaryAction>
        <PrimaryAction slot="secondary" variant="plain" onClick={() => (request ? clearRecipient() : edit())} disabled={sending}>
          {t('send.back')}
        </PrimaryAction>
      </>
    );

  return (
    <Sheet open={open} onClose={() => close()} closeOnBack={!sending} title={request ? t('send.requestTitle') : t('send.title')} footer={footer}>
      <div className={styles.stack}>
        <MoneyBlockNotice underVerification={{ text: t('send.underVerification') }} verificationFailed={{ text: t('send.verificationFailed') }} />
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
                label={t('send.recipientLabel')}
                name="recipient"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={text}
                onChange={(event) => changeText(event.target.value)}
                hint={t('send.recipientHint')}
                error={invalid ? t('send.recipientInvalid') : undefined}
              />
              <Button variant="plain" size="m" onClick={() => contact()}>
                {t('send.contact')}
              </Button>
            </div>
          </form>
        )}
        {step === 'amount' && recipient && (
          <>
            <p className={styles.lead}>{t('send.to', { name: recipient.name })}</p>
            <SegmentedControl
              label={t('send.currency')}
              options={[
                { value: 'USD', label: 'USD' },
                { value: 'RUB', label: 'RUB' },
              ]}
              value={currency}
              onChange={(value) => changeCurrency(value)}
            />
            <TextField
              label={t('send.amountLabel', { currency })}
              name="sendAmount"
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              onChange={(event) => changeAmount(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && review()}
              hint={limit ? t('send.limitHint', { max: format.money(limit.maxPerTransfer), remaining: format.money(limit.remaining) }) : undefined}
              error={amountError ? t(`send.problems.${amountError}`, { min: limit ? format.money(limit.min) : '' }) : undefined}
            />
            <TextField label={t('send.noteLabel')} name="note" value={note} maxLength={140} onChange={(event) => changeNote(event.target.value)} hint={t('send.noteHint')} />
          </>
        )}
        {step === 'confirm' && recipient && amount && (
          <>
            <p className={styles.lead}>{request ? t('send.payRequestLead', { name: recipient.name }) : t('send.confirmLead')}</p>
            <SummaryList
              rows={[
                { id: 'to', label: t('send.recipient'), value: <span data-testid="send-recipient-name">{recipient.name}</span> },
                ...(recipient.username ? [{ id: 'username', label: t('send.username'), value: `@${recipient.username}` }] : []),
                { id: 'amount', label: t('send.amount'), value: format.money(amount), total: true },
                { id: 'fee', label: t('send.fee'), value: format.money({ amount: 0, currency: amount.currency }) },
                ...((request?.note ?? note.trim()) ? [{ id: 'note', label: t('send.note'), value: request?.note ?? note.trim() }] : []),
              ]}
            />
          </>
        )}
        {step === 'done' && sent && (
          <div role="status" data-testid="send-done">
            <p className={styles.lead}>{t('send.done', { amount: format.money(sent.amount), name: sent.counterpartyName })}</p>
          </div>
        )}
      </div>
    </Sheet>
  );
}
