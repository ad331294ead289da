import { useUnit } from 'effector-react';
import { Link, useLocation } from 'react-router-dom';
import { EmailCodeStep, useAuthMessage, verifyEmailCodeTexts } from '@/features/verify-email-code';
import { routePaths } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle, useReturnTo } from '@/shared/lib';
import { Alert, FormScreen, FormStack, Page, PrimaryAction, TextField } from '@/shared/ui';
import {
  $completed,
  $email,
  $emailError,
  $formError,
  $sendingCode,
  $step,
  $telegramLoginAvailable,
  $telegramLoginPending,
  $verifying,
  emailChanged,
  emailSubmitted,
  signInPage,
  telegramLoginClicked,
} from '../model/sign-in';
import { signInTexts } from '../i18n/texts';
import { userTexts } from '@/entities/user';

const FORM_ID = 'sign-in-form';

/** Route /signin: email, then the 6-digit code; one-tap Telegram sign-in inside Telegram (SPEC §2). */
export function SignInPage() {
  const { t } = useTranslation([signInTexts.ns, verifyEmailCodeTexts.ns, userTexts.ns, 'errors']);
  const show = useAuthMessage();
  const returnTo = useReturnTo();
  usePageLifecycle(signInPage, { returnTo });
  const { search } = useLocation();
  const [step, completed, verifying, sending, email, emailError, formError, telegramAvailable, telegramPending] = useUnit([
    $step,
    $completed,
    $verifying,
    $sendingCode,
    $email,
    $emailError,
    $formError,
    $telegramLoginAvailable,
    $telegramLoginPending,
  ]);
  const [changeEmail, submit, telegramLogin] = useUnit([emailChanged, emailSubmitted, telegramLoginClicked]);

  // Signed in: the model goes to returnTo; nothing more to show meanwhile.
  if (completed) return null;

  if (step === 'code') {
    return (
      <Page safeArea={false} title={t(`${verifyEmailCodeTexts.ns}:code.title`)}>
        <EmailCodeStep verifying={verifying} errorTitle={t('errors:auth.signInError')} />
      </Page>
    );
  }

  return (
    <FormScreen
      title={t(`${signInTexts.ns}:signIn.title`)}
      lead={t(`${signInTexts.ns}:signIn.lead`)}
      error={
        formError && (
          <Alert tone="danger" title={t('errors:auth.signInError')}>
            {show(formError)}
          </Alert>
        )
      }
      actions={
        <>
          <PrimaryAction form={FORM_ID} loading={sending}>
            {t(`${signInTexts.ns}:signIn.submit`)}
          </PrimaryAction>
          {telegramAvailable && (
            <PrimaryAction slot="secondary" onClick={telegramLogin} loading={telegramPending}>
              {t(`${signInTexts.ns}:signIn.telegram`)}
            </PrimaryAction>
          )}
        </>
      }
      switchLine={
        <>
          {t(`${signInTexts.ns}:signIn.noAccount`)} <Link to={{ pathname: routePaths.signUp, search }}>{t(`${signInTexts.ns}:signIn.signUpLink`)}</Link>
        </>
      }
    >
      <FormStack id={FORM_ID} onSubmit={submit}>
        <TextField
          name="email"
          label={t(`${userTexts.ns}:fields.email`)}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => changeEmail(event.target.value)}
          error={emailError ? show(emailError) : undefined}
        />
      </FormStack>
    </FormScreen>
  );
}
