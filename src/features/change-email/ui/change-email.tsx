import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Alert, Button, FormStack, Section, TextField } from '@/shared/ui';
import {
  $code,
  $email,
  $error,
  $inputError,
  $pending,
  $sentTo,
  $step,
  changeEmailClosed,
  changeEmailOpened,
  codeChanged,
  codeSubmitted,
  emailChanged,
  emailSubmitted,
  resendClicked,
} from '../model/change-email';
import { changeEmailTexts } from '../i18n/texts';
import styles from './change-email.module.css';

/** The account's email with "Change email": the new address, then the code mailed to it. */
export function ChangeEmail({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation(changeEmailTexts.ns);
  const [step, email, code, sentTo, inputError, error, pending] = useUnit([$step, $email, $code, $sentTo, $inputError, $error, $pending]);
  const [open, close, changeEmail, changeCode, submitEmail, submitCode, resend] = useUnit([
    changeEmailOpened,
    changeEmailClosed,
    emailChanged,
    codeChanged,
    emailSubmitted,
    codeSubmitted,
    resendClicked,
  ]);
  const serverError = error ? <Alert tone="danger">{t(error.keys, { defaultValue: error.defaultValue })}</Alert> : null;
  return (
    <Section title={t('title')}>
      <div className={styles.body}>
        <p className={styles.current}>{currentEmail}</p>
        {step === 'closed' && (
          <Button variant="secondary" fullWidth onClick={open}>
            {t('change')}
          </Button>
        )}
        {step === 'email' && (
          <FormStack onSubmit={submitEmail} aria-label={t('change')}>
            <TextField
              name="newEmail"
              label={t('newEmail')}
              hint={t('newEmailHint')}
              error={inputError ? t(inputError) : undefined}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(event) => changeEmail(event.target.value)}
            />
            {serverError}
            <Button type="submit" loading={pending} fullWidth>
              {t('sendCode')}
            </Button>
            <Button variant="plain" fullWidth onClick={close} disabled={pending}>
              {t('cancel')}
            </Button>
          </FormStack>
        )}
        {step === 'code' && (
          <FormStack onSubmit={submitCode} aria-label={t('confirm')}>
            <TextField
              name="emailCode"
              label={t('code')}
              hint={t('codeHint', { email: sentTo })}
              error={inputError ? t(inputError) : undefined}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => changeCode(event.target.value)}
            />
            {serverError}
            <Button type="submit" loading={pending} fullWidth>
              {t('confirm')}
            </Button>
            <Button variant="plain" fullWidth onClick={resend} disabled={pending}>
              {t('resend')}
            </Button>
            <Button variant="plain" fullWidth onClick={close} disabled={pending}>
              {t('cancel')}
            </Button>
          </FormStack>
        )}
      </div>
    </Section>
  );
}
