import { useUnit } from 'effector-react';
import { Link, useLocation } from 'react-router-dom';
import { EmailCodeStep, useAuthMessage, verifyEmailCodeTexts } from '@/features/verify-email-code';
import { routePaths } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle, useReturnTo } from '@/shared/lib';
import { Alert, Button, PrimaryAction, FormScreen, Page } from '@/shared/ui';
import { $completed, $formError, $registering, $sendingCode, $step, signUpPage } from '../model/sign-up';
import { RegistrationForm, SIGN_UP_FORM_ID } from './registration-form';
import { signUpTexts } from '../i18n/texts';

/** Route /signup: registration form, then the 6-digit email code (SPEC §2). */
export function SignUpPage() {
  const { t } = useTranslation([signUpTexts.ns, verifyEmailCodeTexts.ns, 'errors']);
  const returnTo = useReturnTo();
  usePageLifecycle(signUpPage, { returnTo });
  const { search } = useLocation();
  const show = useAuthMessage();
  const [step, completed, registering, sending, formError] = useUnit([$step, $completed, $registering, $sendingCode, $formError]);

  // Signed in: the model goes to returnTo; nothing more to show meanwhile.
  if (completed) return null;

  if (step === 'code') {
    return (
      <Page safeArea={false} title={t(`${verifyEmailCodeTexts.ns}:code.title`)}>
        <EmailCodeStep verifying={registering} errorTitle={t('errors:auth.signUpError')} />
      </Page>
    );
  }

  return (
    <FormScreen
      title={t(`${signUpTexts.ns}:signUp.title`)}
      lead={t(`${signUpTexts.ns}:signUp.lead`)}
      error={
        formError && (
          <Alert tone="danger" title={t('errors:auth.signUpError')}>
            {show(formError)}
          </Alert>
        )
      }
      actions={
        <PrimaryAction form={SIGN_UP_FORM_ID} loading={sending || registering}>
          {t(`${signUpTexts.ns}:signUp.submit`)}
        </PrimaryAction>
      }
      switchLine={
        <>
          {t(`${signUpTexts.ns}:signUp.haveAccount`)} <Link to={{ pathname: routePaths.signIn, search }}>{t(`${signUpTexts.ns}:signUp.signInLink`)}</Link>
        </>
      }
    >
      <RegistrationForm />
    </FormScreen>
  );
}
