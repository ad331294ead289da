import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './server';

const ARTIFACTS_DIR = resolve(ROOT, 'test-results/e2e');

/** A file-name-safe form of a test or screenshot name. */
function artifactName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120) || 'unnamed';
}

/** Saves `test-results/e2e/<name>.png` (full page) and returns its path. For docs and for looking. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const path = resolve(ARTIFACTS_DIR, `${artifactName(name)}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * On failure: PNG + the page's HTML + a small text report (URL, page errors, console errors) under
 * `test-results/e2e/<test-name>.{png,html,txt}` (the .txt says it failed and why). Never throws (the page may be gone).
 */
export async function screenshotOnFailure(
  page: Page,
  testName: string,
  details: { pageErrors?: Error[]; consoleErrors?: string[]; error?: unknown } = {},
): Promise<string[]> {
  const base = resolve(ARTIFACTS_DIR, artifactName(testName));
  const saved: string[] = [];
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  try {
    await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 10_000 });
    saved.push(`${base}.png`);
  } catch {
    /* page closed or crashed */
  }
  try {
    await writeFile(`${base}.html`, await page.content());
    saved.push(`${base}.html`);
  } catch {
    /* page closed or crashed */
  }
  const report = [
    `FAILED: ${testName}`,
    `url: ${safeUrl(page)}`,
    ...(details.error ? ['', 'error:', String((details.error as Error)?.stack ?? details.error)] : []),
    '',
    'page errors:',
    ...(details.pageErrors ?? []).map((e) => `  ${e.stack ?? e.message}`),
    '',
    'console errors:',
    ...(details.consoleErrors ?? []).map((line) => `  ${line}`),
  ].join('\n');
  await writeFile(`${base}.txt`, report);
  saved.push(`${base}.txt`);
  return saved;
}

function safeUrl(page: Page): string {
  try {
    return page.url();
  } catch {
    return '(unknown)';
  }
}
