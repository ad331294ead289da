import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/lib';
import styles from './code-input.module.css';

export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called once all digits are filled (typed or pasted). */
  onComplete?: (value: string) => void;
  length?: number;
  /** Accessible name of the group; defaults to "Verification code". */
  label?: string;
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** id of an element describing the group (hint / error text). */
  describedById?: string;
  className?: string;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/** SPEC §5/§9: a 6-digit code, one box per digit, numeric keyboard, paste and SMS/e-mail autofill. */
export function CodeInput({
  value,
  onChange,
  onComplete,
  length = 6,
  label,
  error,
  disabled,
  autoFocus,
  describedById,
  className,
}: CodeInputProps) {
  const { t } = useTranslation('common');
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const digits = Array.from({ length }, (_, i) => value[i] ?? '');

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string, focusIndex: number) => {
    const clean = onlyDigits(next).slice(0, length);
    onChange(clean);
    focusBox(focusIndex);
    if (clean.length === length) onComplete?.(clean);
  };

  const setDigitsFrom = (index: number, typed: string) => {
    const incoming = onlyDigits(typed);
    if (!incoming) return;
    // Typing into a box replaces it; several digits (autofill, paste) spill into the next boxes.
    const chars = value.padEnd(length, ' ').slice(0, length).split('');
    incoming.split('').forEach((digit, offset) => {
      if (index + offset < length) chars[index + offset] = digit;
    });
    const joined = chars.join('');
    const firstGap = joined.indexOf(' ');
    const next = firstGap === -1 ? joined : joined.slice(0, firstGap);
    commit(next, Math.min(index + incoming.length, length - 1));
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) commit(value.slice(0, index), index);
      else if (index > 0) commit(value.slice(0, index - 1), index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    setDigitsFrom(index, event.clipboardData.getData('text'));
  };

  return (
    <div
      role="group"
      aria-label={label ?? t('codeInput.label')}
      aria-describedby={describedById}
      className={cn(styles.group, className)}
      data-invalid={error || undefined}
    >
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          className={styles.box}
          value={digit}
          onChange={(event) => setDigitsFrom(index, event.target.value)}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={index === 0 ? length : 1}
          aria-label={t('codeInput.digit', { index: index + 1, count: length })}
          aria-invalid={error || undefined}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
        />
      ))}
    </div>
  );
}
