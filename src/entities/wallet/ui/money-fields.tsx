import { TRANSFER_NOTE_MAX_LENGTH, type Currency } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { SegmentedControl, TextField } from '@/shared/ui';
import { walletEntityTexts } from '../i18n/texts';

const CURRENCIES = [
  { value: 'USD', label: 'USD' },
  { value: 'RUB', label: 'RUB' },
] as const satisfies ReadonlyArray<{ value: Currency; label: string }>;

export interface MoneyFieldsProps {
  currency: Currency;
  onCurrencyChange: (currency: Currency) => void;
  /** The amount field: its label (with the currency), form name, text, hint and error. */
  amount: { label: string; name: string; text: string; hint?: string; error?: string };
  onAmountChange: (text: string) => void;
  /** Enter in the amount field: the sheet's next step. */
  onSubmit: () => void;
  /** The optional note: its form name, text and hint. */
  note: { name: string; text: string; hint?: string };
  onNoteChange: (text: string) => void;
}

/**
 * Money between people's form: the currency (USD or RUB), the amount in it and an optional note, as the send and
 * request sheets ask for them. Labels of the currency and the note are the wallet entity's words.
 */
export function MoneyFields({ currency, onCurrencyChange, amount, onAmountChange, onSubmit, note, onNoteChange }: MoneyFieldsProps) {
  const { t } = useTranslation(walletEntityTexts.ns);
  return (
    <>
      <SegmentedControl label={t('send.currency')} options={CURRENCIES} value={currency} onChange={onCurrencyChange} />
      <TextField
        label={amount.label}
        name={amount.name}
        inputMode="decimal"
        autoComplete="off"
        value={amount.text}
        onChange={(event) => onAmountChange(event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && onSubmit()}
        hint={amount.hint}
        error={amount.error}
      />
      <TextField label={t('send.noteLabel')} name={note.name} value={note.text} maxLength={TRANSFER_NOTE_MAX_LENGTH} onChange={(event) => onNoteChange(event.target.value)} hint={note.hint} />
    </>
  );
}
