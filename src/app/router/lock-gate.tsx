import { lazy, Suspense } from 'react';
import { ScreenSkeleton } from '@/shared/ui';
import { useScreenShown } from './recovery-screen';

/**
 * The lock screen with the app's sign-out as its way out, one lazy chunk (the app-lock and sign-out features, their
 * transport and translations stay out of the first screen; docs/frontend-data.md "App lock").
 */
const LockScreen = lazy(async () => {
  const [AppLockScreen, SignOutButton] = await Promise.all([
    import('@/features/app-lock').then((m) => m.loadAppLockScreen()),
    import('@/features/sign-out').then((m) => m.SignOutButton),
  ]);
  return { default: () => <AppLockScreen signOut={<SignOutButton variant="plain" />} /> };
});

/**
 * Rendered by the root layout INSTEAD of the routes while the app is locked: nothing of the account is mounted, and
 * (AppLockScreen) Telegram's MainButton, SecondaryButton and BackButton are hidden through the primary-action model
 * until the lock screen unmounts (in the lazy chunk: the model stays out of the first screen).
 */
export function LockGate() {
  useScreenShown();
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <LockScreen />
    </Suspense>
  );
}
