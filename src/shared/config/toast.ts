/** SPEC §2 and §9: toast area settings (sonner). */
export const toastConfig = {
  position: 'bottom-right',
  richColors: true,
  visibleToasts: 3,
  durationMs: 4000,
  widthPx: 356,
  gapPx: 14,
  /** sonner 2 has no prop for this: its built-in SWIPE_THRESHOLD constant is 45 px (see docs/frontend.md). */
  swipeThresholdPx: 45,
  offsetPx: 24,
  mobileOffsetPx: 16,
} as const;
