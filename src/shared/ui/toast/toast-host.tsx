import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastRequested, subscribeToastRequests } from './notify';

const AppToaster = lazy(() => import('./toaster'));

/** Mount once near the root. Renders nothing until the first toast is requested. */
export function ToastHost() {
  const requested = useSyncExternalStore(subscribeToastRequests, isToastRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
