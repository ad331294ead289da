import { useUnit } from 'effector-react';
import type { Card } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { cn } from '@/shared/lib';
import { Button, Sheet } from '@/shared/ui';
import {
  $dialogOpen,
  $phase,
  $revealCardId,
  $revealed,
  $secondsLeft,
  $totalSeconds,
  copyRequested,
  hideRequested,
  revealDialogCancelled,
  revealDialogConfirmed,
  revealRequested,
  type RevealField,
} from '../model/reveal';
import { cardRevealTexts } from '../i18n/texts';
import styles from './reveal.module.css';

export interface RevealButtonProps {
  card: Card;
  className?: string;
}

/** "Show details" (the card panel shows it while the card allows it), or "Hide" while its data is shown. */
export function RevealButton({ card, className }: RevealButtonProps) {
  const { t } = useTranslation(cardRevealTexts.ns);
  const [phase, revealCardId, request, hide] = useUnit([$phase, $revealCardId, revealRequested, hideRequested]);
  const mine = revealCardId === card.id;
  if (mine && phase === 'shown') {
    return (
      <Button variant="secondary" size="m" className={className} onClick={() => hide()} icon={<EyeIcon closed />}>
        {t(`${cardRevealTexts.ns}:hide`)}
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      size="m"
      className={className}
      loading={mine && (phase === 'authorizing' || phase === 'loading')}
      onClick={() => request(card)}
      icon={<EyeIcon />}
    >
      {t(`${cardRevealTexts.ns}:show`)}
    </Button>
  );
}

/** The in-app confirmation where neither biometry nor Telegram's popup is available. */
export function RevealDialog() {
  const { t } = useTranslation(cardRevealTexts.ns);
  const [open, confirm, cancel] = useUnit([$dialogOpen, revealDialogConfirmed, revealDialogCancelled]);
  return (
    <Sheet
      open={open}
      onClose={() => cancel()}
      title={t(`${cardRevealTexts.ns}:confirmTitle`)}
      footer={
        <div className={styles.actions}>
          <Button fullWidth onClick={() => confirm()}>
            {t(`${cardRevealTexts.ns}:confirmShow`)}
          </Button>
          <Button fullWidth variant="plain" onClick={() => cancel()}>
            {t(`${cardRevealTexts.ns}:cancel`)}
          </Button>
        </div>
      }
    >
      <p className={styles.lead}>{t(`${cardRevealTexts.ns}:confirmText`)}</p>
    </Sheet>
  );
}

function Field({ field, label, value, mono, wide }: { field: RevealField; label: string; value: string; mono?: boolean; wide?: boolean }) {
  const { t } = useTranslation(cardRevealTexts.ns);
  const copy = useUnit(copyRequested);
  return (
    <div className={cn(styles.field, wide && styles.wide)}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.valueRow}>
        <span className={mono ? `${styles.value} ${styles.mono}` : styles.value} data-field={field}>
          {value}
        </span>
        <button type="button" className={styles.copy} onClick={() => copy(field)} aria-label={t(`${cardRevealTexts.ns}:copyField`, { field: label })}>
          <CopyIcon />
        </button>
      </dd>
    </div>
  );
}

/** Number, expiry, CVV and holder with copy buttons and the countdown; nothing while hidden. */
export function RevealPanel({ card }: { card: Card }) {
  const cardId = card.id;
  const { t } = useTranslation(cardRevealTexts.ns);
  const [revealed, seconds, total] = useUnit([$revealed, $secondsLeft, $totalSeconds]);
  if (!revealed || revealed.cardId !== cardId) return null;
  const ratio = total > 0 ? seconds / total : 0;
  return (
    <section className={styles.panel} aria-labelledby="reveal-title" data-testid="reveal-panel">
      <div className={styles.header}>
        <h2 id="reveal-title" className={styles.title}>
          {t(`${cardRevealTexts.ns}:title`)}
        </h2>
        <span className={styles.countdown} role="timer" aria-live="off" aria-label={t(`${cardRevealTexts.ns}:hidesIn`, { count: seconds })}>
          {t(`${cardRevealTexts.ns}:hidesIn`, { count: seconds })}
        </span>
      </div>
      <div className={styles.progress} aria-hidden>
        <span style={{ transform: `scaleX(${ratio})` }} />
      </div>
      <dl className={styles.fields}>
        <Field field="number" label={t(`${cardRevealTexts.ns}:field.number`)} value={revealed.number} mono wide />
        <Field field="expiry" label={t(`${cardRevealTexts.ns}:field.expiry`)} value={revealed.expiry} mono />
        <Field field="cvv" label={t(`${cardRevealTexts.ns}:field.cvv`)} value={revealed.cvv} mono />
        <Field field="holder" label={t(`${cardRevealTexts.ns}:field.holder`)} value={revealed.holder} wide />
      </dl>
    </section>
  );
}

function EyeIcon({ closed }: { closed?: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden focusable={false}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {closed && <path d="M4 4l16 16" />}
    </svg>
  );
}

function CopyIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden focusable={false}>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V5a2 2 0 0 1 2-2h8" />
    </svg>
  );
}
