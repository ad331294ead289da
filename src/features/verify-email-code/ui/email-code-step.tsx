import { useUnit } from 'effector-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert, Button, CodeInput, PrimaryAction } from '@/shared/ui';
import {
  $canResend,
  $code,
  $codeError,
  $email,
  $resendIn,
  $sendError,
  $sending,
  changeEmailClicked,
  CODE_LENGTH,
  codeChanged,
  resendClicked,
  submitClicked,
} from '../model/email-code';
import type { AuthMessage } from '../lib/auth-message';
import styles from './email-code-step.module.css';
import { verifyEmailCodeTexts } from '../i18n/texts';
import { userTexts } from '@/entities/user';

export interface EmailCodeStepProps {
  /** The page's verify/register call is running. */
  verifying: boolean;
  /** Title of an error box (SPEC §8 "Sign Up Error" / "Sign In Error"). */
  errorTitle: ReactNode;
}

const formatCountdown = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Renders an AuthMessage (keys + values) in the current language. */
export function useAuthMessage(): (message: AuthMessage) => string {
  // Its messages are the code's and the server's (this slice's) or a field's (a user's: entities/user).
  const { t } = useTranslation([verifyEmailCodeTexts.ns, userTexts.ns]);
  return (message) => t(message.keys, { ...message.values, defaultValue: message.defaultValue });
}

/** The code step: 6 boxes (auto-submit), Confirm, resend with countdown, change email. */
export function EmailCodeStep({ verifying, errorTitle }: EmailCodeStepProps) {
  const { t } = useTranslation(verifyEmailCodeTexts.ns);
  const show = useAuthMessage();
  const hintId = useId();
  const formId = useId();
  const [email, code, codeError, sendError, resendIn, canResend, sending] = useUnit([
    $email,
    $code,
    $codeError,
    $sendError,
    $resendIn,
    $canResend,
    $sending,
  ]);
  const [onCodeChange, onResend, onSubmit, onChangeEmail] = useUnit([codeChanged, resendClicked, submitClicked, changeEmailClicked]);

  return (
    <form
      id={formId}
      className={styles.step}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <p className={styles.lead} id={hintId}>
        {t('code.sentTo')} <strong className={styles.email}>{email}</strong>
      </p>
      <CodeInput
        value={code}
        onChange={onCodeChange}
        length={CODE_LENGTH}
        label={t('code.label')}
        error={Boolean(codeError)}
        disabled={verifying}
        autoFocus
        describedById={hintId}
      />
      <p className={styles.hint}>{t('code.hint')}</p>
      {codeError && (
        <Alert tone="danger" title={errorTitle}>
          {show(codeError)}
        </Alert>
      )}
      {sendError && (
        <Alert tone="danger" title={errorTitle}>
          {show(sendError)}
        </Alert>
      )}
      <PrimaryAction form={formId} loading={verifying} disabled={code.length !== CODE_LENGTH}>
        {verifying ? t('code.checking') : t('code.confirm')}
      </PrimaryAction>
      <div className={styles.links}>
        <Button variant="plain" size="m" onClick={onResend} disabled={!canResend} loading={sending}>
          {resendIn > 0 ? t('code.resendIn', { time: formatCountdown(resendIn) }) : t('code.resend')}
        </Button>
        <Button variant="plain" size="m" onClick={onChangeEmail} disabled={verifying}>
          {t('code.changeEmail')}
        </Button>
      </div>
    </form>
  );
}
