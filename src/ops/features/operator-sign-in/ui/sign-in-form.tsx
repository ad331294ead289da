import { useUnit } from 'effector-react';
import { QRCodeSVG } from 'qrcode.react';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Button, CodeInput, TextField } from '@/shared/ui';
import { ErrorText } from '@/ops/shared/ui';
import {
  $challenge,
  $code,
  $email,
  $error,
  $pending,
  $secondFactor,
  $step,
  codeChanged,
  codeSubmitted,
  emailChanged,
  emailSubmitted,
  restarted,
  secondFactorChanged,
  secondFactorSubmitted,
} from '../model/sign-in';
import styles from './sign-in-form.module.css';

const submitWith = (action: () => void) => (event: FormEvent) => {
  event.preventDefault();
  action();
};

/** The three steps of an operator's sign-in, one form each. */
export function SignInForm() {
  const { t } = useTranslation('ops-auth');
  const [step, email, code, second, challenge, error, pending] = useUnit([$step, $email, $code, $secondFactor, $challenge, $error, $pending]);
  const events = useUnit({ emailChanged, emailSubmitted, codeChanged, codeSubmitted, secondFactorChanged, secondFactorSubmitted, restarted });

  if (step === 'email') {
    return (
      <form className={styles.form} onSubmit={submitWith(events.emailSubmitted)} noValidate>
        <p className={styles.lead}>{t('email.lead')}</p>
        <TextField label={t('email.label')} type="email" autoComplete="username" value={email} onChange={(e) => events.emailChanged(e.target.value)} required autoFocus />
        <ErrorText message={error} />
        <Button type="submit" loading={pending} fullWidth>
          {t('email.submit')}
        </Button>
      </form>
    );
  }
  if (step === 'code') {
    return (
      <form className={styles.form} onSubmit={submitWith(events.codeSubmitted)}>
        <p className={styles.lead}>{t('code.lead', { email })}</p>
        <CodeInput label={t('code.label')} value={code} onChange={events.codeChanged} onComplete={() => events.codeSubmitted()} error={Boolean(error)} autoFocus />
        <ErrorText message={error} />
        <Button type="submit" loading={pending} fullWidth>
          {t('code.submit')}
        </Button>
        <Button variant="plain" onClick={() => events.restarted()}>
          {t('restart')}
        </Button>
      </form>
    );
  }
  const enrolling = challenge?.factor === 'enrollTotp' && challenge.enrollment;
  return (
    <form className={styles.form} onSubmit={submitWith(events.secondFactorSubmitted)}>
      {enrolling ? (
        <>
          <p className={styles.lead}>{t('enroll.lead')}</p>
          <div className={styles.qr}>
            <QRCodeSVG value={challenge.enrollment!.uri} size={176} level="M" marginSize={2} role="img" aria-label={t('enroll.qrLabel')} bgColor="#ffffff" fgColor="#000000" />
          </div>
          <p className={styles.secret}>
            {t('enroll.secret')} <code data-testid="totp-secret">{challenge.enrollment!.secret}</code>
          </p>
        </>
      ) : (
        <p className={styles.lead}>{t('totp.lead')}</p>
      )}
      <CodeInput label={t('totp.label')} value={second} onChange={events.secondFactorChanged} onComplete={() => events.secondFactorSubmitted()} error={Boolean(error)} autoFocus />
      <ErrorText message={error} />
      <Button type="submit" loading={pending} fullWidth>
        {t('totp.submit')}
      </Button>
      <Button variant="plain" onClick={() => events.restarted()}>
        {t('restart')}
      </Button>
    </form>
  );
}
