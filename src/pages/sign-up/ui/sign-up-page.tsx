import { useUnit } from 'effector-react';
import { Link, useLocation } from 'react-router-dom';
import { EmailCodeStep, useAuthMessage } from '@/features/verify-email-code';
import { routePaths } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle, useReturnTo } from '@/shared/lib';
import { Alert, Button, PrimaryAction, FormScreen, Page } from '@/shared/ui';
import { $completed, $formError, $registering, $sendingCode, $step, signUpPage } from '../model/sign-up';
import { RegistrationForm, SIGN_UP_FORM_ID } from './registration-form';

/** Route /signup: registration form, then the 6-digit email code (SPEC §2). */
export function SignUpPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const returnTo = useReturnTo();
  usePageLifecycle(signUpPage, { returnTo });
  const { search } = useLocation();
  const show = useAuthMessage();
  const [step, completed, registering, sending, formError] = useUnit([$step, $completed, $registering, $sendingCode, $formError]);

  // Signed in: the model goes to returnTo; nothing more to show meanwhile.
  if (completed) return null;

  if (step === 'code') {
    return (
      <Page safeArea={false} title={t('auth:code.title')}>
        <EmailCodeStep verifying={registering} errorTitle={t('errors:auth.signUpError')} />
      </Page>
    );
  }

  return (
    <FormScreen
      title={t('auth:signUp.title')}
      lead={t('auth:signUp.lead')}
      error={
        formError && (
          <Alert tone="danger" title={t('errors:auth.signUpError')}>
            {show(formError)}
          </Alert>
        )
      }
      actions={
        <PrimaryAction form={SIGN_UP_FORM_ID} loading={sending || registering}>
          {t('auth:signUp.submit')}
        </PrimaryAction>
      }
      switchLine={
        <>
          {t('auth:signUp.haveAccount')} <Link to={{ pathname: routePaths.signIn, search }}>{t('auth:signUp.signInLink')}</Link>
        </>
      }
    >
      <RegistrationForm />
    </FormScreen>
  );
}
