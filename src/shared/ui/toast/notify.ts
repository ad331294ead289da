import type { ReactNode } from 'react';
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');
export type ToastId = string | number;
export type NotifyOptions = Pick<ExternalToast, 'id' | 'description' | 'duration' | 'action' | 'cancel' | 'onDismiss' | 'onAutoClose' | 'dismissible'>;

let sonner: Promise<Sonner> | null = null;
let requested = false;
const listeners = new Set<() => void>();

/**
 * sonner (~13 KB gzip) is NOT in the first-screen bundle: it is imported on the first toast (or when
 * `preloadToasts()` is called), and <ToastHost/> mounts the Toaster at that moment. sonner 2 replays
 * toasts created before its Toaster subscribed, so nothing is lost.
 */
function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    requested = true;
    listeners.forEach((listener) => listener());
  }
  return sonner;
}

/** Loads the toast code in the background (e.g. after the first screen is idle). */
function preloadToasts(): void {
  void loadSonner();
}

export function subscribeToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const isToastRequested = (): boolean => requested;

type Kind = 'loading' | 'success' | 'error' | 'info' | 'warning';
const show = (kind: Kind) => (message: ReactNode, options?: NotifyOptions): Promise<ToastId> =>
  loadSonner().then(({ toast }) => toast[kind](message, options));

/**
 * SPEC §2: the five toast kinds. Each call resolves to the toast id; pass `{ id }` to replace a toast
 * (e.g. turn a loading toast into a success one).
 *
 *   const id = await notify.loading(t('exchange-currency:pending'));
 *   notify.success(t('exchange-currency:done'), { id });
 */
export const notify = {
  loading: show('loading'),
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  dismiss: (id?: ToastId): void => {
    if (sonner) void sonner.then(({ toast }) => toast.dismiss(id));
  },
};
