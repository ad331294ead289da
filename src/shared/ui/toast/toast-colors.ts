/**
 * The rich toasts' colours on a light theme. sonner's own (`--success-text: hsl(140 100% 27%)` on its pale green, and
 * its info, warning and error pairs) fall short of WCAG AA's 4.5:1 for 13 px text; these keep its hues, darker, and
 * meet it (toast-colors.test.ts computes each ratio). The dark theme's pairs already do and stay sonner's.
 */
export const LIGHT_RICH_TOAST_COLORS = {
  '--success-bg': 'hsl(143, 85%, 96%)',
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-bg': 'hsl(208, 100%, 97%)',
  '--info-text': 'hsl(210, 92%, 36%)',
  '--warning-bg': 'hsl(49, 100%, 97%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-bg': 'hsl(359, 100%, 97%)',
  '--error-text': 'hsl(360, 100%, 38%)',
} as const;
