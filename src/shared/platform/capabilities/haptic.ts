/** Haptic feedback (6.1+). Fire-and-forget: silently does nothing where unavailable. */
import { hapticFeedback } from '@telegram-apps/sdk-react';
import { runtime } from '../state';

export type HapticImpactStyle = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft';
export type HapticNotificationType = 'success' | 'error' | 'warning';

function safely(run: () => void): void {
  if (!runtime.initialized) return;
  try {
    run();
  } catch {
    // haptics are decoration: never let them break a flow
  }
}

export const haptic = {
  /** A tap-like bump: 'light' for toggles, 'medium' for buttons, 'heavy' for big actions. */
  impact(style: HapticImpactStyle = 'light'): void {
    safely(() => hapticFeedback.impactOccurred.ifAvailable(style));
  },
  /** Outcome of an action: success, error or warning. */
  notification(type: HapticNotificationType): void {
    safely(() => hapticFeedback.notificationOccurred.ifAvailable(type));
  },
  /** A selection changed (tabs, pickers). */
  selection(): void {
    safely(() => hapticFeedback.selectionChanged.ifAvailable());
  },
};
