import { useUnit } from 'effector-react';
import { lazy, Suspense } from 'react';
import { stepUpCancelled } from '@/entities/app-lock';
import { ScreenSkeleton } from '@/shared/ui';
import styles from '../styles/screens.module.css';
import { useScreenShown } from './recovery-screen';

/**
 * The lock screen with the app's sign-out as its way out, one lazy chunk (the app-lock and sign-out features, their
 * transport and translations stay out of the first screen; docs/frontend.md "App lock").
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

const StepUpScreen = lazy(async () => {
  const AppLockScreen = await import('@/features/app-lock').then((m) => m.loadAppLockScreen());
  return { default: ({ onCancel }: { onCancel: () => void }) => <AppLockScreen mode="step-up" onCancel={onCancel} /> };
});

/**
 * Rendered by the root layout OVER the current screen while a call waits for a step-up (STEP_UP_REQUIRED): the
 * passcode or biometry, then the call is sent again; Cancel lets it fail (docs/frontend.md "App lock"). A dialog: the
 * screen under it stays mounted, so the action resumes where it was.
 */
export function StepUpGate() {
  const cancel = useUnit(stepUpCancelled);
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="app-lock-title" className={styles.stepUpGate}>
      <Suspense fallback={<ScreenSkeleton />}>
        <StepUpScreen onCancel={() => cancel()} />
      </Suspense>
    </div>
  );
}
