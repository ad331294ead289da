/**
 * Nothing overflows at 320 px (the narrowest phones), in English and Russian: every route of the route table and
 * the main sheets. On each: the document does not scroll sideways (scrollingElement.scrollWidth <= clientWidth),
 * and no visible element with text of its own is wider inside than its box (scrollWidth > clientWidth: clipped by
 * overflow hidden / an ellipsis, or spilling over its neighbours), nor sticks out of the viewport (outside scroll
 * containers). A failure lists every element found on every screen. Screenshots: test-results/e2e/narrow-*.png.
 *
 * The walk itself: tests/e2e/support/screen-tour.ts.
 *
 * NARROW_E2E_STATIC_DIR=<dir>: serve another build than dist/.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { checkedTour, saveScreenshot, test, type TourLang } from './support';

const NARROW = { width: 320, height: 640 };
const staticDir = process.env.NARROW_E2E_STATIC_DIR ? { staticDir: resolve(process.env.NARROW_E2E_STATIC_DIR) } : {};

/** What overflows on the current screen (empty when nothing does). Runs in the page. */
function findOverflow(): string[] {
  const problems: string[] = [];
  const root = document.scrollingElement!;
  if (root.scrollWidth > root.clientWidth) {
    // Name the innermost elements that reach past the right edge.
    const wide = [...document.body.querySelectorAll('*')].filter(
      (el) => el.getBoundingClientRect().right > root.clientWidth + 0.5 && ![...el.children].some((c) => c.getBoundingClientRect().right > root.clientWidth + 0.5),
    );
    const names = wide.slice(0, 3).map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`).join(', ');
    problems.push(`the page scrolls sideways: scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth} (${names})`);
  }
  const describe = (el: Element) => {
    const classes = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    return `<${el.tagName.toLowerCase()}${classes}> "${text}"`;
  };
  const scrollsSideways = (el: Element | null): boolean => {
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      const { overflowX } = getComputedStyle(node);
      if (overflowX === 'auto' || overflowX === 'scroll') return true;
    }
    return false;
  };
  const clippingAncestor = (el: Element): Element | null => {
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      const { overflowX } = getComputedStyle(node);
      if (overflowX !== 'visible') return node;
    }
    return null;
  };
  const viewportWidth = document.documentElement.clientWidth;
  for (const el of document.body.querySelectorAll('*')) {
    if (!(el instanceof HTMLElement) || el.closest('[data-sonner-toaster]')) continue;
    const ownText = [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    if (!ownText) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || style.display === 'contents') continue;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue; // visually hidden text for screen readers
    if (style.position === 'absolute' && style.clip !== 'auto' && style.clip !== '') continue;
    if (!el.checkVisibility?.({ opacityProperty: false, visibilityProperty: true })) continue;
    const scrollable = style.overflowX === 'auto' || style.overflowX === 'scroll';
    if (!scrollable && style.display !== 'inline' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`text wider than its box (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
    }
    const clipper = clippingAncestor(el);
    const clipperStyle = clipper ? getComputedStyle(clipper) : null;
    if (clipper && clipperStyle && clipperStyle.overflowX !== 'auto' && clipperStyle.overflowX !== 'scroll') {
      const box = clipper.getBoundingClientRect();
      if (rect.right > box.right + 1 || rect.left < box.left - 1) {
        problems.push(`cut off by its container (${Math.round(rect.left)}..${Math.round(rect.right)} outside ${Math.round(box.left)}..${Math.round(box.right)}): ${describe(el)}`);
      }
    }
    if (!scrollsSideways(el) && (rect.right > viewportWidth + 1 || rect.left < -1)) {
      problems.push(`sticks out of the viewport (${Math.round(rect.left)}..${Math.round(rect.right)} of ${viewportWidth}): ${describe(el)}`);
    }
  }
  return problems;
}

function narrowRun(lang: TourLang) {
  return async ({ app: { page, baseUrl } }: { app: { page: Page; baseUrl: string } }) => {
    await page.setViewportSize(NARROW);
    await checkedTour({
      page,
      baseUrl,
      lang,
      user: {
        label: 'narrow',
        ...(lang === 'ru' ? { firstName: 'Константин', lastName: 'Константинопольский' } : { firstName: 'Maximilian', lastName: 'Featherstonehaugh' }),
        usdt: 987_654,
        virtualCardDeposit: 9_876_54,
        purchase: { amount: 1_234_56, merchant: 'INTERNATIONAL COFFEE HOUSE AND BAKERY' },
      },
      sbpAmount: 99_999_00,
      exchangeInput: '98765.43',
      cardTopUpInput: '1234.56',
      check: async (name, fail) => {
        // Let sheets finish rising and fonts settle (finite animations only).
        await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
        const found = await page.evaluate(findOverflow);
        if (found.length > 0) {
          fail(`${lang} ${name} (${new URL(page.url()).pathname}):\n  ${found.join('\n  ')}`);
          await saveScreenshot(page, `narrow-${lang}-${name.replace(/[^a-z0-9]+/gi, '-')}`);
        }
      },
      openWelcome: async (go) => {
        await go('/');
        await page.evaluate((lng) => localStorage.setItem('tgwallet.language', lng), lang);
        await go('/');
      },
      signInWithLanguage: true,
      afterReveal: () => saveScreenshot(page, `narrow-${lang}-card-revealed`),
      failuresLabel: 'overflow',
      screens: 27,
    });
  };
}

describe('Narrow screens (320 px): nothing overflows, every screen and sheet', () => {
  for (const lang of ['en', 'ru'] as const) {
    describe(lang === 'en' ? 'English' : 'Russian', () => {
      // A wide balance (987 654 USDT) is the point: above the default review threshold (10 000 USD) it would be held.
      test.override({ appOptions: { locale: lang === 'en' ? 'en-US' : 'ru-RU', env: { USDT_REVIEW_THRESHOLD: '1000000' }, ...staticDir } });
      test(`${lang} at 320 px`, narrowRun(lang), 150_000);
    });
  }
});
