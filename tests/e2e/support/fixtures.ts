import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test as base } from 'vitest';
import { screenshotOnFailure } from './artifacts';
import { launchChromium, newPhoneContext, watchPage, type PageWatch, type PhoneContextOptions } from './browser';
import { startTestServer, type RunningServer, type TestServerOptions } from './server';

export interface AppHandle {
  page: Page;
  context: BrowserContext;
  server: RunningServer;
  /** Where the app is served, without a trailing slash, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** Uncaught page errors / console errors seen so far. */
  watch: PageWatch;
  /** Another page in a fresh context (own storage) on the same server, e.g. a Russian browser. */
  newPage(options?: PhoneContextOptions): Promise<Page>;
}

interface AppOptions extends PhoneContextOptions, TestServerOptions {
  /** Don't fail the test on uncaught page errors (for tests that provoke them). */
  allowPageErrors?: boolean;
}

interface Fixtures {
  /** Per test: options of the app fixture. Override with `test.override({ appOptions: { locale: 'ru-RU' } })`. */
  appOptions: AppOptions;
  /** One Chromium per test file. */
  browser: Browser;
  /** Per test: a fresh server (fresh in-memory database) serving dist/, and a phone page on it. */
  app: AppHandle;
}

/**
 * Vitest fixtures for end-to-end tests:
 *
 *   import { expect } from 'vitest';
 *   import { test } from './support';
 *   test('welcome', async ({ app: { page, baseUrl } }) => {
 *     await page.goto(`${baseUrl}/`);
 *     ...
 *   });
 *
 * When the test fails (or an uncaught page error happened), `test-results/e2e/<test name>.png`,
 * `.html` and `.txt` are saved. Uncaught page errors fail the test.
 */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  appOptions: async ({}, use) => use({}),
  browser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await launchChromium();
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  app: async ({ browser, appOptions, task }, use) => {
    await runApp(
      browser,
      appOptions,
      task.name,
      () => (task.result?.state === 'fail' ? (task.result.errors ?? [new Error('failed')]) : undefined),
      (app) => use(app),
    );
  },
});

/**
 * The same without vitest fixtures: a browser, a fresh server and a page for the duration of `fn`.
 * Saves failure artifacts when `fn` throws; throws on uncaught page errors.
 *
 *   await withApp(async ({ page, baseUrl }) => { await page.goto(baseUrl); }, { name: 'smoke' });
 */
async function withApp<T>(fn: (app: AppHandle) => Promise<T>, options: AppOptions & { name?: string } = {}): Promise<T> {
  const browser = await launchChromium();
  try {
    let result!: T;
    await runApp(browser, options, options.name ?? 'withApp', () => undefined, async (app) => {
      result = await fn(app);
    });
    return result;
  } finally {
    await browser.close();
  }
}

async function runApp(
  browser: Browser,
  options: AppOptions,
  testName: string,
  /** The test's errors once it has failed (fixtures: known only after the body ran), else undefined. */
  testErrors: () => readonly unknown[] | undefined,
  body: (app: AppHandle) => Promise<void>,
): Promise<void> {
  const server = await startTestServer(options);
  const contexts: BrowserContext[] = [];
  const watches: PageWatch[] = [];
  const pages: Page[] = [];
  const open = async (contextOptions: PhoneContextOptions = {}) => {
    const context = await newPhoneContext(browser, { locale: options.locale, colorScheme: options.colorScheme, ...contextOptions, baseUrl: server.url });
    contexts.push(context);
    const page = await context.newPage();
    watches.push(watchPage(page));
    pages.push(page);
    return { context, page };
  };
  let bodyError: unknown;
  try {
    const { context, page } = await open();
    const app: AppHandle = {
      page,
      context,
      server,
      baseUrl: server.url,
      watch: watches[0]!,
      newPage: async (o) => (await open(o)).page,
    };
    try {
      await body(app);
    } catch (error) {
      bodyError = error;
      throw error;
    } finally {
      const pageErrors = watches.flatMap((w) => w.pageErrors);
      const consoleErrors = watches.flatMap((w) => w.consoleErrors);
      const errors = testErrors();
      const failing = bodyError !== undefined || errors !== undefined || (pageErrors.length > 0 && !options.allowPageErrors);
      if (failing) {
        for (const [i, page] of pages.entries()) {
          await screenshotOnFailure(page, i === 0 ? testName : `${testName}-page${i + 1}`, {
            pageErrors,
            consoleErrors,
            error: bodyError ?? errors?.map((e) => (e as Error)?.stack ?? (e as Error)?.message ?? String(e)).join('\n\n'),
          });
        }
      }
      if (bodyError === undefined && pageErrors.length > 0 && !options.allowPageErrors) {
        // eslint-disable-next-line no-unsafe-finally
        throw new Error(`Uncaught error(s) in the page:\n${pageErrors.map((e) => `  ${e.stack ?? e.message}`).join('\n')}`);
      }
    }
  } finally {
    await Promise.allSettled(contexts.map((c) => c.close()));
    await server.close();
  }
}
