import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Button, type ButtonProps } from '@/shared/ui';
import { $signingOut, signOutFx } from '../model/sign-out';

export type SignOutButtonProps = Omit<ButtonProps, 'onClick' | 'loading' | 'children'>;

/** "Sign out": clears the session and goes to the Welcome screen; a failure shows a toast. */
export function SignOutButton({ variant = 'destructive', ...rest }: SignOutButtonProps) {
  const { t } = useTranslation('auth');
  const [signOut, signingOut] = useUnit([signOutFx, $signingOut]);
  return (
    <Button
      {...rest}
      variant={variant}
      loading={signingOut}
      onClick={() => {
        // The model goes to the Welcome screen; a failure shows "Failed to sign out. Please try again.".
        signOut().catch(() => undefined);
      }}
    >
      {t('signOut.action')}
    </Button>
  );
}
