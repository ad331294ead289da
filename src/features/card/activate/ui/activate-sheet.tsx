import { useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Button, CodeInput, Sheet } from '@/shared/ui';
import {
  $activateCard,
  $activating,
  $code,
  $codeProblem,
  $codeProblemText,
  $scanAvailable,
  $scanError,
  $scanning,
  activateClosed,
  activateSubmitted,
  codeChanged,
  scanPressed,
} from '../model/activate';
import { cardActivateTexts } from '../i18n/texts';
import styles from './activate-sheet.module.css';

/** Activation code: six boxes, or Telegram's QR scanner where the client has it. */
export function ActivateSheet() {
  const { t } = useTranslation([cardActivateTexts.ns, 'platform']);
  const hintId = useId();
  const [card, code, problem, problemText, activating, scanAvailable, scanning, scanError] = useUnit([
    $activateCard,
    $code,
    $codeProblem,
    $codeProblemText,
    $activating,
    $scanAvailable,
    $scanning,
    $scanError,
  ]);
  const [close, change, submit, scan] = useUnit([activateClosed, codeChanged, activateSubmitted, scanPressed]);
  const message = problemText ? t(problemText.key, problemText.values) : scanError ? t(scanError) : null;
  return (
    <Sheet
      open={card !== null}
      onClose={() => close()}
      title={t(`${cardActivateTexts.ns}:title`)}
      footer={
        <div className={styles.actions}>
          <Button fullWidth onClick={() => submit()} loading={activating} disabled={problem === 'tooMany'}>
            {t(`${cardActivateTexts.ns}:submit`)}
          </Button>
          {scanAvailable && (
            <Button fullWidth variant="secondary" onClick={() => scan()} loading={scanning} disabled={activating} icon={<QrIcon />}>
              {t(`${cardActivateTexts.ns}:scan`)}
            </Button>
          )}
        </div>
      }
    >
      <div className={styles.body}>
        <p className={styles.lead} id={hintId}>
          {t(`${cardActivateTexts.ns}:text`)}
        </p>
        <CodeInput
          value={code}
          onChange={change}
          onComplete={() => submit()}
          label={t(`${cardActivateTexts.ns}:codeLabel`)}
          error={problem !== null}
          disabled={activating}
          autoFocus
          describedById={hintId}
        />
        {message && (
          <p className={styles.error} role="alert">
            {message}
          </p>
        )}
      </div>
    </Sheet>
  );
}

function QrIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden focusable={false}>
      <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2" />
    </svg>
  );
}
