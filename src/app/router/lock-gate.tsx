import { useUnit } from 'effector-react';
import { lazy, Suspense, useEffect } from 'react';
import { primaryActionsResumed, primaryActionsSuspended, ScreenSkeleton } from '@/shared/ui';
import { useScreenShown } from './recovery-screen';

/**
 * The lock screen with the app's sign-out as its way out, one lazy chunk (the app-lock and sign-out features, their
 * transport and translations stay out of the first screen; docs/frontend.md "App lock").
 */
const LockScreen = lazy(async () => {
  const [AppLockScreen, SignOutButton] = await Promise.all([
    import('@/features/app-lock').then((m) => m.AppLockScreen),
    import('@/features/sign-out').then((m) => m.SignOutButton),
  ]);
  return { default: () => <AppLockScreen signOut={<SignOutButton variant="plain" />} /> };
});

/**
 * Rendered by the root layout INSTEAD of the routes while the app is locked: nothing of the account is mounted, and
 * Telegram's MainButton, SecondaryButton and BackButton are hidden (the primary-action model) until it unmounts.
 */
export function LockGate() {
  useScreenShown();
  const [suspend, resume] = useUnit([primaryActionsSuspended, primaryActionsResumed]);
  useEffect(() => {
    suspend();
    return () => resume();
  }, [suspend, resume]);
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <LockScreen />
    </Suspense>
  );
}
