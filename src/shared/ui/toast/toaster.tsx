import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { toastConfig } from '@/shared/config';
import { LIGHT_RICH_TOAST_COLORS } from './toast-colors';

const px = (value: number) => `${value}px`;
const inset = (base: number, side: 'bottom' | 'right' | 'left') => `calc(${px(base)} + var(--safe-${side}, 0px))`;
/**
 * Toasts sit above Telegram's bottom buttons (issue #14) and above an open sheet's footer. Inside Telegram the
 * MainButton/SecondaryButton are drawn under the webview, so the page ends above them; where they overlay the page (the
 * mock's Telegram chrome) `--app-bottom-buttons-height` is their height. `--app-sheet-footer-height` is the open sheet's
 * footer (its in-page actions, shared/ui/sheet).
 */
const bottomInset = (base: number) =>
  `calc(${px(base)} + var(--safe-bottom, 0px) + var(--app-bottom-buttons-height, 0px) + var(--app-sheet-footer-height, 0px))`;

/** Light or dark from the Telegram background colour (falls back to the OS preference). */
function detectTheme(): 'light' | 'dark' {
  const declared = document.documentElement.dataset.tgTheme;
  if (declared === 'dark' || declared === 'light') return declared;
  const bg = getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color').trim();
  const hex = /^#([0-9a-f]{6})$/i.exec(bg)?.[1];
  if (hex) {
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return 0.299 * r! + 0.587 * g! + 0.114 * b! < 128 ? 'dark' : 'light';
  }
  return matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The sonner Toaster with SPEC §9 settings; loaded lazily by ToastHost. */
export default function AppToaster() {
  const { t } = useTranslation('shell');
  const [theme, setTheme] = useState(detectTheme);
  useEffect(() => {
    // Telegram can switch the theme at run time (themeParams.bindCssVars updates the root style).
    const observer = new MutationObserver(() => setTheme(detectTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'data-tg-theme'] });
    return () => observer.disconnect();
  }, []);
  return (
    <Toaster
      position={toastConfig.position}
      richColors={toastConfig.richColors}
      visibleToasts={toastConfig.visibleToasts}
      duration={toastConfig.durationMs}
      gap={toastConfig.gapPx}
      theme={theme}
      containerAriaLabel={t('toasts')}
      style={{ '--width': px(toastConfig.widthPx), ...(theme === 'light' ? LIGHT_RICH_TOAST_COLORS : {}) } as CSSProperties}
      offset={{
        bottom: bottomInset(toastConfig.offsetPx),
        right: inset(toastConfig.offsetPx, 'right'),
        left: inset(toastConfig.offsetPx, 'left'),
      }}
      mobileOffset={{
        bottom: bottomInset(toastConfig.mobileOffsetPx),
        right: inset(toastConfig.mobileOffsetPx, 'right'),
        left: inset(toastConfig.mobileOffsetPx, 'left'),
      }}
    />
  );
}
