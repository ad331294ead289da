import type { ReactNode } from 'react';
import { PrimaryAction } from '../primary-action';
import { TextField } from '../text-field';
import styles from './amount-sheet.module.css';

export interface AmountSheetFooterProps {
  /** The step on screen (createAmountSheet's `$step`). */
  step: 'closed' | 'amount' | 'confirm';
  labels: { continue: string; confirm: string; back: string };
  onContinue: () => void;
  onConfirm: () => void;
  onBack: () => void;
  /** The request is on its way: "Confirm" spins, "Back" waits. */
  submitting: boolean;
  /** "Continue" cannot be pressed (e.g. the account may not move money). */
  continueDisabled?: boolean;
  /** "Confirm" cannot be pressed (e.g. the wallet lacks the money). */
  confirmDisabled?: boolean;
}

/** The footer of a two-step money sheet: "Continue" on the amount, "Confirm" + "Back" on the confirmation (Telegram's buttons where it draws them). */
export function AmountSheetFooter({ step, labels, onContinue, onConfirm, onBack, submitting, continueDisabled, confirmDisabled }: AmountSheetFooterProps) {
  if (step === 'confirm') {
    return (
      <div className={styles.actions}>
        <PrimaryAction onClick={onConfirm} loading={submitting} disabled={confirmDisabled}>
          {labels.confirm}
        </PrimaryAction>
        <PrimaryAction slot="secondary" variant="plain" onClick={onBack} disabled={submitting}>
          {labels.back}
        </PrimaryAction>
      </div>
    );
  }
  return (
    <PrimaryAction onClick={onContinue} disabled={continueDisabled}>
      {labels.continue}
    </PrimaryAction>
  );
}

export interface AmountFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (text: string) => void;
  /** Enter: the same as "Continue". */
  onSubmit: () => void;
  hint?: string;
  error?: string;
}

/** The amount of a money sheet: a decimal keyboard, focused when the sheet opens, Enter continues. */
export function AmountField({ label, name, value, onChange, onSubmit, hint, error }: AmountFieldProps) {
  return (
    <TextField
      label={label}
      inputMode="decimal"
      autoComplete="off"
      enterKeyHint="next"
      autoFocus
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSubmit();
      }}
      hint={hint}
      error={error}
      name={name}
    />
  );
}

/** A sheet step's content, stacked with the kit's spacing. */
export function SheetStack({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}

/** The sentence that opens a confirmation step. */
export function SheetLead({ children }: { children: ReactNode }) {
  return <p className={styles.lead}>{children}</p>;
}
