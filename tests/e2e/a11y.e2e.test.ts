/**
 * Accessibility (GitHub issue #7): axe-core on every screen of the route table and the sheets a user opens, in
 * English and Russian, light and dark themes: no serious or critical violations (WCAG 2.0/2.1 A + AA and axe's
 * best practices). One server and one user per language/theme; the page is reused from screen to screen.
 * A failure lists every violation of every screen (rule, help, elements). Screenshots: test-results/e2e/a11y-*.png.
 * The walk itself: tests/e2e/support/screen-tour.ts.
 *
 * A11Y_E2E_STATIC_DIR=<dir>: serve another build than dist/ (`npx vite build --outDir <dir>`).
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { axeViolations, checkedTour, formatViolations, saveScreenshot, test, type TourLang } from './support';

type Theme = 'light' | 'dark';

/** The page background each theme must give (platform.css / the mock's Telegram palette). */
const BACKGROUND: Record<Theme, string> = { light: 'rgb(255, 255, 255)', dark: 'rgb(23, 33, 43)' };

const staticDir = process.env.A11Y_E2E_STATIC_DIR ? { staticDir: resolve(process.env.A11Y_E2E_STATIC_DIR) } : {};

function a11yRun(lang: TourLang, theme: Theme) {
  return async ({ app: { page, baseUrl } }: { app: { page: Page; baseUrl: string } }) => {
    const screenshot = (name: string) => () => saveScreenshot(page, `a11y-${lang}-${theme}-${name}`);

    // The 14 routes (+ verification signed in, a frozen card), 8 sheet steps, the sign-in code step, revealed card
    // data, the purchases tab, an open FAQ answer.
    await checkedTour({
      page,
      baseUrl,
      lang,
      user: {
        label: 'a11y',
        ...(lang === 'ru' ? { firstName: 'Иван', lastName: 'Петров' } : { firstName: 'Anna', lastName: 'Smith' }),
        usdt: 500,
        purchase: { amount: 500, merchant: 'COFFEE HOUSE' },
      },
      sbpAmount: 1_000_00,
      exchangeInput: '10',
      cardTopUpInput: '15',
      /** axe on the whole document. */
      check: async (name, fail) => {
        const found = await axeViolations(page);
        if (found.length > 0) fail(formatViolations(`${lang}/${theme} ${name} (${new URL(page.url()).pathname})`, found));
      },
      // The first URL sets the Telegram mock's theme (kept for the session).
      openWelcome: async (go) => {
        await go(theme === 'dark' ? '/?tgMockTheme=dark' : '/');
      },
      afterWelcome: async () => {
        expect(await page.evaluate(() => [document.documentElement.dataset.tgTheme, document.documentElement.lang])).toEqual([theme, lang]);
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(BACKGROUND[theme]);
        await saveScreenshot(page, `a11y-${lang}-${theme}-welcome`);
      },
      afterWallet: screenshot('wallet'),
      afterCards: screenshot('cards'),
      afterReveal: screenshot('card-revealed'),
      afterFaq: screenshot('settings'),
      freezeCard: true,
      failuresLabel: 'axe violations',
      screens: 29,
    });
  };
}

describe('Accessibility (axe-core): every screen and sheet, no serious or critical violations', () => {
  for (const lang of ['en', 'ru'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      describe(`${lang === 'en' ? 'English' : 'Russian'}, ${theme} theme`, () => {
        test.override({ appOptions: { locale: lang === 'en' ? 'en-US' : 'ru-RU', colorScheme: theme, ...staticDir } });
        test(`${lang} ${theme}`, a11yRun(lang, theme), 120_000);
      });
    }
  }
});
