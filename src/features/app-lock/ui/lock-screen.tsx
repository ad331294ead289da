import { useUnit } from 'effector-react';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Button, primaryActionsResumed, primaryActionsSuspended, TextField } from '@/shared/ui';
import {
  $biometryOffered,
  $biometryPending,
  $unlocking,
  $unlockMessage,
  $unlockPasscode,
  biometryUnlockRequested,
  cleanPasscode,
  lockScreenOpened,
  unlockPasscodeChanged,
  unlockSubmitted,
} from '../model/unlock';
import styles from './app-lock.module.css';
import { appLockTexts } from '../i18n/texts';

function IconLock() {
  return (
    <svg width={32} height={32} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden focusable={false}>
      <rect x="5" y="11" width="14" height="9" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" strokeLinecap="round" />
    </svg>
  );
}

export interface AppLockScreenProps {
  /** The app's sign-out control (a way out for a forgotten passcode). */
  signOut?: ReactNode;
  /**
   * 'step-up': a call needs a recent unlock (STEP_UP_REQUIRED): "Confirm it's you" over the screen, with a way back
   * (`onCancel`: the call then fails). Default 'lock': the app is locked.
   */
  mode?: 'lock' | 'step-up';
  onCancel?: () => void;
}

/**
 * Shown INSTEAD of every route while the app is locked (the app's gate renders it in place of the router's outlet):
 * nothing of the account is on screen. Passcode, and biometry where this device has it on. The same screen asks for a
 * step-up over the current screen (the app's StepUpGate).
 */
export function AppLockScreen({ signOut, mode = 'lock', onCancel }: AppLockScreenProps) {
  const { t } = useTranslation([appLockTexts.ns, 'platform']);
  const [passcode, message, unlocking, offered, biometryPending] = useUnit([$unlockPasscode, $unlockMessage, $unlocking, $biometryOffered, $biometryPending]);
  const [opened, changed, submit, biometry] = useUnit([lockScreenOpened, unlockPasscodeChanged, unlockSubmitted, biometryUnlockRequested]);
  useEffect(() => {
    opened();
  }, [opened]);
  // Inside Telegram: no MainButton, SecondaryButton or BackButton of the account while locked (primary-action model).
  const [suspend, resume] = useUnit([primaryActionsSuspended, primaryActionsResumed]);
  useEffect(() => {
    suspend();
    return () => resume();
  }, [suspend, resume]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  return (
    <main className={styles.screen} aria-labelledby="app-lock-title" data-testid={mode === 'step-up' ? 'step-up-screen' : 'app-lock-screen'}>
      <span className={styles.icon}>
        <IconLock />
      </span>
      <h1 id="app-lock-title" className={styles.title}>
        {t(mode === 'step-up' ? 'stepUp.title' : 'unlock.title')}
      </h1>
      <p className={styles.subtitle}>{t(mode === 'step-up' ? 'stepUp.subtitle' : 'unlock.subtitle')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('unlock.label')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          className={styles.passcode}
          value={passcode}
          onChange={(event) => changed(cleanPasscode(event.target.value))}
          autoFocus
        />
        {message && (
          <p className={styles.message} role="alert">
            {t(message.key, message.values)}
          </p>
        )}
        <Button type="submit" fullWidth loading={unlocking}>
          {t('unlock.submit')}
        </Button>
        {offered && (
          <Button variant="secondary" fullWidth loading={biometryPending} onClick={() => biometry()}>
            {t('biometry.unlock')}
          </Button>
        )}
      </form>
      {mode === 'step-up' ? (
        <Button variant="plain" fullWidth onClick={() => onCancel?.()}>
          {t('stepUp.cancel')}
        </Button>
      ) : (
        <>
          <p className={styles.hint}>{t('unlock.forgot')}</p>
          {signOut}
        </>
      )}
    </main>
  );
}
