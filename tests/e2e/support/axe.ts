/**
 * Accessibility checks with axe-core (GitHub issue #7): inject axe into the page and list what it finds.
 *
 *   const found = await axeViolations(page);                       // serious + critical, WCAG 2.0/2.1 A/AA + best practices
 *   expect(found, formatViolations('wallet', found)).toEqual([]);
 *
 * axe runs inside the page (through the DevTools protocol, so the app's CSP `script-src 'self'` does not block it).
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices (landmarks, headings, unique ids, …). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/** Impacts that fail the check (issue #7: "no serious or critical violations"). */
const FAILING_IMPACTS = ['serious', 'critical'] as const;

export interface AxeViolation {
  /** axe rule id, e.g. 'color-contrast'. */
  id: string;
  impact: string;
  /** One-line rule description, e.g. 'Elements must meet minimum color contrast ratio thresholds'. */
  help: string;
  helpUrl: string;
  /** Every failing node: its CSS selector and axe's summary of what is wrong there. */
  nodes: Array<{ target: string; summary: string }>;
}

export interface AxeOptions {
  /** Limit the check to a part of the page (CSS selector), e.g. an open dialog. Default: the whole document. */
  include?: string;
  /** Rule ids to skip; every entry needs a reason at the call site (a rule that truly does not apply). */
  disableRules?: readonly string[];
}

/** Runs axe on the current document and returns the serious and critical violations (empty = passes). */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  // Let finite animations and transitions end (a sheet sliding in, a pressed button): colours are checked at rest.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(
    async ({ include, tags, disabled }) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
      const results = await engine.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' >> '), summary: n.failureSummary ?? '' })),
      }));
    },
    { include: options.include, tags: [...AXE_TAGS], disabled: [...(options.disableRules ?? [])] },
  );
  return found.filter((v) => (FAILING_IMPACTS as readonly string[]).includes(v.impact));
}

/** Readable report: one block per rule with its impact, help text, link and every failing element. */
export function formatViolations(where: string, violations: readonly AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no serious or critical axe violations`;
  return [
    `${where}: ${violations.length} serious/critical axe violation(s)`,
    ...violations.flatMap((v) => [
      `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
      ...v.nodes.map((n) => `    - ${n.target}${n.summary ? `\n      ${n.summary.replace(/\n/g, '\n      ')}` : ''}`),
    ]),
  ].join('\n');
}
