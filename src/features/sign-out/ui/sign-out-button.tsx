import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Button, ConfirmDialog, type ButtonProps } from '@/shared/ui';
import { $signingOut, signOutConfirmation, signOutRequested } from '../model/sign-out';
import { signOutTexts } from '../i18n/texts';

export type SignOutButtonProps = Omit<ButtonProps, 'onClick' | 'loading' | 'children'>;

/**
 * "Sign out": asks first ("Sign out?"), then clears the session and goes to the Welcome screen; a failure shows a
 * toast ("Failed to sign out. Please try again.").
 */
export function SignOutButton({ variant = 'destructive', ...rest }: SignOutButtonProps) {
  const { t } = useTranslation(signOutTexts.ns);
  const [request, signingOut, dialog, yes, no] = useUnit([
    signOutRequested,
    $signingOut,
    signOutConfirmation.$dialog,
    signOutConfirmation.dialogConfirmed,
    signOutConfirmation.dialogCancelled,
  ]);
  return (
    <>
      <Button {...rest} variant={variant} loading={signingOut} onClick={() => request()}>
        {t('signOut.action')}
      </Button>
      <ConfirmDialog texts={dialog} onConfirm={yes} onCancel={no} />
    </>
  );
}
