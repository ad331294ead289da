import { useUnit } from 'effector-react';
import { lazy, Suspense } from 'react';
import { stepUpCancelled } from '@/entities/app-lock';
import { ScreenSkeleton } from '@/shared/ui';
import styles from './step-up-gate.module.css';

const StepUpScreen = lazy(async () => {
  const AppLockScreen = await import('@/features/app-lock').then((m) => m.loadAppLockScreen());
  return { default: ({ onCancel }: { onCancel: () => void }) => <AppLockScreen mode="step-up" onCancel={onCancel} /> };
});

/**
 * Rendered by the root layout OVER the current screen while a call waits for a step-up (STEP_UP_REQUIRED): the
 * passcode or biometry, then the call is sent again; Cancel lets it fail (docs/frontend-data.md "App lock"). A dialog: the
 * screen under it stays mounted, so the action resumes where it was. A lazy chunk: only a refused call brings it.
 */
export default function StepUpGate() {
  const cancel = useUnit(stepUpCancelled);
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="app-lock-title" className={styles.gate}>
      <Suspense fallback={<ScreenSkeleton />}>
        <StepUpScreen onCancel={() => cancel()} />
      </Suspense>
    </div>
  );
}
